package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;

/**
 * Aggregate functions and their result types.
 *
 * <ul>
 *   <li>COUNT: BIGINT; {@code COUNT(*)} counts rows, {@code COUNT(x)} non-NULL values.
 *   <li>SUM: INT/BIGINT → BIGINT (overflow raises VALUE_OUT_OF_RANGE); DECIMAL(p, s) → DECIMAL(18,
 *       s); DOUBLE → DOUBLE.
 *   <li>AVG: INT/BIGINT/DOUBLE → DOUBLE (as SQLite, the sqllogictest reference, does; H2 would keep
 *       INT, PostgreSQL would give NUMERIC); DECIMAL(p, s) → DECIMAL(18, min(s + 4, 18)) rounded
 *       HALF_UP (MySQL's rule), so an exact input keeps an exact average.
 *   <li>MIN/MAX: the argument type, any comparable type; text results are the input views
 *       themselves, never copies.
 * </ul>
 *
 * Empty input or only NULLs: COUNT gives 0, the others NULL. NULL inputs are ignored, except by
 * {@code COUNT(*)}. DISTINCT variants keep a hash set of the values seen (text views hash and
 * compare by bytes, so they are kept as they are; DECIMALs are normalized so 1.0 and 1.00 are one
 * value).
 */
public enum AggregateFunction {
  COUNT,
  SUM,
  AVG,
  MIN,
  MAX;

  /** The result type for an argument of type {@code arg} (ignored for COUNT). */
  public DataType resultType(DataType arg) {
    return switch (this) {
      case COUNT -> DataType.BIGINT;
      case SUM ->
          switch (arg.kind()) {
            case INT, BIGINT -> DataType.BIGINT;
            case DECIMAL -> DataType.decimal(DataType.MAX_DECIMAL_PRECISION, arg.scale());
            case DOUBLE -> DataType.DOUBLE;
            default -> throw notNumeric(arg);
          };
      case AVG ->
          switch (arg.kind()) {
            case INT, BIGINT, DOUBLE -> DataType.DOUBLE;
            case DECIMAL ->
                DataType.decimal(
                    DataType.MAX_DECIMAL_PRECISION,
                    Math.min(arg.scale() + 4, DataType.MAX_DECIMAL_PRECISION));
            default -> throw notNumeric(arg);
          };
      case MIN, MAX -> arg;
    };
  }

  private KiteSqlException notNumeric(DataType arg) {
    return new KiteSqlException(ErrorCode.TYPE_MISMATCH, name() + " needs a number, got " + arg);
  }

  /**
   * A new accumulator.
   *
   * @param argType the argument's type; null for {@code COUNT(*)}
   * @param distinct whether only distinct non-NULL values count
   */
  public Accumulator newAccumulator(DataType argType, boolean distinct) {
    if (argType == null && this != COUNT) {
      throw new IllegalArgumentException(name() + " needs an argument type");
    }
    Accumulator a =
        switch (this) {
          case COUNT -> argType == null ? new Accumulators.CountStar() : new Accumulators.Count();
          case SUM ->
              argType.kind() == TypeKind.DOUBLE
                  ? new Accumulators.SumDouble()
                  : argType.kind() == TypeKind.DECIMAL
                      ? new Accumulators.SumDecimal(resultType(argType))
                      : new Accumulators.SumLong(resultType(argType));
          case AVG -> new Accumulators.Avg(resultType(argType));
          case MIN -> new Accumulators.Extreme(-1);
          case MAX -> new Accumulators.Extreme(1);
        };
    return distinct && argType != null ? new Accumulators.Distinct(a) : a;
  }
}
