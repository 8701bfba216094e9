package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Transaction;
import io.kitesql.data.core.StatementMarks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * EXPLAIN of a statement's SQL (what the plan checks of {@link
 * io.kitesql.api.PreparedStatement#fullScans()} show alongside).
 */
public final class StatementPlans {
  private StatementPlans() {}

  /**
   * The EXPLAIN lines of a query (parameters need no values); null for statements that are not
   * queries; one line saying why when EXPLAIN fails.
   */
  public static @Nullable List<String> explain(Transaction tx, String sql) {
    var head = sql.stripLeading().toLowerCase(Locale.ROOT);
    if (!(head.startsWith("select")
        || head.startsWith("with")
        || head.startsWith("values")
        || head.startsWith("("))) {
      return null;
    }
    // housekeeping, not the application's SQL: not measured as direct SQL
    return StatementMarks.reportedElsewhere(
        () -> {
          var lines = new ArrayList<String>();
          try (var cursor = tx.query("explain " + sql)) {
            while (cursor.next()) {
              lines.add(cursor.getText(0).toString());
            }
          } catch (RuntimeException e) {
            return List.of("(no plan: " + e.getMessage() + ")");
          }
          return lines;
        });
  }
}
