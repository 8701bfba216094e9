package io.kitesql.bench;

import io.kitesql.api.ExecutionListener;
import io.kitesql.api.KiteSql;
import io.kitesql.bench.repository.RepositoryContexts;
import io.kitesql.bench.repository.RepositoryEngine;
import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import io.kitesql.options.Durability;
import io.kitesql.storage.MappedRegions;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.Consumer;

/**
 * Table 5: the Table 1 lookup as a Spring Data repository method returning record projections,
 * {@code findByCustomerIdAndStatusAndAmountGreaterThan} → {@code List<OrderNote(id, note)>}, on the
 * tier's databases: the raw KiteSQL engine running the same SELECT, KiteSQL's repository, and the
 * same repository interface on Spring Data JDBC over H2 and over SQLite. Each cell's calls share
 * one read-only transaction; the caller takes every id and touches every note like Table 1's
 * caller.
 */
public final class RepositoryBench {
  /** The note lengths Table 5 runs at (those of them the run has). */
  public static final List<Integer> TIERS = List.of(64, 65536);

  public static final String TABLE = "5";
  public static final String VARIANT = "repository lookup";
  public static final String RAW = "KiteSQL raw engine";
  public static final String REPOSITORY = "KiteSQL repository";

  /** The same repository with the starter's statement metrics recording every call. */
  public static final String REPOSITORY_METRICS = "KiteSQL repository + metrics";

  public static final String JDBC_H2 = "Spring Data JDBC + H2";
  public static final String JDBC_SQLITE = "Spring Data JDBC + SQLite";

  /** Table 5's columns, in order. */
  public static final List<String> ENGINES =
      List.of(RAW, REPOSITORY, REPOSITORY_METRICS, JDBC_H2, JDBC_SQLITE);

  /** What the derived method runs, for the raw engine and the report. */
  public static final String SQL = "select id, note" + Workload.WHERE;

  private final Measure measure;
  private final Results results;
  private final Consumer<String> log;

  RepositoryBench(Measure measure, Results results, Consumer<String> log) {
    this.measure = measure;
    this.results = results;
    this.log = log;
  }

  /** Measures the cells of one tier; an engine that cannot run is "n/a" with the reason. */
  void run(Stores stores, Object[][] parameters, String tier) {
    for (var group :
        List.of(
            List.of(RAW),
            List.of(REPOSITORY, REPOSITORY_METRICS),
            List.of(JDBC_H2),
            List.of(JDBC_SQLITE))) {
      Results.Outcome[] outcomes;
      try {
        outcomes = measure(group, stores, parameters);
      } catch (Exception e) {
        outcomes =
            group.stream()
                .map(engine -> new Results.Unsupported(reason(engine, e)))
                .toArray(Results.Outcome[]::new);
      }
      for (int i = 0; i < group.size(); i++) {
        var engine = group.get(i);
        results.put(new Results.Key(TABLE, VARIANT, tier, engine), outcomes[i]);
        log.accept(
            "  "
                + tier
                + " | "
                + engine
                + " | table 5 "
                + VARIANT
                + ": "
                + Report.cell(outcomes[i]));
      }
    }
  }

  /**
   * KiteSQL's repository without and with the starter's metrics ({@link #REPOSITORY} and {@link
   * #REPOSITORY_METRICS}) on {@code stores}' KiteSQL database, in a context of their own.
   */
  Results.Outcome[] repositoryMetricsOffAndOn(Stores stores, Object[][] parameters)
      throws Exception {
    try (var engine = open(REPOSITORY, stores)) {
      return measureMetricsOffAndOn(engine, engine.lookup(), parameters);
    }
  }

  private Results.Outcome[] measure(List<String> group, Stores stores, Object[][] parameters)
      throws Exception {
    var engineName = group.getFirst();
    if (engineName.equals(RAW)) {
      try (var engine = new KiteEngine(stores.kiteDir(), KiteEngine.Mode.BORROWED)) {
        return new Results.Outcome[] {
          measure.cell(engine, engine.prepare(SQL), parameters, RepositoryBench::touchNotes)
        };
      }
    }
    try (var engine = open(engineName, stores)) {
      facts(engineName, engine);
      var lookup = engine.lookup();
      var outcomes =
          engineName.equals(REPOSITORY)
              ? measureMetricsOffAndOn(engine, lookup, parameters)
              : new Results.Outcome[] {
                measure.cell(engine, lookup, parameters, RepositoryBench::touchNotes)
              };
      if (engine.borrows() && outcomes[0] instanceof Results.Measured) {
        var regions = MappedRegions.of(engine.bean(io.kitesql.api.Database.class).dataFile());
        results.addMapCheck(
            engineName, BenchRunner.checkMap(engine, lookup, parameters, new int[] {1}, regions));
      }
      return outcomes;
    }
  }

