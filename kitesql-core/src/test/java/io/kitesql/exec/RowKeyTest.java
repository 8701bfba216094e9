package io.kitesql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RowKey}'s order agrees with its SQL equality, and keys whose hashes collide (long texts
 * that share their first and last 128 bytes) cost O(log n) comparisons per hash-table lookup, not a
 * walk of one long bucket chain. Comparisons are counted, not timed, so the bound cannot flake.
 */
class RowKeyTest {
  /** Long enough that the text hash reads only the ends (values over 1 KiB: 128 bytes of each). */
  private static final int LONG_TEXT = 5000;

  @Test
  void orderIsConsistentWithSqlEquality() {
    var values = new ArrayList<Object>();
    values.add(null);
    values.addAll(
        List.of(
            0,
            1,
            -1,
            0L,
            1L,
            Long.MIN_VALUE,
            0.0,
            -0.0,
            1.5,
            Double.NaN,
            Double.longBitsToDouble(0x7ff8000000000001L),
            Double.NEGATIVE_INFINITY,
            new BigDecimal("1.0"),
            new BigDecimal("1.00"),
            new BigDecimal("1"),
            BigDecimal.ZERO,
            new BigDecimal("0.000"),
            new BigDecimal("-2.5"),
            true,
            false,
            LocalDate.of(2026, 1, 2),
            Text.of(""),
            Text.of("a"),
            Text.of("ab"),
            Text.of("é"),
            Text.ofUtf8("ab".getBytes()),
            Binary.ofOwned(new byte[] {1}),
            Binary.ofOwned(new byte[] {1}),
            Binary.ofOwned(new byte[0])));
    values.addAll(adversarialTexts(4));
    for (var a : values) {
      for (var b : values) {
        var ka = new RowKey(new Object[] {a, 7});
        var kb = new RowKey(new Object[] {b, 7});
        boolean equal = ka.equals(kb);
        assertThat(ka.compareTo(kb) == 0).as("%s vs %s", a, b).isEqualTo(equal);
        assertThat(Integer.signum(ka.compareTo(kb)))
            .as("%s vs %s", a, b)
            .isEqualTo(-Integer.signum(kb.compareTo(ka)));
        if (equal) {
          assertThat(ka.hashCode()).as("%s vs %s", a, b).isEqualTo(kb.hashCode());
        }
      }
    }
    // the SQL equalities the order must keep
    assertThat(key(-0.0).compareTo(key(0.0))).isZero();
    assertThat(key(Double.NaN).compareTo(key(Double.longBitsToDouble(0x7ff8000000000001L))))
        .isZero();
    assertThat(key(new BigDecimal("1.0")).compareTo(key(new BigDecimal("1.00")))).isZero();
    assertThat(key((Object) null).compareTo(key((Object) null))).isZero();
    assertThat(new RowKey(new Object[0]).compareTo(key(1))).isNegative();
  }

  @Test
  void orderIsTransitive() {
    var random = new Random(15);
    var keys = new ArrayList<RowKey>();
    var pool =
        new Object[] {
          null,
          1,
          2L,
          -0.0,
          0.0,
          3.5,
          new BigDecimal("2.0"),
          new BigDecimal("2"),
          Text.of("x"),
          Text.of("y"),
          true
        };
    for (int i = 0; i < 200; i++) {
      keys.add(
          new RowKey(
              new Object[] {pool[random.nextInt(pool.length)], pool[random.nextInt(pool.length)]}));
    }
    keys.addAll(adversarialTexts(20).stream().map(RowKeyTest::key).toList());
    for (var a : keys) {
      for (var b : keys) {
        for (int k = 0; k < 5; k++) {
          var c = keys.get(random.nextInt(keys.size()));
          if (a.compareTo(b) <= 0 && b.compareTo(c) <= 0) {
            assertThat(a.compareTo(c)).as("%s <= %s <= %s", a, b, c).isLessThanOrEqualTo(0);
          }
        }
      }
    }
  }

