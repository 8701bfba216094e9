package io.kitesql.exec;

import java.math.BigDecimal;

/**
 * Hash-key normalization: values that compare equal must hash equal. Join keys may mix numeric
 * types (an INT column joined to a BIGINT or DECIMAL one), so numbers become one representation.
 * Text and binary values are used as they are (their hash is over their bytes).
 */
final class Keys {
  private Keys() {}

  static Object normalize(Object v) {
    return switch (v) {
      case Integer i -> (long) i;
      case Long l -> l;
      case BigDecimal d -> normalizeDecimal(d);
      case Double d -> normalizeDouble(d);
      default -> v;
    };
  }

  private static Object normalizeDecimal(BigDecimal d) {
    var stripped = d.stripTrailingZeros();
    if (stripped.scale() <= 0 && stripped.precision() - stripped.scale() <= 18) {
      return stripped.longValueExact();
    }
    return stripped;
  }

  private static Object normalizeDouble(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return d;
    }
    if (d == Math.rint(d) && Math.abs(d) < 0x1p62) {
      return (long) d;
    }
    return d == 0.0 ? 0.0 : BigDecimal.valueOf(d).stripTrailingZeros();
  }
}
