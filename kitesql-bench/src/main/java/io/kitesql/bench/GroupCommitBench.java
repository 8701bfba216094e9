package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * Concurrent one-row write transactions (group commit): 1, 8 and 64 threads, each inserting one 64
 * B row per transaction into its own fresh database, for a fixed time after a warm-up. KiteSQL
 * through {@code Database.write} (the ordinary API; a Spring {@code save()} is one such
 * transaction) on platform and on virtual threads; SQLite and H2 through one JDBC connection per
 * thread in autocommit. Durability {@code NO_SYNC}: KiteSQL {@code Durability.NO_SYNC}, SQLite WAL
 * {@code synchronous=NORMAL}; {@code SYNC}: KiteSQL {@code Durability.SYNC} (fsync per LMDB
 * commit), SQLite WAL {@code synchronous=FULL} (fsync of the WAL per commit). H2 runs once, with
 * its defaults: it has no fsync-per-commit mode (MVStore writes in the background).
 */
final class GroupCommitBench {
  static final String KITE = "KiteSQL";
  static final String KITE_VIRTUAL = "KiteSQL virtual threads";

  /**
   * The control: KiteSQL on platform threads with group commit off (system property {@code
   * kitesql.groupCommit}).
   */
  static final String KITE_SOLO = "KiteSQL, group commit off";

  static final String SQLITE = "SQLite";
  static final String H2 = "H2";
  static final List<String> ENGINES = List.of(KITE, KITE_VIRTUAL, KITE_SOLO, SQLITE, H2);
  static final List<Integer> THREADS = List.of(1, 8, 64);

  /** H2's durability label: it has one setting for both. */
  static final String H2_DURABILITY = "defaults (no fsync per commit)";

  private static final String DDL =
      "create table t (id bigint primary key, writer int, note varchar)";
  private static final String INSERT = "insert into t values (?, ?, ?)";
  private static final String NOTE = "x".repeat(64);

  private final Path work;
  private final Results results;
  private final Consumer<String> log;
  private final long warmupNanos;
  private final long measureNanos;

  GroupCommitBench(BenchConfig config, Path work, Results results, Consumer<String> log) {
    this.work = work;
    this.results = results;
    this.log = log;
    this.warmupNanos =
        switch (config.name()) {
              case "full" -> 300;
              case "quick" -> 100;
              default -> 20; // smoke: that every cell runs and checks its rows
            }
            * 1_000_000L;
    this.measureNanos =
        switch (config.name()) {
              case "full" -> 1_200;
              case "quick" -> 300;
              default -> 80;
            }
            * 1_000_000L;
  }

  /**
   * Runs every cell. Thread counts outside, engines inside, so a disturbance of a shared machine
   * hits neighbouring columns alike; first an untimed pass of each engine (JIT, class loading).
   */
  void run() throws Exception {
    for (var engine : List.of(KITE, SQLITE, H2)) {
      var dir = work.resolve("jit-warmup-" + engine);
      cell(engine, Durability.NO_SYNC, 8, dir);
      BenchRunner.delete(dir);
    }
    for (var durability : List.of(Durability.NO_SYNC, Durability.SYNC)) {
      for (int threads : THREADS) {
        for (var engine : ENGINES) {
          if ((engine.equals(H2) && durability == Durability.SYNC)
              || ((engine.equals(KITE_VIRTUAL) || engine.equals(KITE_SOLO)) && threads == 1)) {
            continue; // H2: one setting, reported once; one thread never shares a commit
          }
          var dir = work.resolve(engine.replace(' ', '-') + "-" + durability + "-" + threads);
          var cell = cell(engine, durability, threads, dir);
          results.groupCommits.add(cell);
          log.accept(
              String.format(
                  "  group commit | %s | %s | %d threads: %,.0f tx/s, p99 %,.0f µs%s",
                  engine,
                  cell.durability(),
                  threads,
                  cell.transactionsPerSecond(),
                  cell.p99Micros(),
                  cell.lmdbCommits() > 0
                      ? String.format(
                          ", %.1f tx per LMDB commit",
                          (double) cell.transactions() / cell.lmdbCommits())
                      : ""));
          BenchRunner.delete(dir);
        }
      }
    }
  }

  /** One transaction of thread {@code writer}; {@code id} is unique over the run. */
  private interface Writer extends AutoCloseable {
    void insert(long id, int writer) throws Exception;

    @Override
    default void close() throws SQLException {}
  }

