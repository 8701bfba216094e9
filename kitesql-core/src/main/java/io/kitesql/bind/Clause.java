package io.kitesql.bind;

/** Where an expression stands in a statement: decides whether aggregates are allowed. */
public enum Clause {
  SELECT(true, false),
  WHERE(false, true),
  /** A join condition. */
  ON(false, true),
  GROUP_BY(false, false),
  HAVING(true, true),
  ORDER_BY(true, false),
  VALUES(false, false),
  SET(false, false),
  /** LIMIT / OFFSET. */
  LIMIT(false, false),
  /** A column DEFAULT. */
  DEFAULT(false, false),
  /** INSERT ... RETURNING: expressions over each written row. */
  RETURNING(false, false);

  private final boolean aggregates;
  private final boolean predicate;

  Clause(boolean aggregates, boolean predicate) {
    this.aggregates = aggregates;
    this.predicate = predicate;
  }

  /** Whether aggregate calls may appear here (SELECT, HAVING, ORDER BY). */
  public boolean allowsAggregates() {
    return aggregates;
  }

  /** Whether the expression must be a BOOLEAN condition (WHERE, ON, HAVING). */
  public boolean isPredicate() {
    return predicate;
  }
}
