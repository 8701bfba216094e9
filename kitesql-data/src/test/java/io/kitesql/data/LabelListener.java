package io.kitesql.data;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.api.PreparedStatement;
import org.jspecify.annotations.Nullable;

/** An {@link ExecutionListener} written as a lambda that sees each execution's label. */
@FunctionalInterface
public interface LabelListener extends ExecutionListener {
  Execution started(@Nullable String label, PreparedStatement statement);

  @Override
  default Execution started(PreparedStatement statement) {
    return started(null, statement);
  }

  @Override
  default Execution started(PreparedStatement statement, @Nullable String label) {
    return started(label, statement);
  }

  /** Makes {@code listener} the one {@code database} tells of every execution. */
  static void listen(Database database, LabelListener listener) {
    database.setExecutionListener(listener);
  }
}