  private Results.GroupCommit cell(String engine, Durability durability, int threads, Path dir)
      throws Exception {
    var stores = new Stores(dir);
    if (engine.startsWith(KITE)) {
      try (var db = openKite(stores.kiteDir(), durability, engine.equals(KITE_SOLO))) {
        db.execute(DDL);
        var insert = db.prepare(INSERT);
        var before = db.storage().stats();
        var run =
            drive(
                threads,
                engine.equals(KITE_VIRTUAL),
                _ -> (id, writer) -> db.write(tx -> tx.execute(insert, id, writer, NOTE)));
        var after = db.storage().stats();
        checkRows(
            run.total,
            db.read(
                tx -> {
                  try (var rows = tx.query("select count(*) from t")) {
                    rows.next();
                    return rows.getLong(0);
                  }
                }));
        return run.cell(
            engine,
            durability.name(),
            threads,
            after.lmdbCommits() - before.lmdbCommits(),
            after.writeTransactions() - before.writeTransactions());
      }
    }
    String url = engine.equals(SQLITE) ? stores.sqliteUrl() : stores.h2Url();
    String label = engine.equals(H2) ? H2_DURABILITY : durability.name();
    String sync = durability == Durability.SYNC ? "FULL" : "NORMAL";
    try (var setup = DriverManager.getConnection(url);
        var s = setup.createStatement()) {
      if (engine.equals(SQLITE)) {
        s.execute("pragma journal_mode=WAL");
      }
      s.execute(DDL);
      var run =
          drive(
              threads,
              false,
              _ -> {
                var c = DriverManager.getConnection(url);
                if (engine.equals(SQLITE)) {
                  try (var p = c.createStatement()) {
                    p.execute("pragma synchronous=" + sync);
                    p.execute(
                        "pragma busy_timeout=60000"); // writers queue for SQLite's one write lock
                  }
                }
                c.setAutoCommit(true);
                var insert = c.prepareStatement(INSERT);
                return new Writer() {
                  @Override
                  public void insert(long id, int writer) throws Exception {
                    insert.setLong(1, id);
                    insert.setInt(2, writer);
                    insert.setString(3, NOTE);
                    insert.executeUpdate();
                  }

                  @Override
                  public void close() throws SQLException {
                    insert.close();
                    c.close();
                  }
                };
              });
      try (var count = s.executeQuery("select count(*) from t")) {
        count.next();
        checkRows(run.total, count.getLong(1));
      }
      return run.cell(engine, label, threads, -1, run.total);
    }
  }

  private static io.kitesql.api.Database openKite(
      Path dir, Durability durability, boolean groupCommitOff) {
    if (!groupCommitOff) {
      return KiteSql.open(dir, KiteEngine.options(durability));
    }
    System.setProperty("kitesql.groupCommit", "false"); // read when the storage opens
    try {
      return KiteSql.open(dir, KiteEngine.options(durability));
    } finally {
      System.clearProperty("kitesql.groupCommit");
    }
  }

  private interface WriterFactory {
    Writer open(int writer) throws Exception;
  }

  /**
   * What the threads did: transactions in the measured window and their latencies, and all
   * transactions.
   */
  private record Run(long[] latencies, int measured, long total, long windowNanos) {
    Results.GroupCommit cell(
        String engine, String durability, int threads, long lmdbCommits, long transactions) {
      var sorted = Arrays.copyOf(latencies, measured);
      Arrays.sort(sorted);
      double p99 =
          sorted.length == 0
              ? 0
              : sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1e3;
      return new Results.GroupCommit(
          engine,
          durability,
          threads,
          measured / (windowNanos / 1e9),
          p99,
          transactions,
          lmdbCommits);
    }
  }

  /**
   * Runs {@code threads} writers until the warm-up and the measured window passed; a transaction
   * counts if it began inside the window.
   */
  private Run drive(int threads, boolean virtual, WriterFactory factory) throws Exception {
    var ready = new CountDownLatch(threads);
    var go = new CountDownLatch(1);
    long[] window = new long[2];
    var perThread = new long[threads][];
    var counts = new int[threads];
    var totals = new long[threads];
    var failures = new ArrayList<Throwable>();
    var workers = new ArrayList<Thread>();
    for (int w = 0; w < threads; w++) {
      int writer = w;
      var builder = virtual ? Thread.ofVirtual() : Thread.ofPlatform();
      workers.add(
          builder.start(
              () -> {
                try (var tx = factory.open(writer)) {
                  ready.countDown();
                  go.await();
                  var lat = new long[4096];
                  int n = 0;
                  long seq = 0;
                  while (true) {
                    long begun = System.nanoTime();
                    if (begun >= window[1] && seq > 0) {
                      break; // every writer commits at least once, so every cell checks some rows
                    }
                    tx.insert(writer * 100_000_000L + seq++, writer);
                    if (begun >= window[0] && begun < window[1]) {
                      if (n == lat.length) {
                        lat = Arrays.copyOf(lat, n * 2);
                      }
                      lat[n++] = System.nanoTime() - begun;
                    }
                  }
                  perThread[writer] = lat;
                  counts[writer] = n;
                  totals[writer] = seq;
                } catch (Throwable e) {
                  synchronized (failures) {
                    failures.add(e);
                  }
                  ready.countDown();
                }
              }));
    }
    ready.await();
    long now = System.nanoTime();
    window[0] = now + warmupNanos;
    window[1] = window[0] + measureNanos;
    go.countDown(); // publishes window to the writers
    for (var t : workers) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("a writer failed", failures.getFirst());
    }
    int measured = Arrays.stream(counts).sum();
    var all = new long[measured];
    int at = 0;
    for (int w = 0; w < threads; w++) {
      System.arraycopy(perThread[w], 0, all, at, counts[w]);
      at += counts[w];
    }
    return new Run(all, measured, Arrays.stream(totals).sum(), measureNanos);
  }

  private static void checkRows(long inserted, long stored) {
    if (inserted != stored) {
      throw new IllegalStateException(
          "the writers committed " + inserted + " rows, the table holds " + stored);
    }
  }
}
