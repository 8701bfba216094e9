package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.bench.aggregate.AggregateContexts;
import io.kitesql.bench.aggregate.AggregateEngine;
import io.kitesql.bench.aggregate.DiscussionThread;
import io.kitesql.bench.repository.ReadOnlyScope;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.options.Durability;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Table 5's aggregate rows: a discussion thread and its posts ({@code @MappedCollection
 * List<Post>}) loaded through the same repository interface on KiteSQL's repositories and on Spring
 * Data JDBC + H2, each cell's calls inside one read-only transaction as in Table 5. Two loads:
 * {@code findById} of a thread of 50 posts, and {@code findAllById} of 20 threads of 5 posts each
 * (where Spring Data JDBC reads each thread's posts with a statement of their own). Run with {@code
 * --aggregates [quick] [--postgresql URL]}; writes {@code
 * kitesql-bench/target/RESULTS-aggregates.md}. With a PostgreSQL JDBC URL ({@code --postgresql}, or
 * the system property {@code bench.postgresql.url}), Spring Data JDBC + PostgreSQL is measured too,
 * on tables the run drops and creates in that database; without one its column says "not measured".
 */
final class AggregateBench {
  static final String KITE = RepositoryBench.REPOSITORY;
  static final String JDBC_H2 = RepositoryBench.JDBC_H2;
  static final String JDBC_POSTGRESQL = "Spring Data JDBC + PostgreSQL";
  static final double MAX_P50_RATIO = 0.5;
  static final double MAX_ALLOCATION_RATIO = 0.2;
  static final int PAGE = 20;

  /**
   * What one run loads and how it measures.
   *
   * @param bigThreads threads of 50 posts, loaded one per {@code findById}
   * @param smallThreads threads of 5 posts, loaded {@link #PAGE} per {@code findAllById}
   */
  record Run(
      BenchConfig config,
      int bigThreads,
      int smallThreads,
      Path work,
      Optional<String> postgresqlUrl) {
    Run(BenchConfig config, int bigThreads, int smallThreads, Path work) {
      this(config, bigThreads, smallThreads, work, Optional.empty());
    }
  }

  /** A module measured: its engine, the load's query on it, and its statement counter. */
  private record Peer(AggregateEngine engine, Engine.Query query, AtomicLong statements) {}

  /** One load's figures; {@code postgresql} is null when PostgreSQL was not measured. */
  record Row(
      String load,
      Results.Outcome kite,
      Results.Outcome jdbc,
      Results.@Nullable Outcome postgresql,
      double kiteStatements,
      double jdbcStatements,
      double postgresqlStatements) {}

  private AggregateBench() {}

