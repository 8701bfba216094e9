package io.kitesql.exec;

import java.util.Arrays;

/**
 * The groups of an aggregation by one integer key ({@link ScanAggregateOperator}): an open
 * addressing table from key to group index (groups numbered in order of first appearance), plus the
 * group of NULL. Keys stay primitive, so finding a row's group allocates nothing; the arrays are
 * kept across executions and only grow. Not thread-safe.
 */
final class LongGroups {
  private static final int EMPTY = -1;

  /** Per slot: the key, valid where {@link #slotGroups} is not EMPTY. */
  private long[] slotKeys = new long[16];

  private int[] slotGroups = filled(16);

  /** Per group: its key (unset for the NULL group). */
  private long[] keys = new long[16];

  private int size;
  private int nullGroup = EMPTY;

  private static int[] filled(int n) {
    var a = new int[n];
    Arrays.fill(a, EMPTY);
    return a;
  }

  /** Forgets every group (keeps the arrays). */
  void clear() {
    if (size > 0) {
      Arrays.fill(slotGroups, EMPTY);
    }
    size = 0;
    nullGroup = EMPTY;
  }

  /** The number of groups. */
  int size() {
    return size;
  }

  /** The group of NULL, or -1. */
  int nullGroup() {
    return nullGroup;
  }

  /** The key of group {@code g} (not the NULL group). */
  long key(int g) {
    return keys[g];
  }

  /** The group of {@code key}, or -1. */
  int find(long key) {
    int mask = slotGroups.length - 1;
    for (int s = slot(key, mask); ; s = (s + 1) & mask) {
      int g = slotGroups[s];
      if (g == EMPTY || slotKeys[s] == key) {
        return g;
      }
    }
  }

  /** Records group {@code g} (the next index, {@link #size()}) for NULL; returns it. */
  int addNull(int g) {
    checkNext(g);
    nullGroup = g;
    size++;
    return g;
  }

  /**
   * Records group {@code g} (the next index, {@link #size()}) for {@code key}, which has none;
   * returns it.
   */
  int add(long key, int g) {
    checkNext(g);
    if (2 * (size + 1) > slotGroups.length) {
      rehash(2 * slotGroups.length);
    }
    keys[g] = key;
    insert(key, g);
    size++;
    return g;
  }

  private void checkNext(int g) {
    if (g != size) {
      throw new IllegalStateException("group " + g + " is not the next one, " + size);
    }
    if (g >= keys.length) {
      keys = Arrays.copyOf(keys, 2 * keys.length);
    }
  }

  private void insert(long key, int g) {
    int mask = slotGroups.length - 1;
    int s = slot(key, mask);
    while (slotGroups[s] != EMPTY) {
      s = (s + 1) & mask;
    }
    slotKeys[s] = key;
    slotGroups[s] = g;
  }

  private void rehash(int capacity) {
    slotKeys = new long[capacity];
    slotGroups = filled(capacity);
    for (int g = 0; g < size; g++) {
      if (g != nullGroup) {
        insert(keys[g], g);
      }
    }
  }

  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L; // Fibonacci hashing: sequential keys spread over the table
    return (int) (h >>> 32) & mask;
  }
}
