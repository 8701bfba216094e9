package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Decimals;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/**
 * Value conversions and the total order of values.
 *
 * <p>{@link #coerce} is assignment (INSERT, UPDATE SET, parameter binding): a too long VARCHAR or
 * VARBINARY is an error. {@link #cast} is {@code CAST}: it truncates them instead (as PostgreSQL
 * does), returning a view of the text. Both round numbers HALF_UP to a DECIMAL's scale or to an
 * integer, raise VALUE_OUT_OF_RANGE when the result does not fit, and raise INVALID_VALUE for text
 * that does not parse. Text is parsed in place (no {@code String} is made of it), and a value
 * already of the target type is returned as is, so views stay views.
 *
 * <p>{@link #exact} is comparison: a number compared with a column keeps its exact value, so {@code
 * amount = 1.004} matches no 1.00 and {@code amount > 1E+30} is false, not an error.
 *
 * <p>Cost: magnitudes are decided from a decimal's precision and scale before it is rounded or
 * written out ({@link Decimals}), so {@code 1E+999999999} or {@code 1E-99999999} cost no more than
 * {@code 1}; error messages show such values abbreviated.
 */
public final class Coercions {
  private Coercions() {}

  /** Converts {@code value} for storing in {@code target} (see the class comment). */
  public static Object coerce(Object value, DataType target) {
    return convert(value, target, false);
  }

  /**
   * Converts {@code value} for comparing with values of {@code target} (a parameter compared with a
   * column): a number of an exact type keeps its exact value, unrounded and unchecked against the
   * target's range (a DOUBLE as its shortest decimal form), text is read as an exact number; every
   * other case, and a DOUBLE target, is {@link #coerce}.
   */
  public static Object exact(Object value, DataType target) {
    if (!(target.kind() == TypeKind.INT
        || target.kind() == TypeKind.BIGINT
        || target.kind() == TypeKind.DECIMAL)) {
      return coerce(value, target);
    }
    return switch (value) {
      case Integer i -> i;
      case Long l -> l;
      case BigDecimal d -> d;
      case Double d -> decimalOf(d);
      case String s -> TextParsing.parseDecimal(Text.of(s), target);
      case Text t -> TextParsing.parseDecimal(t, target);
      case null, default -> coerce(value, target);
    };
  }

  /** {@code CAST(value AS target)} (see the class comment). */
  public static Object cast(Object value, DataType target) {
    return convert(value, target, true);
  }

  /** {@link Types#commonType}: the type both convert to, for UNION, CASE, COALESCE. */
  public static DataType commonType(DataType a, DataType b) {
    return Types.commonType(a, b);
  }

  private static Object convert(Object value, DataType target, boolean explicit) {
    if (value == null) {
      return null;
    }
    if (value instanceof String s) {
      value = Text.of(s);
    }
    return switch (target.kind()) {
      case BOOLEAN -> toBoolean(value);
      // a value already of the target's Java type is returned as it is: re-boxing it would cost
      // an Integer per parameter and key bound of every execution
      case INT ->
          value instanceof Integer i && i >= target.minInteger() && i <= target.maxInteger()
              ? i
              : (Object)
                  Math.toIntExact(
                      checkedLong(value, target.minInteger(), target.maxInteger(), target));
      case BIGINT ->
          value instanceof Long
              ? value
              : (Object) checkedLong(value, Long.MIN_VALUE, Long.MAX_VALUE, target);
      case DOUBLE -> toDouble(value);
      case DECIMAL -> toDecimal(value, target);
      case VARCHAR -> toText(value, target, explicit);
      case VARBINARY -> toBinary(value, target, explicit);
      case DATE -> toDate(value);
      case TIMESTAMP -> toTimestamp(value);
    };
  }

  /** A numeric value widened to the kind of {@code target} (no range checks: widening only). */
  static Object widen(Object value, DataType target) {
    if (!(value instanceof Number n)) {
      return value;
    }
    return switch (target.kind()) {
      case BIGINT -> n instanceof Long ? n : (Object) n.longValue();
      case DOUBLE -> n instanceof Double ? n : (Object) n.doubleValue();
      case DECIMAL -> decimalOf(n).setScale(target.scale(), RoundingMode.HALF_UP);
      default -> value;
    };
  }

