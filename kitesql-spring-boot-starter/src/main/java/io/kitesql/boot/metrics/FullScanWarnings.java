package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.StatementPlans;
import io.kitesql.data.core.Statement;
import io.kitesql.data.repository.support.RepositoryQueryListener;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs a WARN for a named statement whose plan reads a whole table because no primary key or index
 * serves its predicate ({@code TableScan} in EXPLAIN), e.g. a derived query on an unindexed column.
 * Repository query methods are checked at start-up, when their repository is made; other named
 * statements the first time they run, on a virtual thread of its own in its own read transaction
 * (so the statement that triggered it does not wait). Once per statement name.
 */
public final class FullScanWarnings implements Consumer<Statement>, RepositoryQueryListener {
  private static final Log logger = LogFactory.getLog(FullScanWarnings.class);

  private final Database database;

  public FullScanWarnings(Database database) {
    this.database = database;
  }

  private final Set<String> checked = ConcurrentHashMap.newKeySet();

  @Override
  public void accept(Statement statement) {
    var name = statement.name();
    if (name != null && checked.add(name)) {
      Thread.ofVirtual().name("kitesql-explain").start(() -> check(name, statement.sql()));
    }
  }

  /** A repository query method, at start-up: checked now, so the WARN is among the start-up lines. */
  @Override
  public void queryCreated(String statementName, String sql) {
    if (checked.add(statementName)) {
      check(statementName, sql);
    }
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
