package io.kitesql.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Runs one cell: warm-up, then several measured rounds of executions, each execution timed alone.
 * The cell's p50 is the median of the rounds' medians (one noisy round on a shared machine does not
 * move it), its p99 is taken over all rounds' executions; allocation is the executing thread's
 * allocated-bytes counter over all measured executions, divided by their count. All executions of a
 * cell run in one transaction of the engine. Must run on a platform thread (the counter is -1 on
 * virtual threads).
 */
public final class Measure {

  /** Reads the rows of one execution, closes them, and returns a checksum. */
  @FunctionalInterface
  public interface Consumer {
    long consume(Engine.Rows rows) throws Exception;
  }

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** Defeats dead-code elimination of the consumers' results. */
  static volatile long blackhole;

  private final BenchConfig config;

  public Measure(BenchConfig config) {
    this.config = config;
  }

  /** Allocated bytes of the current thread so far (-1 if unsupported, e.g. a virtual thread). */
  public static long allocatedBytes() {
    return THREADS.getCurrentThreadAllocatedBytes();
  }

  /**
   * Measures {@code query} over {@code parameters} (cycled); an engine error yields {@link
   * Results.Unsupported}.
   */
  public Results.Outcome cell(
      Engine engine, Engine.Query query, Object[][] parameters, Consumer consumer) {
    try {
      return engine.inTransaction(() -> measure(query, parameters, consumer));
    } catch (Exception | AssertionError e) {
      return new Results.Unsupported(reason(e));
    }
  }

  /**
   * One query alone: the loop calls it directly and reads the allocation counter once around all
   * executions. The side-by-side loop of {@link #cells} is not used for one variant: measured
   * through it, Table 1's allocation read 1,977 B per execution instead of 1,658 B (a direct probe
   * of the engine showed no such change), most likely because its indirect calls changed what C2
   * could inline and scalar-replace in the harness.
   */
  private Results.Outcome measure(Engine.Query query, Object[][] parameters, Consumer consumer)
      throws Exception {
    long sink = 0;
    int next = 0;
    long warmEnd = System.nanoTime() + config.warmupMillis() * 1_000_000;
    for (int n = 0; n < config.minExecutions() || System.nanoTime() < warmEnd; n++) {
      sink += consumer.consume(query.execute(parameters[next]));
      next = (next + 1) % parameters.length;
    }
    int rounds = config.rounds();
    int perRound = Math.max(config.minExecutions(), config.maxExecutions() / rounds);
    long roundNanos = config.measureMillis() * 1_000_000 / rounds;
    var latencies = new long[perRound * rounds];
    var roundMedians = new double[rounds];
    var roundSorted =
        new long[perRound]; // allocated before the counter starts, like everything measured
    int count = 0;
    long allocatedBefore = allocatedBytes();
    for (int round = 0; round < rounds; round++) {
      int from = count;
      long roundEnd = System.nanoTime() + roundNanos;
      while (count - from < perRound
          && (count - from < config.minExecutions() || System.nanoTime() < roundEnd)) {
        long start = System.nanoTime();
        sink += consumer.consume(query.execute(parameters[next]));
        latencies[count++] = System.nanoTime() - start;
        next = (next + 1) % parameters.length;
      }
      int n = count - from;
      System.arraycopy(latencies, from, roundSorted, 0, n);
      Arrays.sort(roundSorted, 0, n);
      roundMedians[round] = percentile(roundSorted, n, 0.50);
    }
    long allocated = allocatedBytes() - allocatedBefore;
    blackhole += sink;
    return outcome(latencies, count, roundMedians, allocated);
  }