  /**
   * KiteSQL's repository without and with the starter's statement metrics, side by side in one
   * context: the calls alternate between the database having no execution listener (as with {@code
   * kitesql.metrics.enabled=false}) and {@code KiteSqlStatementMetrics} as its listener, so the
   * machine's noise falls on both alike and their ratio is the metrics' cost.
   */
  private Results.Outcome[] measureMetricsOffAndOn(
      RepositoryEngine engine, Engine.Query lookup, Object[][] parameters) {
    var database = engine.bean(io.kitesql.api.Database.class);
    var metrics = engine.bean(KiteSqlStatementMetrics.class);
    Engine.Query off =
        arguments -> {
          database.setExecutionListener(ExecutionListener.NONE);
          return lookup.execute(arguments);
        };
    Engine.Query on =
        arguments -> {
          database.setExecutionListener(metrics);
          return lookup.execute(arguments);
        };
    var outcomes =
        measure.cells(
            engine, new Engine.Query[] {off, on}, parameters, RepositoryBench::touchNotes);
    database.setExecutionListener(ExecutionListener.NONE);
    if (outcomes[1] instanceof Results.Measured) {
      RepositoryContexts.requireRecorded(engine.bean(MeterRegistry.class));
    }
    return outcomes;
  }

  private static RepositoryEngine open(String engineName, Stores stores) throws Exception {
    return switch (engineName) {
      case REPOSITORY ->
          new RepositoryEngine(
              engineName,
              true,
              RepositoryContexts.kiteSql(
                  () -> KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC)),
                  true));
      case JDBC_H2 ->
          new RepositoryEngine(
              engineName,
              false,
              RepositoryContexts.jdbc(unchecked(() -> stores.connection(Stores.Kind.H2_DEFAULT))));
      case JDBC_SQLITE ->
          new RepositoryEngine(
              engineName,
              false,
              RepositoryContexts.jdbc(unchecked(() -> stores.connection(Stores.Kind.SQLITE))));
      default -> throw new IllegalArgumentException(engineName);
    };
  }

  private void facts(String engineName, RepositoryEngine engine) {
    if (engineName.equals(REPOSITORY)) {
      results.facts.put(
          "Spring (Table 5)",
          "Spring Framework "
              + org.springframework.core.SpringVersion.getVersion()
              + ", Spring Data Commons "
              + version(org.springframework.data.repository.Repository.class)
              + ", Spring Data JDBC "
              + version(org.springframework.data.jdbc.core.JdbcAggregateTemplate.class)
              + "; plain AnnotationConfigApplicationContext, no Boot");
    } else if (engineName.equals(JDBC_H2)) {
      results.facts.put(
          "Spring Data JDBC dialect for H2 (Table 5)",
          engine
                  .bean(org.springframework.data.jdbc.core.dialect.JdbcDialect.class)
                  .getClass()
                  .getSimpleName()
              + " (found by DialectResolver), names unquoted; SingleConnectionDataSource over one H2 connection "
              + "(default cache, ACCESS_MODE_DATA=r)");
    }
  }

  private static String version(Class<?> type) {
    var version = type.getPackage().getImplementationVersion();
    return version == null ? "?" : version;
  }

  /**
   * Table 1's caller on the projection: every id, and the note's length and first and last char.
   */
  static long touchNotes(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0) + Workload.touch(rows.text(1));
    }
    rows.close();
    return sum;
  }

  /** The innermost message, without object identities (so that runs compare). */
  private static String reason(String engine, Exception e) {
    var message = Measure.reason(e).replaceAll("@[0-9a-f]{4,}", "");
    return engine.equals(JDBC_SQLITE) && message.contains("dialect")
        ? "Spring Data JDBC has no SQLite dialect: " + message
        : message;
  }

  @FunctionalInterface
  private interface CheckedSupplier<T> {
    T get() throws Exception;
  }

  private static <T> java.util.function.Supplier<T> unchecked(CheckedSupplier<T> supplier) {
    return () -> {
      try {
        return supplier.get();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    };
  }
}
