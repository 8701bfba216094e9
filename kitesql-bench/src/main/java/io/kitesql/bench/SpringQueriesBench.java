package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Table 7: the queries Spring Data generates ({@link SpringQueries}) on KiteSQL (one read-only
 * transaction per round), H2 and SQLite (JDBC, statements prepared once, autocommit off), the same
 * rows and SQL text, at each table size of the run. For each size the three databases are loaded,
 * KiteSQL's plan of every statement is printed ({@code EXPLAIN}), every engine's rows for the first
 * parameter set are compared (a shape whose rows differ is not timed; its cells say why), and each
 * shape is measured on the three engines in interleaved rounds: every round runs the engines one
 * after another, the first rotating, so that the machine's load falls on all of them alike. A
 * cell's p50 is the median of its rounds' medians; its allocation is the executing thread's
 * allocated bytes over all measured executions.
 */
final class SpringQueriesBench {
  static final String KITE = Stores.Kind.KITE_BORROWED.label();
  static final String H2 = "H2";
  static final String SQLITE = "SQLite";

  /** Table 7's engines, in column order. */
  static final List<String> ENGINES = List.of(KITE, H2, SQLITE);

  /** Rows per load transaction: 1,000,000 rows in ten. */
  private static final int LOAD_BATCH = 100_000;

  /**
   * The unmeasured pass before the first size, per shape and engine: at least this long. A quick
   * run's 60 ms (two executions of a 10,000-row scan) left KiteSQL's scans to the interpreter and
   * C1 on a loaded machine, and its first size measured them 3-5x slower per row than the next.
   */
  private static final long FIRST_WARMUP_MILLIS = 1000;

  /** An engine whose p50 at one size is over this (µs) is not run on that shape at larger sizes. */
  static final double SLOW_MICROS = 1_000_000;

  /** The fewest executions in a warm-up and in a round (full scans of a large table take long). */
  private static final int MIN_EXECUTIONS = 2;

  private final BenchConfig config;
  private final List<Integer> sizes;
  private final Path work;
  private final Results results;
  private final Consumer<String> log;
  private final boolean repositories;

  /** With {@code repositories}, each size also runs {@link SpringRepositoriesBench}. */
  SpringQueriesBench(
      BenchConfig config,
      List<Integer> sizes,
      boolean repositories,
      Path work,
      Results results,
      Consumer<String> log) {
    this.config = config;
    this.repositories = repositories;
    this.sizes = sizes;
    this.work = work;
    this.results = results;
    this.log = log;
  }

  /**
   * The table sizes of a run: 10k, 100k and 1M rows in the full run, the first two in the quick
   * one, tiny in the smoke run.
   */
  static List<Integer> sizes(BenchConfig config) {
    return switch (config.name()) {
      case "smoke" -> List.of(400, 1_600);
      case "quick" -> List.of(10_000, 100_000);
      default -> List.of(10_000, 100_000, 1_000_000);
    };
  }

  void run() throws Exception {
    for (int rows : sizes) {
      var dir = work.resolve("items-" + rows);
      var stores = load(dir, rows);
      try (var engines = Opened.open(stores)) {
        results.springQueryPlans.put(rows, explain(engines.kite(), rows));
        log.accept(results.springQueryPlans.get(rows));
        if (rows == sizes.getFirst() && !config.name().equals("smoke")) {
          // Unmeasured: every shape's warm-up on every engine, so that the first size's cells do
          // not
          // measure the compiler while the larger sizes profit from its work (that would flatten
          // the growth).
          for (var shape : SpringQueries.shapes()) {
            var prepared = prepare(engines.all(), shape, rows);
            new Rounds(
                    config.withWarmupMillis(Math.max(config.warmupMillis(), FIRST_WARMUP_MILLIS)),
                    prepared.engines(),
                    prepared.queries(),
                    shape,
                    shape.parameterSets(rows))
                .warmUp();
          }
        }
        for (var shape : SpringQueries.shapes()) {
          measure(engines.all(), shape, rows);
        }
      }
      if (repositories) {
        new SpringRepositoriesBench(config, results, log).run(stores, rows);
      }
      BenchRunner.delete(dir);
    }
  }

