package io.kitesql.boot.actuate;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.StatementPlans;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/kitesql}: the database (path, sizes, readers), its tables (row counts, primary
 * key, indexes), and every statement seen so far by name with its SQL, its plan from EXPLAIN
 * ({@code fullScan} when the plan tests a predicate against every row of a table because no key or
 * index serves it, see {@code PreparedStatement.fullScans()}), calls, latency and allocation per
 * call.
 *
 * <p>Reading it costs a {@code count(*)} per table and an EXPLAIN per statement, in one read
 * transaction: it is for people, not for scraping.
 */
@Endpoint(id = "kitesql")
public class KiteSqlEndpoint {
  private final Database database;
  private final @Nullable StatementStatistics statistics;

  public KiteSqlEndpoint(Database database, @Nullable StatementStatistics statistics) {
    this.database = database;
    this.statistics = statistics;
  }

  @ReadOperation
  public KiteSqlDescriptor kitesql() {
    var stats = database.storageStats();
    var info =
        new DatabaseDescriptor(
            database.directory().toString(),
            stats.mapSize(),
            database.options().maxMapSize(),
            stats.usedBytes(),
            stats.openReadTransactions(),
            stats.readPoolSize());
    var seen = statistics == null ? List.<StatementStatistics.Seen>of() : statistics.statements();
    // its row counts and EXPLAINs are housekeeping, not the application's SQL: labelled so that
    // the statement metrics leave them out
    return database.read(
        tx -> {
          var tables = new ArrayList<TableDescriptor>();
          for (var table : database.tables().stream().filter(t -> !t.view()).toList()) {
            long rows;
            try (var cursor =
                tx.queryLabelled(
                    StatementPlans.HOUSEKEEPING, "select count(*) from " + table.name())) {
              rows = cursor.next() ? cursor.getLong(0) : 0;
            }
            tables.add(
                new TableDescriptor(
                    table.name(),
                    rows,
                    table.primaryKey(),
                    table.indexes().stream()
                        .map(i -> new IndexDescriptor(i.name(), i.columns(), i.unique()))
                        .toList()));
          }
          var statements = new ArrayList<StatementDescriptor>();
          for (var s : seen) {
            var plan = s.sql() == null ? null : StatementPlans.explain(tx, s.sql());
            var others =
                s.otherSql().stream()
                    .map(
                        sql -> {
                          var otherPlan = StatementPlans.explain(tx, sql);
                          return new OtherSql(sql, otherPlan, hasFullScan(sql));
                        })
                    .toList();
            statements.add(
                new StatementDescriptor(
                    s.name(),
                    s.sql(),
                    plan,
                    hasFullScan(s.sql()) || others.stream().anyMatch(OtherSql::fullScan),
                    others,
                    s.calls(),
                    s.failures(),
                    s.meanMillis(),
                    s.p50Millis(),
                    s.p99Millis(),
                    s.allocatedBytesMean(),
                    s.allocatedBytesP50(),
                    s.allocatedBytesP99(),
                    s.allocationUnmeasured(),
                    s.rowsMean(),
                    s.bytesVisitedMean(),
                    s.bytesReturnedMean(),
                    s.bytesCopiedMean()));
          }
          return new KiteSqlDescriptor(info, tables, statements);
        });
  }

  /**
   * Whether {@code sql}'s plan reads a table in full; false for SQL that cannot be planned (any
   * more).
   */
  private boolean hasFullScan(@Nullable String sql) {
    try {
      return sql != null && !database.prepare(sql).fullScans().isEmpty();
    } catch (KiteSqlException e) {
      return false; // not valid SQL for this schema: nothing to say about its plan
    }
  }

  /** The endpoint's answer. */
  public record KiteSqlDescriptor(
      DatabaseDescriptor database,
      List<TableDescriptor> tables,
      List<StatementDescriptor> statements) {}

  /** The environment. */
  public record DatabaseDescriptor(
      String path,
      long mapSize,
      long maxMapSize,
      long usedBytes,
      int readersActive,
      int readPoolSize) {}

  /** A table with its row count, primary key columns and indexes. */
  public record TableDescriptor(
      String name, long rows, List<String> primaryKey, List<IndexDescriptor> indexes) {}

  /** Another SQL text seen under a statement's name. */
  public record OtherSql(String sql, @Nullable List<String> plan, boolean fullScan) {}

  /** A secondary index. */
  public record IndexDescriptor(String name, List<String> columns, boolean unique) {}

  /**
   * A statement seen so far: its plan ({@code null} for non-queries and unnamed SQL) and figures
   * (see {@link StatementStatistics.Seen}).
   *
   * @param fullScan whether the plan, or that of one of the other SQL texts, tests a predicate
   *     against every row of a table ({@link io.kitesql.api.PreparedStatement#fullScans()})
   * @param otherSql further SQL texts run under the same name, with their plans
   */
  public record StatementDescriptor(
      String name,
      @Nullable String sql,
      @Nullable List<String> plan,
      boolean fullScan,
      List<OtherSql> otherSql,
      long calls,
      long failures,
      double meanMillis,
      double p50Millis,
      double p99Millis,
      @Nullable Double allocatedBytesMean,
      @Nullable Double allocatedBytesP50,
      @Nullable Double allocatedBytesP99,
      long allocationUnmeasured,
      double rowsMean,
      double bytesVisitedMean,
      double bytesReturnedMean,
      double bytesCopiedMean) {}
}
