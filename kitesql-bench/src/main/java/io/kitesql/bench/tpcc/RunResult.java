package io.kitesql.bench.tpcc;

import io.kitesql.bench.tpcc.Transactions.Type;
import java.util.Arrays;
import java.util.List;

/** What one engine did in one timed run: per transaction type counts, latencies and allocation. */
final class RunResult {
  private static final int TYPES = Type.values().length;

  final String engine;
  long elapsedNanos;
  final long[] committed = new long[TYPES];
  final long[] late = new long[TYPES];

  /** New-Orders rolled back on their unused item (about 1%), as the harness intends. */
  final long[] rolledBack = new long[TYPES];

  /** Attempts that failed with an error (engine errors, SQLite's busy database): retried. */
  final long[] errors = new long[TYPES];

  /** Draws that still failed after the retries: not counted as committed. */
  final long[] gaveUp = new long[TYPES];

  /** Heap bytes allocated by all threads during committed attempts (1 terminal only, else -1). */
  final long[] allocated = new long[TYPES];

  final String[] firstError = new String[TYPES];
  private final long[][] latencies = new long[TYPES][];
  private final int[] counts = new int[TYPES];

  /** The consistency checks after the run: checked conditions and the violations found. */
  Consistency.Result consistency = new Consistency.Result(0, List.of());

  RunResult(String engine) {
    this.engine = engine;
    Arrays.fill(firstError, "");
    for (int i = 0; i < TYPES; i++) {
      latencies[i] = new long[1024];
    }
  }

  void latency(Type type, long nanos) {
    int t = type.ordinal();
    if (counts[t] == latencies[t].length) {
      latencies[t] = Arrays.copyOf(latencies[t], counts[t] * 2);
    }
    latencies[t][counts[t]++] = nanos;
  }

  /** Adds another terminal's counts (the elapsed time is the run's, set by the driver). */
  void merge(RunResult other) {
    for (int t = 0; t < TYPES; t++) {
      committed[t] += other.committed[t];
      late[t] += other.late[t];
      rolledBack[t] += other.rolledBack[t];
      errors[t] += other.errors[t];
      gaveUp[t] += other.gaveUp[t];
      allocated[t] =
          allocated[t] < 0 || other.allocated[t] < 0 ? -1 : allocated[t] + other.allocated[t];
      if (firstError[t].isEmpty()) {
        firstError[t] = other.firstError[t];
      }
      for (int i = 0; i < other.counts[t]; i++) {
        latency(Type.values()[t], other.latencies[t][i]);
      }
    }
  }

  /** Committed New-Orders per minute of the run's wall clock. */
  double tpmC() {
    return committed[Type.NEW_ORDER.ordinal()] * 60e9 / elapsedNanos;
  }

  /**
   * The latency at {@code quantile} (0..1) of the committed transactions of {@code type}, in ms;
   * NaN if none.
   */
  double latencyMillis(Type type, double quantile) {
    int t = type.ordinal();
    if (counts[t] == 0) {
      return Double.NaN;
    }
    var sorted = Arrays.copyOf(latencies[t], counts[t]);
    Arrays.sort(sorted);
    int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
    return sorted[Math.max(0, index)] / 1e6;
  }

  /**
   * Heap bytes per committed transaction of {@code type}; NaN if not measured or none committed.
   */
  double bytesPer(Type type) {
    int t = type.ordinal();
    return allocated[t] < 0 || committed[t] == 0
        ? Double.NaN
        : (double) allocated[t] / committed[t];
  }
}
