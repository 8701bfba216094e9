package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;

/** The {@link Accumulator}s of {@link AggregateFunction}. */
final class Accumulators {
  private Accumulators() {}

  static final class CountStar implements Accumulator {
    private long n;

    @Override
    public void add(Object value) {
      n++;
    }

    @Override
    public Object result() {
      return n;
    }

    @Override
    public void reset() {
      n = 0;
    }
  }

  static final class Count implements Accumulator {
    private long n;

    @Override
    public void add(Object value) {
      if (value != null) {
        n++;
      }
    }

    @Override
    public Object result() {
      return n;
    }

    @Override
    public void reset() {
      n = 0;
    }
  }

  static final class SumLong implements Accumulator {
    private final DataType type;
    private long sum;
    private boolean any;

    SumLong(DataType type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      if (value != null) {
        try {
          sum = Math.addExact(sum, ((Number) value).longValue());
        } catch (ArithmeticException e) {
          throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "SUM overflows " + type);
        }
        any = true;
      }
    }

    @Override
    public Object result() {
      return any ? sum : null;
    }

    @Override
    public void reset() {
      sum = 0;
      any = false;
    }
  }

  static final class SumDouble implements Accumulator {
    private double sum;
    private boolean any;

    @Override
    public void add(Object value) {
      if (value != null) {
        sum += ((Number) value).doubleValue();
        any = true;
      }
    }

    @Override
    public Object result() {
      return any ? sum : null;
    }

    @Override
    public void reset() {
      sum = 0;
      any = false;
    }
  }

  static final class SumDecimal implements Accumulator {
    private final DataType type;
    private BigDecimal sum;

    SumDecimal(DataType type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      if (value != null) {
        BigDecimal d = Coercions.decimalOf((Number) value);
        sum = sum == null ? d : sum.add(d);
      }
    }

    @Override
    public Object result() {
      return sum == null ? null : sum.setScale(type.scale(), RoundingMode.HALF_UP);
    }

    @Override
    public void reset() {
      sum = null;
    }
  }

  /** AVG: an exact sum (BigDecimal for DECIMAL, long/double otherwise) and a count. */
  static final class Avg implements Accumulator {
    private final DataType type;
    private BigDecimal decimalSum = BigDecimal.ZERO;
    private double doubleSum;
    private long count;

    Avg(DataType type) {
      this.type = type;
    }

    @Override
    public void add(Object value) {
      if (value == null) {
        return;
      }
      if (value instanceof Double d) {
        doubleSum += d;
      } else {
        decimalSum = decimalSum.add(Coercions.decimalOf((Number) value));
      }
      count++;
    }

    @Override
    public Object result() {
      if (count == 0) {
        return null;
      }
      BigDecimal n = BigDecimal.valueOf(count);
      if (type.kind() == io.kitesql.value.TypeKind.DECIMAL) {
        return decimalSum.divide(n, type.scale(), RoundingMode.HALF_UP);
      }
      // Integer sums are exact; dividing as BigDecimal avoids losing digits above 2^53.
      return decimalSum.signum() == 0
          ? doubleSum / count
          : decimalSum.divide(n, java.math.MathContext.DECIMAL64).doubleValue() + doubleSum / count;
    }

    @Override
    public void reset() {
      decimalSum = BigDecimal.ZERO;
      doubleSum = 0;
      count = 0;
    }
  }

  /** MIN (sign -1) or MAX (sign 1); keeps the value object itself (a text view stays a view). */
  static final class Extreme implements Accumulator {
    private final int sign;
    private Object best;

    Extreme(int sign) {
      this.sign = sign;
    }

    @Override
    public void add(Object value) {
      if (value != null && (best == null || Coercions.compare(value, best) * sign > 0)) {
        best = value;
      }
    }

    @Override
    public Object result() {
      return best;
    }

    @Override
    public void reset() {
      best = null;
    }
  }

  /** Passes each distinct non-NULL value to {@code inner} once. */
  static final class Distinct implements Accumulator {
    private final Accumulator inner;
    private final HashSet<Object> seen = new HashSet<>();

    Distinct(Accumulator inner) {
      this.inner = inner;
    }

    @Override
    public void add(Object value) {
      if (value == null) {
        return;
      }
      Object key =
          switch (value) {
            case BigDecimal d -> d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            case Double d -> d == 0.0 ? 0.0 : d; // -0.0 and 0.0 are one value
            default -> value;
          };
      if (seen.add(key)) {
        inner.add(value);
      }
    }

    @Override
    public Object result() {
      return inner.result();
    }

    @Override
    public int valuesKept() {
      return seen.size();
    }

    @Override
    public void reset() {
      seen.clear();
      inner.reset();
    }
  }
}
