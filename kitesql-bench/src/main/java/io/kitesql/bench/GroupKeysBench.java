package io.kitesql.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code GROUP BY} over long text keys that defeated the text hash. KiteSQL's {@code Bytes.hash}
 * read a value's length and its first and last 128 bytes, so keys that share those all hashed
 * alike; before {@code RowKey} became {@code Comparable} (the JDK's hash map then keeps such a
 * bucket as a tree) they made GROUP BY quadratic. Values of up to 1 KiB are now hashed whole, so
 * these keys no longer collide. Each data set holds {@code n} distinct keys of {@link #KEY_CHARS}
 * ASCII chars, each in two rows: "adversarial" keys differ only in 8 digits in their middle,
 * "ordinary" ones in their first 8 chars. KiteSQL (one read-only transaction per cell), SQLite and
 * H2 run the same query on the same rows; a cell is the median of {@link #EXECUTIONS} executions (2
 * in the smoke run) after unmeasured ones (at least two, and at least 300 ms of them), and every
 * execution checks the groups and their counts.
 */
final class GroupKeysBench {
  static final String ADVERSARIAL = "adversarial";
  static final String ORDINARY = "ordinary";
  static final int KEY_CHARS = 1000;

  /**
   * The query; its parameter takes a different negative value each execution (every row passes),
   * because H2 returns its previous result again for the same parameters on an unchanged table.
   */
  static final String QUERY = "select k, count(*) from g where id > ? group by k";

  static final int EXECUTIONS = 7;
  static final List<Stores.Kind> ENGINES =
      List.of(Stores.Kind.KITE_BORROWED, Stores.Kind.SQLITE, Stores.Kind.H2_DEFAULT);

  private final Path work;
  private final Results results;
  private final Consumer<String> log;
  private final List<Integer> sizes;
  private final int executions;

  GroupKeysBench(BenchConfig config, Path work, Results results, Consumer<String> log) {
    this.work = work;
    this.results = results;
    this.log = log;
    boolean smoke = config.name().equals("smoke");
    this.sizes = sizes(smoke);
    this.executions = smoke ? 2 : EXECUTIONS;
  }

  /** The distinct-key counts of a run: 1k, 2k, 4k (a tenth of that in the smoke run). */
  static List<Integer> sizes(boolean smoke) {
    return smoke ? List.of(100, 200, 400) : List.of(1000, 2000, 4000);
  }

  /**
   * Key {@code i} of a data set: {@link #KEY_CHARS} chars, 8 digits of {@code i} in the middle or
   * at the start.
   */
  static String key(String shape, int i) {
    var digits = String.format("%08d", i);
    int half = (KEY_CHARS - digits.length()) / 2;
    return shape.equals(ADVERSARIAL)
        ? "p".repeat(half) + digits + "q".repeat(KEY_CHARS - digits.length() - half)
        : digits + "p".repeat(KEY_CHARS - digits.length());
  }

  void run() throws Exception {
    for (var shape : List.of(ORDINARY, ADVERSARIAL)) {
      for (int n : sizes) {
        var stores = new Stores(work.resolve(shape + "-" + n));
        var load =
            new Stores.TableLoad(
                "insert into g values (?, ?)",
                2 * n,
                i -> new Object[] {i, key(shape, i % n)},
                KEY_CHARS + 16);
        stores.loadAll(
            List.of("create table g (id int primary key, k varchar)"), List.of(load), 1000);
        for (var kind : ENGINES) {
          try (var engine = stores.open(kind)) {
            double millis = median(engine, n);
            results.groupKeys.add(new Results.GroupKeys(shape, n, kind.label(), millis));
            log.accept(
                String.format(
                    "  group keys | %s | %s, %,d keys: %.2f ms", kind.label(), shape, n, millis));
          }
        }
        BenchRunner.delete(work.resolve(shape + "-" + n));
      }
    }
  }

  private double median(Engine engine, int n) throws Exception {
    var query = engine.prepare(QUERY);
    var nanos =
        engine.inTransaction(
            () -> {
              // Unmeasured: two executions, and in a measured run 300 ms of them (C2 compiles the
              // grouping meanwhile).
              long warmEnd = System.nanoTime() + (executions < EXECUTIONS ? 0 : 300_000_000L);
              int run = 0;
              for (int w = 0; w < 2 || System.nanoTime() < warmEnd; w++) {
                execute(engine, query, n, --run);
              }
              var times = new long[executions];
              for (int e = 0; e < executions; e++) {
                times[e] = execute(engine, query, n, --run);
              }
              return times;
            });
    Arrays.sort(nanos);
    return nanos[nanos.length / 2] / 1e6;
  }

  /**
   * One execution ({@code id > belowEveryId}: all rows), reading every group and its count; returns
   * its nanoseconds.
   */
  private static long execute(Engine engine, Engine.Query query, int n, int belowEveryId)
      throws Exception {
    long start = System.nanoTime();
    long groups = 0;
    long rows = 0;
    var result = query.execute(new Object[] {belowEveryId});
    while (result.next()) {
      groups++;
      rows += result.number(1);
    }
    result.close();
    long nanos = System.nanoTime() - start;
    if (groups != n || rows != 2L * n) {
      throw new IllegalStateException(
          engine.name()
              + ": expected "
              + n
              + " groups of 2 rows, got "
              + groups
              + " groups of "
              + rows
              + " rows");
    }
    return nanos;
  }
}
