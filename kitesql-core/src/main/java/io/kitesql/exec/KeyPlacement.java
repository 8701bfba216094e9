package io.kitesql.exec;

import io.kitesql.expr.Coercions;
import io.kitesql.value.DataType;
import io.kitesql.value.Decimals;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * Where a compared value falls among the keys of a numeric key column, decided exactly: a parameter
 * or literal compared with the column need not be one of its values ({@code amount > 752.615} on a
 * DECIMAL(12,2) key, {@code smallint_col < 100000}, {@code int_col = 2.5}). The value is never
 * rounded to the nearest key: a lower bound moves up to the next key ({@code > 752.615} is {@code
 * >= 752.62}), an upper bound down to the previous one, an equality with a value no key can hold
 * matches nothing, and a value beyond the column's range is above or below every key. Costs are
 * bounded by {@link Decimals} ({@code 1E+999999999} is simply above every key).
 */
sealed interface KeyPlacement {
  BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** The value is the key {@code key} (of the column's Java type). */
  record At(Object key) implements KeyPlacement {}

  /** The value lies strictly between two keys; {@code key} is the one on the side asked for. */
  record Between(Object key) implements KeyPlacement {}

  /** The value is below every key of the column. */
  record Below() implements KeyPlacement {}

  /** The value is above every key of the column. */
  record Above() implements KeyPlacement {}

  /** Which neighbouring key {@link Between} reports. */
  enum Side {
    /** The smallest key above the value (for a lower bound). */
    NEXT,
    /** The largest key below the value (for an upper bound). */
    PREVIOUS
  }

  /**
   * {@code value} itself when it already is a key of {@code keyType} (an INT in range for an INT
   * key, a BIGINT for a BIGINT key, a DECIMAL of the key's scale and precision, a text that fits a
   * VARCHAR key), else null: the common case, answered without allocating.
   */
  static Object keyAsIs(Object value, DataType keyType) {
    return switch (keyType.kind()) {
      case INT ->
          value instanceof Integer i && i >= keyType.minInteger() && i <= keyType.maxInteger()
              ? value
              : null;
      case BIGINT -> value instanceof Long ? value : null;
      case DECIMAL ->
          value instanceof BigDecimal d
                  && d.scale() == keyType.scale()
                  && d.precision() <= keyType.precision()
              ? value
              : null;
      // a text no longer than the column's limit (a longer one fails as for storing, below)
      case VARCHAR ->
          value instanceof Text t && (keyType.length() == 0 || t.utf8Length() <= keyType.length())
              ? value
              : null;
      default -> null;
    };
  }

  /**
   * Places non-null {@code value} among the keys of type {@code keyType}. Values of non-numeric and
   * DOUBLE keys are converted as for storing ({@link Coercions#coerce}) and reported {@link At}:
   * comparisons with a DOUBLE column are made in double precision anyway.
   */
  static KeyPlacement of(Object value, DataType keyType, Side side) {
    var kind = keyType.kind();
    if (!(kind == TypeKind.INT || kind == TypeKind.BIGINT || kind == TypeKind.DECIMAL)
        || !(value instanceof Number n)) {
      return new At(Coercions.coerce(value, keyType));
    }
    if (value instanceof Integer || value instanceof Long) {
      return integerKey(n.longValue(), keyType)
          .orElse(n.longValue() < 0 ? new Below() : new Above());
    }
    if (value instanceof Double d && !Double.isFinite(d)) {
      return d == Double.NEGATIVE_INFINITY
          ? new Below()
          : new Above(); // NaN sorts after every number
    }
    return decimal(
        value instanceof BigDecimal d ? d : BigDecimal.valueOf(n.doubleValue()), keyType, side);
  }

  private static KeyPlacement decimal(BigDecimal value, DataType keyType, Side side) {
    boolean isDecimal = keyType.kind() == TypeKind.DECIMAL;
    int scale = isDecimal ? keyType.scale() : 0;
    int integerDigits = isDecimal ? keyType.precision() - scale : 19;
    var mode = side == Side.NEXT ? RoundingMode.CEILING : RoundingMode.FLOOR;
    var rounded = Decimals.rounded(value, scale, mode, integerDigits);
    if (rounded.isEmpty() || Decimals.integerDigits(rounded.get()) > integerDigits) {
      return value.signum() < 0 ? new Below() : new Above();
    }
    var key = rounded.get();
    boolean exact = key.compareTo(value) == 0;
    if (!isDecimal) {
      if (key.compareTo(LONG_MIN) < 0 || key.compareTo(LONG_MAX) > 0) {
        return key.signum() < 0 ? new Below() : new Above();
      }
      var inRange = integerKey(key.longValue(), keyType);
      if (inRange.isEmpty()) {
        return key.signum() < 0 ? new Below() : new Above();
      }
      return exact ? inRange.get() : new Between(((At) inRange.get()).key());
    }
    return exact ? new At(key) : new Between(key);
  }

  /** {@code v} as a key of integer or decimal type {@code keyType}, if it is in its range. */
  private static Optional<KeyPlacement> integerKey(long v, DataType keyType) {
    return switch (keyType.kind()) {
      case INT ->
          v >= keyType.minInteger() && v <= keyType.maxInteger()
              ? Optional.of(new At((int) v))
              : Optional.empty();
      case BIGINT -> Optional.of(new At(v));
      default -> {
        var d = BigDecimal.valueOf(v);
        yield Decimals.integerDigits(d) <= keyType.precision() - keyType.scale()
            ? Optional.of(new At(d.setScale(keyType.scale())))
            : Optional.empty();
      }
    };
  }
}
