package io.kitesql.exec;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Values as a hash key (GROUP BY keys, DISTINCT rows, set operations): equal when all values are
 * equal as SQL compares them, NULL equal to NULL. Text hashes and compares on its bytes in place,
 * so borrowed text stays borrowed. The values themselves are kept as they are (GROUP BY returns
 * them), only equality and hash follow SQL: {@code -0.0} is {@code 0.0} (Double.equals tells them
 * apart) and a decimal is equal whatever its scale ({@code 1.0} and {@code 1.00}).
 */
record RowKey(Object[] values) {
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
      case Double x when b instanceof Double y -> x.doubleValue() == y.doubleValue() || x.isNaN() && y.isNaN();
      case BigDecimal x when b instanceof BigDecimal y -> x.compareTo(y) == 0;
      case null -> b == null;
      default -> a.equals(b);
    };
  }

  @Override
  public int hashCode() {
    int hash = 1;
    for (Object v : values) {
      int h = switch (v) {
        case Double d -> Double.hashCode(d == 0.0 ? 0.0 : d); // -0.0 == 0.0
        case BigDecimal d -> d.signum() == 0 ? 0 : d.stripTrailingZeros().hashCode();
        case null -> 0;
        default -> v.hashCode();
      };
      hash = 31 * hash + h;
    }
    return hash;
  }

  @Override
  public String toString() {
    return "RowKey" + Arrays.toString(values);
  }
}
