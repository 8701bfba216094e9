package io.kitesql.expr;

import java.util.Locale;
import java.util.Optional;

/**
 * The functions a {@link WindowCall} computes. Ranking and offset functions look at the rows of the
 * partition in window order; {@link #FIRST_VALUE}, {@link #LAST_VALUE}, {@link #NTH_VALUE} and the
 * aggregates look at the window frame of each row. PERCENT_RANK is {@code (rank - 1) / (rows - 1)}
 * (0 for a single row), CUME_DIST {@code (rows up to the last peer) / rows}; both DOUBLE.
 */
public enum WindowFunction {
  ROW_NUMBER(null),
  RANK(null),
  DENSE_RANK(null),
  PERCENT_RANK(null),
  CUME_DIST(null),
  NTILE(null),
  LAG(null),
  LEAD(null),
  FIRST_VALUE(null),
  LAST_VALUE(null),
  NTH_VALUE(null),
  COUNT(AggregateFunction.COUNT),
  SUM(AggregateFunction.SUM),
  AVG(AggregateFunction.AVG),
  MIN(AggregateFunction.MIN),
  MAX(AggregateFunction.MAX);

  private final AggregateFunction aggregate;

  WindowFunction(AggregateFunction aggregate) {
    this.aggregate = aggregate;
  }

  /** The aggregate this window function applies over the frame, if it is one. */
  public Optional<AggregateFunction> aggregate() {
    return Optional.ofNullable(aggregate);
  }

  /**
   * Whether the result depends on the frame (the others ignore any frame clause, as in PostgreSQL).
   */
  public boolean usesFrame() {
    return aggregate != null || this == FIRST_VALUE || this == LAST_VALUE || this == NTH_VALUE;
  }

  /** The function named {@code name} (any case), if there is one. */
  public static Optional<WindowFunction> named(String name) {
    try {
      return Optional.of(valueOf(name.toUpperCase(Locale.ROOT)));
    } catch (IllegalArgumentException unknown) {
      return Optional.empty();
    }
  }
}