  @Test
  void adversarialTextsReallyShareOneHash() {
    var texts = adversarialTexts(500);
    assertThat(new HashSet<>(texts)).hasSize(500);
    assertThat(texts.stream().map(RowKeyTest::key).mapToInt(RowKey::hashCode).distinct().count())
        .isEqualTo(1);
  }

  /**
   * Up to 1 KiB a text is hashed whole: 1,000-byte keys that differ only in the middle (GROUP BY's
   * adversarial bench case) spread over hashes like any others, so they cost what ordinary keys
   * cost, not a walk down one tree bin.
   */
  @Test
  void textsUpTo1KiBThatDifferOnlyInTheMiddleHashApart() {
    for (int length : new int[] {300, 1000, 1024}) {
      var hashes =
          textsDifferingInTheMiddle(2000, length).stream()
              .mapToInt(Text::hashCode)
              .distinct()
              .count();
      assertThat(hashes)
          .as("distinct hashes of 2,000 texts of %d bytes", length)
          .isGreaterThanOrEqualTo(1990);
    }
  }

  @Test
  void collidingKeysCostLogarithmicComparisonsInSetsAndMaps() {
    for (int n : new int[] {1024, 4096}) {
      // DistinctOperator, UnionOperator: a HashSet of keys; each key inserted twice
      var counter = new long[1];
      var probes = adversarialTexts(n).stream().map(t -> new CountingText(t, counter)).toList();
      var set = new HashSet<RowKey>();
      for (int round = 0; round < 2; round++) {
        for (var p : probes) {
          set.add(key(p));
        }
      }
      assertThat(set).hasSize(n);
      assertWithinLogBound(counter[0], 2 * n, "HashSet of " + n);

      // HashAggregateOperator: a LinkedHashMap via computeIfAbsent, groups in first-seen order
      counter[0] = 0;
      var groups = new LinkedHashMap<RowKey, int[]>();
      for (int round = 0; round < 2; round++) {
        for (var p : probes) {
          groups.computeIfAbsent(key(p), _ -> new int[1])[0]++;
        }
      }
      assertThat(groups.values()).allSatisfy(count -> assertThat(count[0]).isEqualTo(2));
      assertThat(groups.keySet().stream().map(k -> k.values()[0]).toList()).isEqualTo(probes);
      assertWithinLogBound(counter[0], 2 * n, "LinkedHashMap of " + n);
    }
  }

  /**
   * Quadratic behaviour would take about ops * n / 2 comparisons (2 million for 1024 keys, 33
   * million for 4096); a tree takes a few times ops * log2(ops).
   */
  private static void assertWithinLogBound(long comparisons, int ops, String what) {
    long bound = 8L * ops * (32 - Integer.numberOfLeadingZeros(ops));
    assertThat(comparisons).as(what).isPositive().isLessThanOrEqualTo(bound);
  }

  /**
   * Distinct texts of {@value #LONG_TEXT} bytes with the same first and last 128 bytes: they differ
   * only in the middle, which the hash does not read.
   */
  static List<Text> adversarialTexts(int n) {
    return textsDifferingInTheMiddle(n, LONG_TEXT);
  }

  private static List<Text> textsDifferingInTheMiddle(int n, int length) {
    var out = new ArrayList<Text>(n);
    for (int i = 0; i < n; i++) {
      var middle = String.format("%08d", i);
      var sb = new StringBuilder(length);
      sb.repeat("a", (length - middle.length()) / 2).append(middle);
      sb.repeat("z", length - sb.length());
      out.add(Text.of(sb.toString()));
    }
    return out;
  }

  private static RowKey key(Object value) {
    return new RowKey(new Object[] {value});
  }

  /** A text whose equality and order checks are counted; its hash is the text's own. */
  private record CountingText(Text text, long[] counter) implements Comparable<CountingText> {
    @Override
    public boolean equals(Object o) {
      counter[0]++;
      return o instanceof CountingText c && text.equals(c.text);
    }

    @Override
    public int hashCode() {
      return text.hashCode();
    }

    @Override
    public int compareTo(CountingText o) {
      counter[0]++;
      return text.compareTo(o.text);
    }
  }
}
