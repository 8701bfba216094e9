package io.kitesql.boot.metrics;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A cumulative log-linear histogram of non-negative longs, for the p50 and p99 the actuator
 * endpoint shows per statement. Recording is one array increment (no clock read, no lock, no
 * allocation), which is why the meters do not ask Micrometer for client-side percentiles: those
 * keep rotating HdrHistograms and cost several times the statement's own metrics per call.
 *
 * <p>Each power of two is split into {@value #SUB_BUCKETS} equal buckets, so a quantile is within
 * 1/{@value #SUB_BUCKETS} (about 6%) of the recorded value it stands for; values below {@value
 * #SUB_BUCKETS} are exact.
 */
final class Quantiles {
  private static final int SUB_BITS = 4;
  static final int SUB_BUCKETS = 1 << SUB_BITS;

  /** Bucket index of the largest long, plus one. */
  private static final int BUCKETS = index(Long.MAX_VALUE) + 1;

  private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

  /** Records {@code value}; negative values count as 0. */
  void record(long value) {
    counts.getAndIncrement(index(Math.max(0, value)));
  }

  /**
   * The smallest recorded bucket's upper value below which at least {@code p} of the recorded
   * values lie; {@code NaN} when nothing was recorded.
   */
  double valueAt(double p) {
    long total = 0;
    var snapshot = new long[BUCKETS];
    for (int i = 0; i < BUCKETS; i++) {
      snapshot[i] = counts.get(i);
      total += snapshot[i];
    }
    if (total == 0) {
      return Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(p * total));
    long seen = 0;
    for (int i = 0; i < BUCKETS; i++) {
      seen += snapshot[i];
      if (seen >= rank) {
        return upperValue(i);
      }
    }
    return upperValue(BUCKETS - 1);
  }

  /**
   * Values 0..15 have a bucket each; above, the top {@value #SUB_BITS} bits after the leading one
   * pick the bucket.
   */
  static int index(long value) {
    if (value < SUB_BUCKETS) {
      return (int) value;
    }
    int magnitude = 63 - Long.numberOfLeadingZeros(value); // >= SUB_BITS
    int sub = (int) (value >>> (magnitude - SUB_BITS)) & (SUB_BUCKETS - 1);
    return (magnitude - SUB_BITS + 1) * SUB_BUCKETS + sub;
  }

  /** The largest value that lands in bucket {@code index}. */
  static double upperValue(int index) {
    if (index < SUB_BUCKETS) {
      return index;
    }
    int magnitude = index / SUB_BUCKETS + SUB_BITS - 1;
    int sub = index % SUB_BUCKETS;
    double lower = Math.scalb((double) (SUB_BUCKETS + sub), magnitude - SUB_BITS);
    return lower + Math.scalb(1.0, magnitude - SUB_BITS) - 1;
  }
}
