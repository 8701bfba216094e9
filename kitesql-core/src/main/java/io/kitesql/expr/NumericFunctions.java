package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Arithmetic at run time. Operands are widened to the result kind first ({@link Types}); INT and
 * BIGINT overflow raise VALUE_OUT_OF_RANGE; division and MOD by zero raise DIVISION_BY_ZERO for
 * every kind (DOUBLE too, rather than producing Infinity/NaN); integer division truncates toward
 * zero and MOD takes the sign of the dividend (both as Java, C and the SQL standard do).
 */
final class NumericFunctions {
  private NumericFunctions() {}

  static Object arithmetic(ArithmeticOp op, Object l, Object r, DataType type) {
    Number a = (Number) l;
    Number b = (Number) r;
    try {
      return switch (type.kind()) {
        case INT -> ints(op, a.intValue(), b.intValue());
        case BIGINT -> longs(op, a.longValue(), b.longValue());
        case DOUBLE -> doubles(op, a.doubleValue(), b.doubleValue());
        case DECIMAL -> decimals(op, Coercions.decimalOf(a), Coercions.decimalOf(b), type);
        default -> throw new IllegalStateException("arithmetic in " + type);
      };
    } catch (ArithmeticException e) {
      throw new KiteSqlException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "numeric overflow in " + a + " " + op.symbol() + " " + b + " (" + type + ")");
    }
  }

  /** INT arithmetic: exact in BIGINT (no INT operation can overflow it), then narrowed exactly. */
  private static int ints(ArithmeticOp op, int a, int b) {
    return Math.toIntExact(longs(op, a, b));
  }

  private static long longs(ArithmeticOp op, long a, long b) {
    return switch (op) {
      case ADD -> Math.addExact(a, b);
      case SUBTRACT -> Math.subtractExact(a, b);
      case MULTIPLY -> Math.multiplyExact(a, b);
      case DIVIDE -> Math.divideExact(a, nonZero(b));
      case MODULO -> a % nonZero(b);
    };
  }

  private static double doubles(ArithmeticOp op, double a, double b) {
    return switch (op) {
      case ADD -> a + b;
      case SUBTRACT -> a - b;
      case MULTIPLY -> a * b;
      case DIVIDE -> a / nonZero(b);
      case MODULO -> a % nonZero(b);
    };
  }

  private static BigDecimal decimals(ArithmeticOp op, BigDecimal a, BigDecimal b, DataType type) {
    BigDecimal r =
        switch (op) {
          case ADD -> a.add(b);
          case SUBTRACT -> a.subtract(b);
          case MULTIPLY -> a.multiply(b);
          case DIVIDE -> a.divide(nonZero(b), type.scale(), RoundingMode.HALF_UP);
          case MODULO -> a.remainder(nonZero(b));
        };
    return r.setScale(type.scale(), RoundingMode.HALF_UP);
  }

  private static int nonZero(int b) {
    if (b == 0) {
      throw divisionByZero();
    }
    return b;
  }

  private static long nonZero(long b) {
    if (b == 0) {
      throw divisionByZero();
    }
    return b;
  }

  private static double nonZero(double b) {
    if (b == 0) {
      throw divisionByZero();
    }
    return b;
  }

  private static BigDecimal nonZero(BigDecimal b) {
    if (b.signum() == 0) {
      throw divisionByZero();
    }
    return b;
  }

  private static KiteSqlException divisionByZero() {
    return new KiteSqlException(ErrorCode.DIVISION_BY_ZERO, "division by zero");
  }

  static Object negate(Object v) {
    try {
      return switch (v) {
        case Integer i -> Math.negateExact(i);
        case Long l -> Math.negateExact(l);
        case Double d -> -d;
        case BigDecimal d -> d.negate();
        default -> throw new IllegalStateException("negate " + v.getClass());
      };
    } catch (ArithmeticException e) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "numeric overflow in -(" + v + ")");
    }
  }

  static Object abs(Object v) {
    if (v instanceof Double d) {
      return Math.abs(d); // also -0.0 to 0.0, which compares equal to 0
    }
    return Coercions.compare(v, 0) < 0 ? negate(v) : v;
  }

  /**
   * Digits beyond which ROUND changes nothing more: a double has at most ~340 digits after the
   * point and none past 10^309, a DECIMAL or BIGINT far fewer. Clamping keeps BigDecimal from
   * building a scale of 2^31 digits (ArithmeticException, or gigabytes) for {@code round(x, 2^31)}.
   */
  private static final int ROUND_DIGITS_LIMIT = 400;

  /** ROUND half away from zero to {@code digits} after the point (negative: before it). */
  static Object round(Object v, long requestedDigits, DataType type) {
    int digits = Math.clamp(requestedDigits, -ROUND_DIGITS_LIMIT, ROUND_DIGITS_LIMIT);
    return switch (v) {
      case Integer i ->
          digits >= 0 ? i : (Object) (int) checkInt(roundExact(BigDecimal.valueOf(i), digits));
      case Long l -> digits >= 0 ? l : (Object) roundExact(BigDecimal.valueOf(l), digits);
      case Double d ->
          Double.isFinite(d)
              ? BigDecimal.valueOf(d).setScale(digits, RoundingMode.HALF_UP).doubleValue()
              : d;
      case BigDecimal d ->
          d.setScale(digits, RoundingMode.HALF_UP).setScale(type.scale(), RoundingMode.HALF_UP);
      default -> throw new IllegalStateException("round " + v.getClass());
    };
  }

  private static long checkInt(long v) {
    if (v != (int) v) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "numeric overflow in ROUND");
    }
    return v;
  }

  private static long roundExact(BigDecimal d, int digits) {
    try {
      return d.setScale(digits, RoundingMode.HALF_UP).longValueExact();
    } catch (ArithmeticException e) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "numeric overflow in ROUND");
    }
  }
}
