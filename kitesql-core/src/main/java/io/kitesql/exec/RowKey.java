package io.kitesql.exec;

import java.util.Arrays;

/**
 * Values as a hash key (GROUP BY keys, DISTINCT rows): equal when all values are equal, NULL
 * equal to NULL. Text hashes and compares on its bytes in place, so borrowed text stays borrowed.
 */
record RowKey(Object[] values) {
  @Override
  public boolean equals(Object o) {
    return o instanceof RowKey k && Arrays.equals(values, k.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "RowKey" + Arrays.toString(values);
  }
}
