package io.kitesql.table;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The key intervals of one walk, in ascending key order and disjoint: the ranges a scan was given,
 * each encoded ({@link KeyInterval}), the empty ones dropped, sorted by their first key, and those
 * that overlap or touch merged, so that a key that several ranges hold ({@code id IN (3, 3)}) is
 * visited once. The intervals are pooled: a cursor reopened with as many ranges as before allocates
 * nothing but the sort's.
 */
final class KeyIntervals {
  private static final Comparator<KeyInterval> BY_FROM = KeyInterval::compareFrom;

  private KeyInterval[] pool;
  private int count;

  KeyIntervals(KeyInterval first) {
    this.pool = new KeyInterval[] {first};
  }

  /** One interval, possibly empty (then the walk finds no key). */
  void set(List<?> lower, boolean lowerInclusive, List<?> upper, boolean upperInclusive) {
    pool[0].set(lower, lowerInclusive, upper, upperInclusive);
    count = 1;
  }

  /** The intervals of {@code ranges}: sorted, without the empty ones, overlapping ones merged. */
  void set(KeyRanges ranges) {
    if (pool.length < ranges.size()) {
      int old = pool.length;
      pool = Arrays.copyOf(pool, ranges.size());
      for (int i = old; i < pool.length; i++) {
        pool[i] = pool[0].blank();
      }
    }
    int n = 0;
    for (int i = 0; i < ranges.size(); i++) {
      pool[n].set(
          ranges.lower(i), ranges.lowerInclusive(i), ranges.upper(i), ranges.upperInclusive(i));
      if (!pool[n].isEmpty()) {
        n++;
      }
    }
    if (n > 1) {
      Arrays.sort(pool, 0, n, BY_FROM);
    }
    count = merge(n);
  }

  /**
   * Merges each interval that starts at or before the end of the one before into it; the new count.
   */
  private int merge(int n) {
    if (n == 0) {
      return 0;
    }
    int last = 0;
    for (int i = 1; i < n; i++) {
      if (pool[i].compareFromWithTo(pool[last]) <= 0) {
        pool[last].extendTo(pool[i]);
      } else {
        last++;
        var kept = pool[i]; // swapped, not overwritten: the pool keeps every interval object
        pool[i] = pool[last];
        pool[last] = kept;
      }
    }
    return last + 1;
  }

  int count() {
    return count;
  }

  /** The {@code i}-th interval in ascending key order. */
  KeyInterval get(int i) {
    return pool[i];
  }
}