  /** An exact number as BigDecimal (Integer, Long, BigDecimal); a Double via its shortest form. */
  static BigDecimal decimalOf(Number n) {
    return switch (n) {
      case BigDecimal d -> d;
      case Integer i -> BigDecimal.valueOf(i);
      case Long l -> BigDecimal.valueOf(l);
      default -> {
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
          throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, d + " is not a finite number");
        }
        yield BigDecimal.valueOf(d);
      }
    };
  }

  private static Boolean toBoolean(Object v) {
    return switch (v) {
      case Boolean b -> b;
      case Integer i -> i != 0;
      case Long l -> l != 0;
      case Text t -> TextParsing.parseBoolean(t);
      default -> throw mismatch(v, "BOOLEAN");
    };
  }

  private static long checkedLong(Object v, long min, long max, DataType target) {
    long r =
        switch (v) {
          case Integer i -> i;
          case Long l -> l;
          case Boolean b -> b ? 1 : 0;
          case BigDecimal d -> longOf(d, target);
          case Double d -> longOf(decimalOf(d), target);
          case Text t -> longOf(TextParsing.parseDecimal(t, target), target);
          default -> throw mismatch(v, target.toString());
        };
    if (r < min || r > max) {
      throw outOfRange(v, target);
    }
    return r;
  }

  /** {@code d} rounded half-up to an integer; VALUE_OUT_OF_RANGE beyond a long. */
  private static long longOf(BigDecimal d, DataType target) {
    try {
      return Decimals.rounded(d, 0, RoundingMode.HALF_UP, 19)
          .orElseThrow(() -> outOfRange(d, target))
          .longValueExact();
    } catch (ArithmeticException e) {
      throw outOfRange(d, target);
    }
  }

  private static Double toDouble(Object v) {
    return switch (v) {
      case Double d -> d;
      case Number n -> n.doubleValue();
      case Text t -> TextParsing.parseDouble(t);
      default -> throw mismatch(v, "DOUBLE");
    };
  }

  private static BigDecimal toDecimal(Object v, DataType target) {
    BigDecimal d =
        switch (v) {
          case Number n -> decimalOf(n);
          case Text t -> TextParsing.parseDecimal(t, target);
          case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
          default -> throw mismatch(v, target.toString());
        };
    int integerDigits = target.precision() - target.scale();
    BigDecimal r =
        Decimals.rounded(d, target.scale(), RoundingMode.HALF_UP, integerDigits)
            .orElseThrow(() -> outOfRange(d, target));
    if (Decimals.integerDigits(r) > integerDigits) {
      throw outOfRange(d, target);
    }
    return r;
  }

  private static Text toText(Object v, DataType target, boolean explicit) {
    Text t =
        switch (v) {
          case Text x -> x;
          // PostgreSQL's text form of bytea (hex output): a backslash, x, two lower-case digits a
          // byte
          case Binary b -> Text.of("\\x" + HexFormat.of().formatHex(b.toByteArray()));
          default -> Text.of(Render.plain(v));
        };
    if (target.length() > 0
        && t.utf8Length() > target.length()
        && t.codePointCount() > target.length()) {
      if (!explicit) {
        throw new KiteSqlException(
            ErrorCode.VALUE_OUT_OF_RANGE,
            "text of " + t.codePointCount() + " characters is too long for " + target);
      }
      return TextFunctions.substring(t, 1, target.length());
    }
    return t;
  }

  private static Binary toBinary(Object v, DataType target, boolean explicit) {
    Binary b =
        switch (v) {
          case Binary x -> x;
          case byte[] bytes -> Binary.of(bytes);
          case Text t -> {
            byte[] bytes = new byte[t.utf8Length()];
            t.copyUtf8To(bytes, 0);
            yield Binary.ofOwned(bytes);
          }
          default -> throw mismatch(v, target.toString());
        };
    if (target.length() > 0 && b.length() > target.length()) {
      if (!explicit) {
        throw new KiteSqlException(
            ErrorCode.VALUE_OUT_OF_RANGE, b.length() + " bytes are too long for " + target);
      }
      byte[] cut = new byte[target.length()];
      b.copyTo(cut, 0);
      return Binary.ofOwned(cut);
    }
    return b;
  }

  private static LocalDate toDate(Object v) {
    return switch (v) {
      case LocalDate d -> d;
      case LocalDateTime ts -> ts.toLocalDate();
      case java.sql.Date d -> d.toLocalDate();
      case Text t -> TextParsing.parseDate(t);
      default -> throw mismatch(v, "DATE");
    };
  }

  private static LocalDateTime toTimestamp(Object v) {
    LocalDateTime ts =
        switch (v) {
          case LocalDateTime x -> x;
          case LocalDate d -> d.atStartOfDay();
          case java.sql.Timestamp x -> x.toLocalDateTime();
          case Text t -> TextParsing.parseTimestamp(t);
          default -> throw mismatch(v, "TIMESTAMP");
        };
    // Storage keeps microseconds; truncating here makes stored and compared values agree.
    return ts.getNano() % 1000 == 0 ? ts : ts.truncatedTo(ChronoUnit.MICROS);
  }

  private static KiteSqlException mismatch(Object v, String target) {
    return new KiteSqlException(
        ErrorCode.TYPE_MISMATCH,
        "cannot convert a " + v.getClass().getSimpleName() + " to " + target);
  }

  private static KiteSqlException outOfRange(Object v, DataType target) {
    String shown = v instanceof BigDecimal d ? Decimals.describe(d) : Render.plain(v);
    return new KiteSqlException(
        ErrorCode.VALUE_OUT_OF_RANGE, "value " + shown + " is out of range for " + target);
  }

  /**
   * A total order of non-null values of comparable kinds: numbers numerically across kinds (-0.0
   * equals 0.0, NaN after all numbers), text and binary by unsigned bytes, FALSE before TRUE, DATE
   * with TIMESTAMP as midnight.
   *
   * @throws KiteSqlException TYPE_MISMATCH for values of incomparable kinds
   */
  public static int compare(Object a, Object b) {
    if (a instanceof Text x && b instanceof Text y) {
      return x.compareTo(y);
    }
    if (a instanceof Number x && b instanceof Number y) {
      return compareNumbers(x, y);
    }
    return switch (a) {
      case Boolean x when b instanceof Boolean y -> Boolean.compare(x, y);
      case Binary x when b instanceof Binary y -> x.compareTo(y);
      case LocalDate x when b instanceof LocalDate y -> x.compareTo(y);
      case LocalDateTime x when b instanceof LocalDateTime y -> x.compareTo(y);
      case LocalDate x when b instanceof LocalDateTime y -> x.atStartOfDay().compareTo(y);
      case LocalDateTime x when b instanceof LocalDate y -> x.compareTo(y.atStartOfDay());
      default ->
          throw new KiteSqlException(
              ErrorCode.TYPE_MISMATCH,
              "cannot compare "
                  + a.getClass().getSimpleName()
                  + " with "
                  + b.getClass().getSimpleName());
    };
  }

  private static int compareNumbers(Number a, Number b) {
    if ((a instanceof Integer || a instanceof Long)
        && (b instanceof Integer || b instanceof Long)) {
      return Long.compare(a.longValue(), b.longValue());
    }
    if (a instanceof Double || b instanceof Double) {
      double x = a.doubleValue();
      double y = b.doubleValue();
      if (x < y) {
        return -1;
      }
      if (x > y) {
        return 1;
      }
      // Equal (including 0.0 == -0.0) or NaN involved: Double.compare puts NaN last.
      return x == y ? 0 : Double.compare(x, y);
    }
    return decimalOf(a).compareTo(decimalOf(b));
  }
}
