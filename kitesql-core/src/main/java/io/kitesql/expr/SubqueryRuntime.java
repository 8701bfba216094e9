package io.kitesql.expr;

/**
 * Runs subqueries for the {@link Evaluator}: implemented by the executor, one per execution, and
 * bound with {@link Subqueries#RUNTIME} while the execution's operators run.
 */
public interface SubqueryRuntime {

  /** The value of {@code subquery} for the enclosing {@code row}. */
  Object evaluate(SubqueryExpr subquery, Object[] row, Object[] params);

  /**
   * The first column of the rows of {@code subquery}, which is not correlated: run once per
   * execution, as for {@link #evaluate}.
   */
  java.util.List<Object> values(SubqueryExpr subquery, Object[] params);

  /** Slot {@code slot} of the innermost running correlated subquery's captured values. */
  Object outer(int slot);
}