  /**
   * Measures several variants of one query side by side: every parameter runs on each variant in
   * turn (a b, b a, a b, ...: which goes first, and meets the rows' pages cold, rotates) in one
   * transaction, each timed and its allocation counted alone, so that a noisy neighbour or a GC
   * slows every variant alike and the ratios between them stay meaningful on a shared machine. One
   * outcome per variant, in order; an engine error makes every outcome {@link Results.Unsupported}.
   */
  public Results.Outcome[] cells(
      Engine engine, Engine.Query[] variants, Object[][] parameters, Consumer consumer) {
    try {
      return engine.inTransaction(() -> measure(variants, parameters, consumer));
    } catch (Exception | AssertionError e) {
      var failed = new Results.Outcome[variants.length];
      Arrays.fill(failed, new Results.Unsupported(reason(e)));
      return failed;
    }
  }

  private Results.Outcome[] measure(
      Engine.Query[] variants, Object[][] parameters, Consumer consumer) throws Exception {
    int k = variants.length;
    long sink = 0;
    int next = 0;
    long warmEnd = System.nanoTime() + config.warmupMillis() * 1_000_000;
    for (int n = 0; n < config.minExecutions() || System.nanoTime() < warmEnd; n++) {
      sink += consumer.consume(variants[n % k].execute(parameters[next]));
      next = (next + 1) % parameters.length;
    }
    int rounds = config.rounds();
    int perRound = Math.max(config.minExecutions(), config.maxExecutions() / rounds);
    long roundNanos = config.measureMillis() * k * 1_000_000 / rounds;
    // everything measured is allocated before the counters start
    var latencies = new long[k][perRound * rounds];
    var roundMedians = new double[k][rounds];
    var roundSorted = new long[perRound];
    var allocated = new long[k];
    int count = 0;
    for (int round = 0; round < rounds; round++) {
      int from = count;
      long roundEnd = System.nanoTime() + roundNanos;
      while (count - from < perRound
          && (count - from < config.minExecutions() || System.nanoTime() < roundEnd)) {
        var parameter = parameters[next];
        for (int i = 0; i < k; i++) {
          // the first variant on a parameter meets its pages cold: each goes first in turn
          int v = (i + count) % k;
          long allocatedBefore = allocatedBytes();
          long start = System.nanoTime();
          sink += consumer.consume(variants[v].execute(parameter));
          latencies[v][count] = System.nanoTime() - start;
          allocated[v] += allocatedBytes() - allocatedBefore;
        }
        count++;
        next = (next + 1) % parameters.length;
      }
      for (int v = 0; v < k; v++) {
        int n = count - from;
        System.arraycopy(latencies[v], from, roundSorted, 0, n);
        Arrays.sort(roundSorted, 0, n);
        roundMedians[v][round] = percentile(roundSorted, n, 0.50);
      }
    }
    blackhole += sink;
    var outcomes = new Results.Outcome[k];
    for (int v = 0; v < k; v++) {
      outcomes[v] = outcome(latencies[v], count, roundMedians[v], allocated[v]);
    }
    return outcomes;
  }

  /**
   * A cell from its latencies (sorted here), its rounds' medians (sorted here) and its allocated
   * bytes.
   */
  static Results.Measured outcome(
      long[] latencies, int count, double[] roundMedians, long allocated) {
    int rounds = roundMedians.length;
    Arrays.sort(latencies, 0, count);
    Arrays.sort(roundMedians);
    double median =
        rounds % 2 == 1
            ? roundMedians[rounds / 2]
            : (roundMedians[rounds / 2 - 1] + roundMedians[rounds / 2]) / 2;
    return new Results.Measured(
        median / 1e3,
        percentile(latencies, count, 0.99) / 1e3,
        (double) allocated / count,
        count,
        roundMedians[rounds - 1] / roundMedians[0]);
  }

  private static double percentile(long[] sorted, int count, double p) {
    int index = (int) Math.ceil(p * count) - 1;
    return sorted[Math.max(0, Math.min(count - 1, index))];
  }

  /** A one-line reason for the report: the innermost message. */
  public static String reason(Throwable e) {
    var root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    var message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    message = message.replace('\n', ' ').replace('|', '/');
    return message.length() > 160 ? message.substring(0, 157) + "..." : message;
  }
}