  public static void main(String[] args) throws Exception {
    var base = BenchConfig.full();
    var postgresql = Optional.ofNullable(System.getProperty("bench.postgresql.url"));
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "quick" -> base = BenchConfig.quick();
        case "--postgresql" -> postgresql = Optional.of(args[++i]);
        default ->
            throw new IllegalArgumentException(
                "unknown argument " + args[i] + " (use quick, --postgresql URL)");
      }
    }
    var work = Path.of("kitesql-bench", "target", "aggregate-data");
    var report =
        run(
            new Run(
                base.withWarmupMillis(base.repositoryWarmupMillis()), 200, 400, work, postgresql));
    var out = Path.of("kitesql-bench", "target", "RESULTS-aggregates.md");
    Files.writeString(out, report);
    System.out.println(report);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  /**
   * Loads both stores in {@code run.work()} (emptied first), measures, and returns the report
   * section.
   */
  static String run(Run run) throws Exception {
    var config = run.config();
    var work = run.work();
    BenchRunner.delete(work);
    Files.createDirectories(work);
    var loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
    long started = System.nanoTime();
    var h2Url = "jdbc:h2:file:" + work.resolve("h2").toAbsolutePath() + "/threads";
    var h2Statements = new AtomicLong();
    try (var kite =
            new AggregateEngine(
                KITE,
                true,
                AggregateContexts.kiteSql(
                    () -> {
                      var database =
                          KiteSql.open(
                              work.resolve("kite"), KiteEngine.options(Durability.NO_SYNC));
                      for (var ddl : AggregateContexts.SCHEMA) {
                        database.execute(ddl);
                      }
                      return database;
                    }));
        var loading = DriverManager.getConnection(h2Url)) {
      for (var ddl : AggregateContexts.SCHEMA) {
        loading.createStatement().execute(ddl);
      }
      List<Long> ids;
      try (var jdbcLoader =
          new AggregateEngine(JDBC_H2, false, AggregateContexts.jdbc(() -> loading))) {
        ids = load(kite, run);
        if (!load(jdbcLoader, run).equals(ids)) {
          throw new IllegalStateException(
              "the two modules assigned different ids to the same threads");
        }
      }
      var kiteStatements = new AtomicLong();
      kite.bean(KiteSqlTemplate.class)
          .getDatabase()
          .setExecutionListener(
              statement -> {
                kiteStatements.incrementAndGet();
                return outcome -> {};
              });
      var pgStatements = new AtomicLong();
      if (run.postgresqlUrl().isPresent()) {
        loadPostgresql(run, run.postgresqlUrl().get(), ids);
      }
      try (var jdbc =
              new AggregateEngine(
                  JDBC_H2,
                  false,
                  AggregateContexts.jdbc(
                      () ->
                          counting(
                              h2Url + ";ACCESS_MODE_DATA=r;OPTIMIZE_REUSE_RESULTS=0",
                              h2Statements)));
          var pg =
              run.postgresqlUrl()
                  .map(
                      url ->
                          new AggregateEngine(
                              JDBC_POSTGRESQL,
                              false,
                              AggregateContexts.jdbc(() -> counting(url, pgStatements))))
                  .orElse(null)) {
        var big = new Object[run.bigThreads()][];
        for (int i = 0; i < big.length; i++) {
          big[i] = new Object[] {ids.get(i)};
        }
        var pages = new Object[run.smallThreads() / PAGE][];
        for (int p = 0; p < pages.length; p++) {
          pages[p] = ids.subList(big.length + p * PAGE, big.length + (p + 1) * PAGE).toArray();
        }
        int borrowed = checkBorrowed(kite, ids.getFirst());
        var measure = new Measure(config);
        var rows = new ArrayList<Row>();
        rows.add(
            measureLoad(
                "findById: 1 thread of 50 posts",
                measure,
                new Peer(kite, kite.findById(), kiteStatements),
                new Peer(jdbc, jdbc.findById(), h2Statements),
                pg == null ? null : new Peer(pg, pg.findById(), pgStatements),
                big));
        rows.add(
            measureLoad(
                "findAllById: " + PAGE + " threads of 5 posts",
                measure,
                new Peer(kite, kite.findAllById(), kiteStatements),
                new Peer(jdbc, jdbc.findAllById(), h2Statements),
                pg == null ? null : new Peer(pg, pg.findAllById(), pgStatements),
                pages));
        var loadAfter = Files.readString(Path.of("/proc/loadavg")).trim();
        return AggregateReport.render(
            run, rows, borrowed, loadBefore, loadAfter, (System.nanoTime() - started) / 6e10);
      }
    }
  }

  /**
   * Drops and creates the aggregate's tables in the PostgreSQL database at {@code url} and saves
   * the threads through Spring Data JDBC there; they must get the ids KiteSQL gave them.
   */
  private static void loadPostgresql(Run run, String url, List<Long> ids) throws Exception {
    var loading = DriverManager.getConnection(url);
    try (var statement = loading.createStatement()) {
      statement.execute("drop table if exists post");
      statement.execute("drop table if exists discussion_thread");
      for (var ddl : AggregateContexts.SCHEMA) {
        statement.execute(ddl);
      }
    }
    try (var loader =
        new AggregateEngine(JDBC_POSTGRESQL, false, AggregateContexts.jdbc(() -> loading))) {
      if (!load(loader, run).equals(ids)) {
        throw new IllegalStateException(
            "PostgreSQL assigned other ids than KiteSQL to the same threads");
      }
    }
    try (var analyze = DriverManager.getConnection(url);
        var statement = analyze.createStatement()) {
      statement.execute("analyze");
    }
  }

  /** Saves the threads through {@code engine}'s repository; returns their ids in order. */
  private static List<Long> load(AggregateEngine engine, Run run) {
    var ids = new ArrayList<Long>();
    for (int t = 0; t < run.bigThreads() + run.smallThreads(); t++) {
      int posts = t < run.bigThreads() ? 50 : 5;
      var list = new ArrayList<DiscussionThread.Post>(posts);
      for (int p = 0; p < posts; p++) {
        list.add(
            new DiscussionThread.Post(
                p == 0 ? null : (p - 1) / 2,
                "user" + (t * 7 + p) % 97,
                "Post "
                    + p
                    + " of thread "
                    + t
                    + ": "
                    + "the kite climbs when the wind backs to the west; ".repeat(1 + p % 4)));
      }
      ids.add(engine.threads().save(new DiscussionThread(null, "Thread " + t, list)).id());
    }
    return ids;
  }

  private static Row measureLoad(
      String load,
      Measure measure,
      Peer kite,
      Peer h2,
      @Nullable Peer postgresql,
      Object[][] parameters)
      throws Exception {
    // the same posts from every module before anything is timed
    var expected = h2.engine().inTransaction(() -> texts(h2.query().execute(parameters[0])));
    for (var peer : postgresql == null ? List.of(kite) : List.of(kite, postgresql)) {
      var actual = peer.engine().inTransaction(() -> texts(peer.query().execute(parameters[0])));
      if (!expected.equals(actual)) {
        throw new IllegalStateException(
            load + ": " + peer.engine().name() + " loaded other posts than H2");
      }
    }
    double kitePerLoad = statementsPerLoad(kite, parameters);
    double jdbcPerLoad = statementsPerLoad(h2, parameters);
    double pgPerLoad = postgresql == null ? 0 : statementsPerLoad(postgresql, parameters);
    var kiteOutcome =
        measure.cell(kite.engine(), kite.query(), parameters, AggregateBench::touchPosts);
    var jdbcOutcome = measure.cell(h2.engine(), h2.query(), parameters, AggregateBench::touchPosts);
    var pgOutcome =
        postgresql == null
            ? null
            : measure.cell(
                postgresql.engine(), postgresql.query(), parameters, AggregateBench::touchPosts);
    System.out.println(
        "  aggregate | "
            + load
            + " | "
            + Report.cell(kiteOutcome)
            + " | "
            + Report.cell(jdbcOutcome)
            + " | "
            + (pgOutcome == null ? "PostgreSQL not measured" : Report.cell(pgOutcome)));
    return new Row(load, kiteOutcome, jdbcOutcome, pgOutcome, kitePerLoad, jdbcPerLoad, pgPerLoad);
  }

  private static double statementsPerLoad(Peer peer, Object[][] parameters) throws Exception {
    long before = peer.statements().get();
    peer.engine()
        .inTransaction(
            () -> {
              for (var p : parameters) {
                peer.query().execute(p);
              }
              return null;
            });
    return (double) (peer.statements().get() - before) / parameters.length;
  }

  private static List<String> texts(Engine.Rows rows) throws Exception {
    var texts = new ArrayList<String>();
    while (rows.next()) {
      texts.add(rows.number(0) + "|" + rows.text(0) + "|" + rows.text(1));
    }
    rows.close();
    return texts;
  }

  /**
   * Table 5's caller on every post: the thread id, and each text's length and first and last char.
   */
  static long touchPosts(Engine.Rows rows) throws Exception {
    long sum = 0;
    while (rows.next()) {
      sum += rows.number(0) + Workload.touch(rows.text(0)) + Workload.touch(rows.text(1));
    }
    rows.close();
    return sum;
  }

  /**
   * The posts' text values KiteSQL hands out inside the read-only transaction: each a view of the
   * map.
   */
  private static int checkBorrowed(AggregateEngine kite, long id) throws Exception {
    var regions = MappedRegions.of(kite.bean(io.kitesql.api.Database.class).dataFile());
    return kite.bean(ReadOnlyScope.class)
        .run(
            () -> {
              int checked = 0;
              for (var post : kite.threads().findById(id).orElseThrow().posts()) {
                for (var text : List.of(post.author(), post.body())) {
                  if (!(text instanceof Text t)
                      || !t.isBorrowed()
                      || !regions.contains(t.asReadOnlySegment().address(), t.utf8Length())) {
                    throw new IllegalStateException(
                        "a post's text is not a view of the map: " + text.getClass().getName());
                  }
                  checked++;
                }
              }
              return checked;
            });
  }

  /**
   * A connection that counts the statements prepared on it (Spring Data JDBC prepares one per
   * statement run).
   */
  private static Connection counting(String url, AtomicLong statements) {
    try {
      var connection = DriverManager.getConnection(url);
      return (Connection)
          Proxy.newProxyInstance(
              Connection.class.getClassLoader(),
              new Class<?>[] {Connection.class},
              (proxy, method, arguments) -> {
                if (method.getName().startsWith("prepare")
                    || method.getName().equals("createStatement")) {
                  statements.incrementAndGet();
                }
                try {
                  return method.invoke(connection, arguments);
                } catch (InvocationTargetException e) {
                  throw e.getCause();
                }
              });
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
