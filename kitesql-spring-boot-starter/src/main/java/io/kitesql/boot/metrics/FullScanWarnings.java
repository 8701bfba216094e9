package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.StatementPlans;
import io.kitesql.data.core.Statement;
import java.util.function.Consumer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs a WARN the first time a named statement runs whose plan reads a whole table because no
 * primary key or index serves its predicate ({@code TableScan} in EXPLAIN), e.g. a derived query
 * on an unindexed column. The EXPLAIN runs on a virtual thread of its own, in its own read
 * transaction, so the statement that triggered it does not wait. Once per statement name.
 *
 * <p>This is at first execution, not at start-up: the starter learns a repository method's SQL
 * when it first runs.
 */
public final class FullScanWarnings implements Consumer<Statement> {
  private static final Log logger = LogFactory.getLog(FullScanWarnings.class);

  private final Database database;

  public FullScanWarnings(Database database) {
    this.database = database;
  }

  @Override
  public void accept(Statement statement) {
    if (statement.name() == null) {
      return;
    }
    Thread.ofVirtual().name("kitesql-explain").start(() -> check(statement.name(), statement.sql()));
  }

  /** EXPLAINs {@code sql} and warns if it scans a whole table; returns whether it did. */
  boolean check(String name, String sql) {
    try {
      var plan = database.read(tx -> StatementPlans.explain(tx, sql));
      if (StatementPlans.isFullScan(plan)) {
        logger.warn("KiteSQL statement " + name + " reads a whole table: no primary key or index serves its predicate."
            + " Add an index, or expect its cost to grow with the table. SQL: " + sql + " Plan: " + String.join(" / ", plan));
        return true;
      }
    } catch (RuntimeException e) {
      logger.debug("KiteSQL could not EXPLAIN " + name, e);
    }
    return false;
  }
}
