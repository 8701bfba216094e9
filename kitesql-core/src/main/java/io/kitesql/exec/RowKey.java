package io.kitesql.exec;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Values as a hash key (GROUP BY keys, DISTINCT rows, set operations): equal when all values are
 * equal as SQL compares them, NULL equal to NULL. Text hashes and compares on its bytes in place,
 * so borrowed text stays borrowed. The values themselves are kept as they are (GROUP BY returns
 * them), only equality and hash follow SQL: {@code -0.0} is {@code 0.0} (Double.equals tells them
 * apart) and a decimal is equal whatever its scale ({@code 1.0} and {@code 1.00}).
 *
 * <p>Keys are also ordered, consistently with {@code equals} (see {@link #compareTo}). Text hashes
 * read only the ends of long values, so many long texts that differ only in the middle share one
 * hash; the JDK's hash maps then turn that bucket into a tree ordered by {@code compareTo}, which
 * keeps the worst case at O(log n) comparisons per lookup instead of a linear chain walk. A
 * comparison reads a text only up to its first differing byte, so ordinary keys still touch only
 * what their hash read, and nothing is copied.
 */
record RowKey(Object[] values) implements Comparable<RowKey> {
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RowKey k) || k.values.length != values.length) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      if (!same(values[i], k.values[i])) {
        return false;
      }
    }
    return true;
  }

  private static boolean same(Object a, Object b) {
    return switch (a) {
      case Double x when b instanceof Double y ->
          x.doubleValue() == y.doubleValue() || x.isNaN() && y.isNaN();
      case BigDecimal x when b instanceof BigDecimal y -> x.compareTo(y) == 0;
      case null -> b == null;
      default -> a.equals(b);
    };
  }

  @Override
  public int hashCode() {
    int hash = 1;
    for (Object v : values) {
      int h =
          switch (v) {
            case Double d -> Double.hashCode(d == 0.0 ? 0.0 : d); // -0.0 == 0.0
            case BigDecimal d -> d.signum() == 0 ? 0 : d.stripTrailingZeros().hashCode();
            case null -> 0;
            default -> v.hashCode();
          };
      hash = 31 * hash + h;
    }
    return hash;
  }

  /**
   * A total order consistent with {@link #equals}: zero exactly when the keys are equal. Values
   * compare in their own order (text and binary by bytes, {@code -0.0} as {@code 0.0}, NaN equal to
   * NaN, decimals by value whatever their scale); NULL sorts first; values of different classes,
   * which are never equal, sort by class name. The order means nothing to SQL: it only lets hash
   * tables keep colliding keys in a tree.
   */
  @Override
  public int compareTo(RowKey o) {
    int n = Math.min(values.length, o.values.length);
    for (int i = 0; i < n; i++) {
      int c = compareValues(values[i], o.values[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(values.length, o.values.length);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValues(Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a.getClass() != b.getClass()) {
      return a.getClass().getName().compareTo(b.getClass().getName());
    }
    return switch (a) {
      case Double x -> Double.compare(x == 0.0 ? 0.0 : x, (Double) b == 0.0 ? 0.0 : (Double) b);
      case BigDecimal x -> x.compareTo((BigDecimal) b);
      // Every other value class the engine produces (Integer, Long, Boolean, Text, Binary, dates)
      // orders consistently with its equals.
      case Comparable c -> c.compareTo(b);
      // Not reached for engine values; 0 keeps hash maps correct (they then search both sides).
      default -> 0;
    };
  }

  @Override
  public String toString() {
    return "RowKey" + Arrays.toString(values);
  }
}
