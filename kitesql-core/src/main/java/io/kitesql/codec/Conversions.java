package io.kitesql.codec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.Decimals;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Conversions between Java values and their stored numeric forms, shared by keys and rows.
 *
 * <p>Every failure is a {@link KiteSqlException} with {@link ErrorCode#VALUE_OUT_OF_RANGE}: a value
 * outside the stored range, or a Java value of the wrong kind for the column.
 */
public final class Conversions {
  private static final long MICROS_PER_SECOND = 1_000_000L;

  private Conversions() {}

  /**
   * The epoch day of {@code date} as an {@code int}: dates within about ±5.8 million years of 1970
   * are storable (far beyond SQL's 0001..9999); {@code LocalDate.MIN/MAX} are not.
   */
  public static int toEpochDay(LocalDate date) {
    long day = date.toEpochDay();
    if (day != (int) day) {
      throw outOfRange("DATE " + date + " is outside the storable range");
    }
    return (int) day;
  }

  /** The date of an epoch day. */
  public static LocalDate fromEpochDay(int day) {
    return LocalDate.ofEpochDay(day);
  }

  /**
   * Microseconds since 1970-01-01T00:00 (zone-free). Sub-microsecond digits are truncated (towards
   * the past, so order is kept); about ±292,000 years around 1970 are storable.
   */
  public static long toEpochMicros(LocalDateTime ts) {
    long seconds = ts.toEpochSecond(ZoneOffset.UTC);
    long micros = ts.getNano() / 1000;
    if (seconds < 0 && micros > 0) {
      // Borrow a second so the product cannot overflow near Long.MIN_VALUE micros.
      seconds++;
      micros -= MICROS_PER_SECOND;
    }
    try {
      return Math.addExact(Math.multiplyExact(seconds, MICROS_PER_SECOND), micros);
    } catch (ArithmeticException e) {
      throw outOfRange("TIMESTAMP " + ts + " is outside the storable range");
    }
  }

  /** The timestamp of a microsecond count. */
  public static LocalDateTime fromEpochMicros(long micros) {
    long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
    int nanos = (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000;
    return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
  }

  /**
   * The unscaled {@code long} of {@code value} at {@code scale}, rounding extra fraction digits
   * half-up (as SQL assignment to a DECIMAL does).
   *
   * @param precision the column precision (values need {@code |unscaled| < 10^precision}), or 0 to
   *     only require that the unscaled value fits a {@code long}
   */
  public static long toUnscaled(BigDecimal value, int precision, int scale) {
    // Integer digits first: setScale on 1E+999999999 would build a gigantic BigInteger.
    BigInteger unscaled =
        Decimals.rounded(value, scale, RoundingMode.HALF_UP, 19)
            .map(BigDecimal::unscaledValue)
            .orElse(null);
    if (unscaled == null
        || unscaled.bitLength() > 63
        || (precision > 0 && unscaled.abs().compareTo(BigInteger.TEN.pow(precision)) >= 0)) {
      throw outOfRange(
          "DECIMAL value "
              + Decimals.describe(value)
              + " does not fit"
              + (precision > 0
                  ? " DECIMAL(" + precision + ", " + scale + ")"
                  : " at scale " + scale));
    }
    return unscaled.longValue();
  }

  /** The DECIMAL value of an unscaled long. */
  public static BigDecimal fromUnscaled(long unscaled, int scale) {
    return BigDecimal.valueOf(unscaled, scale);
  }

  static boolean toBoolean(Object v, DataType type) {
    if (v instanceof Boolean b) {
      return b;
    }
    throw wrongKind(v, type);
  }

  static int toInt(Object v, DataType type) {
    return switch (v) {
      case Integer i -> i;
      case Short s -> s;
      case Byte b -> b;
      default -> throw wrongKind(v, type);
    };
  }

  static long toLong(Object v, DataType type) {
    return switch (v) {
      case Long l -> l;
      case Integer i -> i;
      case Short s -> s;
      case Byte b -> b;
      default -> throw wrongKind(v, type);
    };
  }

  static double toDouble(Object v, DataType type) {
    return switch (v) {
      case Double d -> d;
      case Float f -> f;
      default -> throw wrongKind(v, type);
    };
  }

  static long toUnscaled(Object v, DataType type) {
    return switch (v) {
      case BigDecimal d -> toUnscaled(d, type.precision(), type.scale());
      case Long l -> toUnscaled(BigDecimal.valueOf(l), type.precision(), type.scale());
      case Integer i -> toUnscaled(BigDecimal.valueOf(i), type.precision(), type.scale());
      default -> throw wrongKind(v, type);
    };
  }

  static int toEpochDay(Object v, DataType type) {
    if (v instanceof LocalDate d) {
      return toEpochDay(d);
    }
    throw wrongKind(v, type);
  }

  static long toEpochMicros(Object v, DataType type) {
    if (v instanceof LocalDateTime ts) {
      return toEpochMicros(ts);
    }
    throw wrongKind(v, type);
  }

  static KiteSqlException wrongKind(Object v, DataType type) {
    return outOfRange("a " + v.getClass().getSimpleName() + " is not a value of type " + type);
  }

  static KiteSqlException outOfRange(String message) {
    return new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, message);
  }

  static KiteSqlException corrupt(String message) {
    return new KiteSqlException(ErrorCode.CORRUPT_RECORD, message);
  }
}
