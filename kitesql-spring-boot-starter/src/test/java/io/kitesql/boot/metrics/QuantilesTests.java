package io.kitesql.boot.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QuantilesTests {

  @Test
  void emptyHasNoQuantile() {
    assertTrue(Double.isNaN(new Quantiles().valueAt(0.5)));
  }

  @Test
  void smallValuesAreExact() {
    var q = new Quantiles();
    for (long v = 0; v < Quantiles.SUB_BUCKETS; v++) {
      q.record(v);
    }
    // 16 values 0..15: the 50% rank is the 8th value (7), the 99% rank the 16th (15)
    assertEquals(7, q.valueAt(0.5));
    assertEquals(15, q.valueAt(0.99));
    assertEquals(0, q.valueAt(0.0));
  }

  @Test
  void bucketsCoverEveryLongInOrderWithoutGaps() {
    long previousUpper = -1;
    for (int i = 0; i <= Quantiles.index(Long.MAX_VALUE); i++) {
      double upper = Quantiles.upperValue(i);
      assertTrue(upper > previousUpper, "bucket " + i);
      // the bucket's lowest value is the one after the previous bucket's highest
      assertEquals(i, Quantiles.index(previousUpper + 1), "bucket " + i);
      previousUpper = (long) upper;
    }
  }

  @Test
  void quantilesOfRandomValuesAreWithinOneSubBucketOfTheExactOnes() {
    var random = new SplittableRandom(7);
    for (int round = 0; round < 20; round++) {
      var q = new Quantiles();
      var values = new long[1 + random.nextInt(5000)];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextLong(1, 1L << random.nextInt(1, 40));
        q.record(values[i]);
      }
      Arrays.sort(values);
      for (double p : new double[] {0.5, 0.9, 0.99, 1.0}) {
        long exact = values[(int) Math.max(0, Math.ceil(p * values.length) - 1)];
        double estimate = q.valueAt(p);
        assertTrue(
            estimate >= exact && estimate <= exact * (1 + 1.0 / Quantiles.SUB_BUCKETS),
            "p" + p + ": exact " + exact + ", estimate " + estimate);
      }
    }
  }

  @Test
  void negativeValuesCountAsZero() {
    var q = new Quantiles();
    q.record(-5);
    assertEquals(0, q.valueAt(1.0));
  }
}
