package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Makes {@link KiteSqlStatementMetrics} the {@link Database}'s {@link ExecutionListener} while this
 * bean lives, so SQL run on the {@code Database} directly is measured (statement tag {@value
 * KiteSqlStatementMetrics#DIRECT}); statements of the {@code KiteSqlTemplate} are skipped there, as
 * the template reports them itself. A listener the application set on the database first is left in
 * place (logged at INFO): one listener per database, and it is the application's. Closed with the
 * context, before the database (it depends on it): from then on nothing is recorded.
 */
public final class DirectSqlMetrics implements AutoCloseable {
  private static final Log logger = LogFactory.getLog(DirectSqlMetrics.class);

  private final Database database;
  private final @Nullable ExecutionListener listener;

  /**
   * @param metrics the statement metrics; null when the application replaced them (nothing is
   *     measured then)
   */
  public DirectSqlMetrics(Database database, @Nullable KiteSqlStatementMetrics metrics) {
    this.database = database;
    var current = database.executionListener();
    if (metrics == null) {
      this.listener = null;
    } else if (current == ExecutionListener.NONE || current == metrics) {
      this.listener = metrics;
      database.setExecutionListener(metrics);
    } else {
      this.listener = null;
      logger.info(
          "The KiteSQL database already has an ExecutionListener ("
              + current.getClass().getName()
              + "); SQL run on the Database directly is not measured in kitesql.query{statement=direct}");
    }
  }

  /**
   * Whether the metrics listen to the database now (not when the application's own listener was
   * there first, nor after {@link #close}).
   */
  public boolean isListening() {
    return listener != null && database.executionListener() == listener;
  }

  /** Stops measuring direct SQL; leaves a listener set by someone else since alone. */
  @Override
  public void close() {
    if (listener != null && database.executionListener() == listener) {
      database.setExecutionListener(ExecutionListener.NONE);
    }
  }
}
