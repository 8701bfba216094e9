package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Makes the statement metrics ({@link KiteSqlStatementMetrics}, or the application's own {@link
 * ExecutionListener} bean that replaced them) the {@link Database}'s {@link ExecutionListener}
 * while this bean lives: every statement, of the {@code KiteSqlTemplate} and its repositories or
 * run on the {@code Database} directly (statement tag {@value KiteSqlStatementMetrics#DIRECT}), is
 * one execution the listener hears. A listener the application set on the database first is left in
 * place (logged at INFO): one listener per database, and it is the application's. Closed with the
 * context, before the database (it depends on it): from then on nothing is recorded.
 */
public final class DirectSqlMetrics implements AutoCloseable {
  private static final Log logger = LogFactory.getLog(DirectSqlMetrics.class);

  private final Database database;
  private final @Nullable ExecutionListener listener;

  /**
   * @param metrics the statement metrics, or the application's own listener that replaced them;
   *     null for none (nothing is measured then)
   */
  public DirectSqlMetrics(Database database, @Nullable ExecutionListener metrics) {
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
              + "); it is kept, and the kitesql.query meters record nothing");
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
