package io.kitesql.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Several ranges of one key for one walk ({@link TableCursor#reopen(KvTransaction, KeyRanges)}),
 * each a pair of bounds as {@link KeyBounds} takes them. Reusable: {@link #clear} and {@link #add}
 * again for the next execution; the bound lists are kept and refilled, so a statement that looks up
 * the same number of values every time allocates nothing here after its first execution.
 */
public final class KeyRanges {
  private final List<List<Object>> lowers = new ArrayList<>();
  private final List<List<Object>> uppers = new ArrayList<>();
  private boolean[] lowerInclusive = new boolean[8];
  private boolean[] upperInclusive = new boolean[8];
  private int size;

  /** Forgets every range (keeps the lists for reuse). */
  public void clear() {
    size = 0;
  }

  /**
   * Adds a range: copies of the values of {@code lower} and {@code upper}, as in {@link KeyBounds}.
   */
  public void add(List<?> lower, boolean lowerInclusive, List<?> upper, boolean upperInclusive) {
    if (size == lowers.size()) {
      lowers.add(new ArrayList<>());
      uppers.add(new ArrayList<>());
    }
    if (size == this.lowerInclusive.length) {
      this.lowerInclusive = Arrays.copyOf(this.lowerInclusive, 2 * size);
      this.upperInclusive = Arrays.copyOf(this.upperInclusive, 2 * size);
    }
    fill(lowers.get(size), lower);
    fill(uppers.get(size), upper);
    this.lowerInclusive[size] = lowerInclusive;
    this.upperInclusive[size] = upperInclusive;
    size++;
  }

  private static void fill(List<Object> into, List<?> values) {
    into.clear();
    into.addAll(values);
  }

  public int size() {
    return size;
  }

  List<Object> lower(int i) {
    return lowers.get(i);
  }

  List<Object> upper(int i) {
    return uppers.get(i);
  }

  boolean lowerInclusive(int i) {
    return lowerInclusive[i];
  }

  boolean upperInclusive(int i) {
    return upperInclusive[i];
  }
}
