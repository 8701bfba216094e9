package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.api.FullScan;
import io.kitesql.boot.autoconfigure.StatementPlans;
import io.kitesql.data.core.Statement;
import io.kitesql.data.repository.support.RepositoryQueryListener;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Logs a WARN for a named statement whose plan tests a predicate against every row of a table
 * because no primary key or index serves it ({@link io.kitesql.api.PreparedStatement#fullScans()}),
 * e.g. a derived query on an unindexed column, naming the index that would serve it. Statements
 * that read every row by design (no predicate: {@code findAll}, {@code count}, a sorted page of all
 * rows) and the inner side of an index lookup join are not warned about. Repository query methods
 * are checked at start-up, when their repository is made; other named statements the first time
 * they run, on a virtual thread of its own in its own read transaction (so the statement that
 * triggered it does not wait). Once per statement name.
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

  /**
   * A repository query method, at start-up: checked now, so the WARN is among the start-up lines.
   */
  @Override
  public void queryCreated(String statementName, String sql) {
    if (checked.add(statementName)) {
      check(statementName, sql);
    }
  }

  /**
   * Checks the plan of {@code sql} and warns if it tests a predicate against every row of a table;
   * returns whether it did.
   */
  boolean check(String name, String sql) {
    try {
      var scans = database.prepare(sql).fullScans();
      if (!scans.isEmpty()) {
        var plan = database.read(tx -> StatementPlans.explain(tx, sql));
        logger.warn(
            "KiteSQL statement "
                + name
                + " reads every row of a table: "
                + scans.stream().map(FullScan::describe).collect(Collectors.joining("; "))
                + ". Its cost grows with the table. SQL: "
                + sql
                + " Plan: "
                + String.join(" / ", plan == null ? List.of() : plan));
        return true;
      }
    } catch (RuntimeException e) {
      logger.debug("KiteSQL could not check the plan of " + name, e);
    }
    return false;
  }
}