  /**
   * Loads the three databases: the table, its rows in transactions of {@link #LOAD_BATCH}, then its
   * indexes (built from the loaded rows: H2 took a third of the time and SQLite half of it compared
   * with maintaining the indexes row by row; KiteSQL the same either way), then ANALYZE on each, so
   * that every planner has its statistics (KiteSQL's distinct key prefixes, SQLite's {@code
   * sqlite_stat1}, H2's column selectivity), as an application's database would after its first
   * maintenance.
   */
  private Stores load(Path dir, int rows) throws Exception {
    var stores = new Stores(dir);
    var table =
        new Stores.TableLoad(SpringQueries.INSERT, rows, i -> SpringQueries.row(i, rows), 100);
    var ddl = List.of(SpringQueries.TABLE_DDL);
    long start = System.nanoTime();
    stores.loadKite(ddl, List.of(table), LOAD_BATCH);
    try (var db = KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC))) {
      SpringQueries.INDEX_DDL.forEach(db::execute);
      db.execute("analyze");
    }
    long kite = System.nanoTime();
    stores.loadSqlite(ddl, List.of(table), LOAD_BATCH);
    try (var c = DriverManager.getConnection(stores.sqliteUrl());
        var s = c.createStatement()) {
      for (var index : SpringQueries.INDEX_DDL) {
        s.execute(index);
      }
      s.execute("analyze");
      s.execute("pragma wal_checkpoint(TRUNCATE)");
    }
    long sqlite = System.nanoTime();
    stores.loadH2(ddl, List.of(table), LOAD_BATCH);
    try (var c = DriverManager.getConnection(stores.h2Url());
        var s = c.createStatement()) {
      for (var index : SpringQueries.INDEX_DDL) {
        s.execute(index);
      }
      s.execute("analyze");
    }
    long h2 = System.nanoTime();
    log.accept(
        String.format(
            "table 7: loaded %,d items rows, then indexed and analyzed them: KiteSQL %.1f s, SQLite %.1f s, H2 %.1f s",
            rows, (kite - start) / 1e9, (sqlite - kite) / 1e9, (h2 - sqlite) / 1e9));
    return stores;
  }

  /** The three engines of one size, as Table 7 opens them. */
  record Opened(KiteEngine kite, JdbcEngine h2, JdbcEngine sqlite) implements AutoCloseable {
    static Opened open(Stores stores) throws Exception {
      var kite = new KiteEngine(stores.kiteDir(), KiteEngine.Mode.BORROWED);
      var h2 = new JdbcEngine(H2, h2Connection(stores));
      var sqliteConnection = stores.connection(Stores.Kind.SQLITE);
      try (var s = sqliteConnection.createStatement()) {
        // LIKE as the other two engines have it (case-sensitive); SQLite's LIKE uses an index only
        // then
        s.execute("pragma case_sensitive_like = on");
      }
      return new Opened(kite, h2, new JdbcEngine(SQLITE, sqliteConnection));
    }

    /** In {@link #ENGINES} order. */
    List<Engine> all() {
      return List.of(kite, h2, sqlite);
    }

    @Override
    public void close() throws SQLException {
      kite.close();
      h2.close();
      sqlite.close();
    }
  }

  /** KiteSQL's EXPLAIN of every statement with its first parameter set, as one text block. */
  static String explain(KiteEngine kite, int rows) {
    var out = new StringBuilder(String.format("KiteSQL plans at %,d rows:%n", rows));
    kite.database()
        .read(
            tx -> {
              for (var shape : SpringQueries.shapes()) {
                var parameters = shape.parameterSets(rows)[0];
                for (int s = 0; s < shape.statements().size(); s++) {
                  var sql = shape.statements().get(s).sql();
                  out.append("\n").append(sql).append('\n');
                  try (var plan = tx.query("explain " + sql, parameters[s])) {
                    while (plan.next()) {
                      out.append("  ").append(plan.getText(0)).append('\n');
                    }
                  } catch (RuntimeException e) {
                    out.append("  (no plan: ").append(Measure.reason(e)).append(")\n");
                  }
                }
              }
              return null;
            });
    return out.toString();
  }

  /**
   * Every engine's rows for {@code parameters} against the first engine's: a description of the
   * first difference, or empty if all agree. An engine's error is thrown.
   */
  static Optional<String> difference(
      List<Engine> engines,
      List<Engine.Query[]> queries,
      SpringQueries.Shape shape,
      Object[][] parameters)
      throws Exception {
    List<List<List<Object>>> first = null;
    for (int e = 0; e < engines.size(); e++) {
      int engine = e;
      var rows =
          engines
              .get(e)
              .inTransaction(() -> SpringQueries.rows(shape, queries.get(engine), parameters));
      if (first == null) {
        first = rows;
      } else if (!first.equals(rows)) {
        return Optional.of(
            shape.name()
                + ", parameters "
                + Arrays.deepToString(parameters)
                + ": "
                + engines.get(e).name()
                + " returned "
                + rows
                + ", "
                + engines.getFirst().name()
                + " "
                + first);
      }
    }
    return Optional.empty();
  }

  /**
   * Why {@code engine} is not run on {@code shape} at {@code rows}: its p50 at the next smaller
   * size was over {@link #SLOW_MICROS} (or it was not run there either). A plan that is quadratic
   * in the table's rows (an IN subquery evaluated per row) would otherwise take minutes per
   * execution at 1,000,000 rows.
   */
  static Optional<String> tooSlow(Results results, String shape, String engine, int rows) {
    return results.springQueries.stream()
        .filter(q -> q.shape().equals(shape) && q.engine().equals(engine) && q.rows() < rows)
        .max(java.util.Comparator.comparingInt(Results.SpringQuery::rows))
        .flatMap(
            q ->
                switch (q.outcome()) {
                  case Results.Measured m when m.p50Micros() > SLOW_MICROS ->
                      Optional.of(
                          String.format(
                              "not run: p50 %.1f s at %,d rows, over the %.0f s limit",
                              m.p50Micros() / 1e6, q.rows(), SLOW_MICROS / 1e6));
                  case Results.Unsupported u when u.reason().startsWith("not run:") ->
                      Optional.of(u.reason());
                  default -> Optional.empty();
                });
  }

  /**
   * The reason of a cell whose engines returned different rows (or failed): shortened for the
   * report.
   */
  static String notTimed(String difference) {
    var shown = difference.length() > 200 ? difference.substring(0, 197) + "..." : difference;
    return "not timed, the engines' rows differ or one failed: " + shown;
  }

  /** H2 as Table 7 opens it. */
  static Connection h2Connection(Stores stores) throws Exception {
    // H2 hands back its previous result when a statement runs again with the same parameters on
    // unchanged tables; that would time a cache, not the query.
    return DriverManager.getConnection(
        stores.h2Url() + ";ACCESS_MODE_DATA=r;OPTIMIZE_REUSE_RESULTS=0");
  }

  /**
   * The engines that prepared every statement of a shape, their statements, and why the others did
   * not.
   */
  private record Prepared(
      List<Engine> engines, List<Engine.Query[]> queries, Results.Outcome[] rejected) {}

  private Prepared prepare(List<Engine> engines, SpringQueries.Shape shape, int rows) {
    var running = new ArrayList<Engine>();
    var queries = new ArrayList<Engine.Query[]>();
    var rejected = new Results.Outcome[engines.size()];
    for (int e = 0; e < engines.size(); e++) {
      var tooSlow = tooSlow(results, shape.name(), engines.get(e).name(), rows);
      if (tooSlow.isPresent()) {
        rejected[e] = new Results.Unsupported(tooSlow.get());
        continue;
      }
      try {
        queries.add(prepare(engines.get(e), shape));
        running.add(engines.get(e));
      } catch (Exception ex) {
        rejected[e] = new Results.Unsupported(Measure.reason(ex));
      }
    }
    return new Prepared(running, queries, rejected);
  }

  private void measure(List<Engine> engines, SpringQueries.Shape shape, int rows) throws Exception {
    var parameters = shape.parameterSets(rows);
    var prepared = prepare(engines, shape, rows);
    Optional<String> difference;
    try {
      difference = difference(prepared.engines(), prepared.queries(), shape, parameters[0]);
    } catch (Exception | AssertionError e) {
      difference = Optional.of(shape.name() + ": " + Measure.reason(e));
    }
    Results.Outcome[] measured;
    if (difference.isPresent()) {
      // a wrong answer is not timed: every cell of the shape says why
      log.accept("table 7: " + difference.get());
      measured = new Results.Outcome[prepared.engines().size()];
      Arrays.fill(measured, new Results.Unsupported(notTimed(difference.get())));
    } else {
      measured =
          new Rounds(config, prepared.engines(), prepared.queries(), shape, parameters).run();
    }
    var outcomes = prepared.rejected();
    for (int e = 0, m = 0; e < engines.size(); e++) {
      if (outcomes[e] == null) {
        outcomes[e] = measured[m++];
      }
      results.springQueries.add(
          new Results.SpringQuery(shape.name(), rows, ENGINES.get(e), outcomes[e]));
      log.accept(
          String.format(
              "  table 7 | %,d rows | %s | %s: %s",
              rows, ENGINES.get(e), shape.name(), Report.cell(outcomes[e])));
    }
  }

  static Engine.Query[] prepare(Engine engine, SpringQueries.Shape shape) throws Exception {
    var queries = new Engine.Query[shape.statements().size()];
    for (int s = 0; s < queries.length; s++) {
      queries[s] = engine.prepare(shape.statements().get(s).sql());
    }
    return queries;
  }

  /** The interleaved rounds of one shape at one size. */
  static final class Rounds {
    private final BenchConfig config;
    private final List<Engine> engines;
    private final List<Engine.Query[]> queries;
    private final SpringQueries.Shape shape;
    private final Object[][][] parameters;
    private final int perRound;
    private final long[][] latencies;
    private final double[][] roundMedians;
    private final long[] allocated;
    private final int[] counts;
    private final Results.Outcome[] failed;

    /** Per engine: the next parameter set (every engine runs the same sequence). */
    private final int[] next;

    Rounds(
        BenchConfig config,
        List<Engine> engines,
        List<Engine.Query[]> queries,
        SpringQueries.Shape shape,
        Object[][][] parameters) {
      this.config = config;
      this.engines = engines;
      this.queries = queries;
      this.shape = shape;
      this.parameters = parameters;
      this.perRound = Math.max(MIN_EXECUTIONS, config.maxExecutions() / config.rounds());
      int k = engines.size();
      this.latencies = new long[k][perRound * config.rounds()];
      this.roundMedians = new double[k][config.rounds()];
      this.allocated = new long[k];
      this.counts = new int[k];
      this.failed = new Results.Outcome[k];
      this.next = new int[k];
    }

    /** Every engine's unmeasured executions. */
    void warmUp() {
      for (int e = 0; e < engines.size(); e++) {
        warmUp(e);
      }
    }

    Results.Outcome[] run() {
      int k = engines.size();
      warmUp();
      long roundNanos = config.measureMillis() * 1_000_000 / config.rounds();
      for (int round = 0; round < config.rounds(); round++) {
        for (int i = 0; i < k; i++) {
          int e = (i + round) % k; // which engine goes first rotates
          if (failed[e] == null) {
            round(e, round, roundNanos);
          }
        }
      }
      var outcomes = new Results.Outcome[k];
      for (int e = 0; e < k; e++) {
        outcomes[e] =
            failed[e] != null
                ? failed[e]
                : Measure.outcome(latencies[e], counts[e], roundMedians[e], allocated[e]);
      }
      return outcomes;
    }

    private void warmUp(int e) {
      try {
        engines
            .get(e)
            .inTransaction(
                () -> {
                  long end = System.nanoTime() + config.warmupMillis() * 1_000_000;
                  long sink = 0;
                  for (int n = 0; n < MIN_EXECUTIONS || System.nanoTime() < end; n++) {
                    sink += execute(e);
                  }
                  Measure.blackhole += sink;
                  return null;
                });
      } catch (Exception | AssertionError ex) {
        failed[e] = new Results.Unsupported(Measure.reason(ex));
      }
    }

    private void round(int e, int round, long roundNanos) {
      try {
        engines
            .get(e)
            .inTransaction(
                () -> {
                  int from = counts[e];
                  long sink = 0;
                  long end = System.nanoTime() + roundNanos;
                  long before = Measure.allocatedBytes();
                  while (counts[e] - from < perRound
                      && (counts[e] - from < MIN_EXECUTIONS || System.nanoTime() < end)) {
                    long start = System.nanoTime();
                    sink += execute(e);
                    latencies[e][counts[e]++] = System.nanoTime() - start;
                  }
                  allocated[e] += Measure.allocatedBytes() - before;
                  Measure.blackhole += sink;
                  int n = counts[e] - from;
                  var sorted = Arrays.copyOfRange(latencies[e], from, from + n);
                  Arrays.sort(sorted);
                  roundMedians[e][round] = sorted[(n - 1) / 2];
                  return null;
                });
      } catch (Exception | AssertionError ex) {
        failed[e] = new Results.Unsupported(Measure.reason(ex));
      }
    }

    /** One execution: every statement of the shape with the next parameter set, every row read. */
    private long execute(int e) throws Exception {
      var set = parameters[next[e]];
      next[e] = (next[e] + 1) % parameters.length;
      var statements = queries.get(e);
      long sum = 0;
      for (int s = 0; s < statements.length; s++) {
        sum +=
            SpringQueries.consume(
                statements[s].execute(set[s]), shape.statements().get(s).columns());
      }
      return sum;
    }
  }
}
