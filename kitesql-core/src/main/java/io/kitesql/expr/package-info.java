/**
 * Scalar expressions: typed {@link io.kitesql.expr.Expr} trees (bound from SQL by {@code
 * io.kitesql.bind.ExpressionBinder}), their {@link io.kitesql.expr.Parameters}, evaluating them
 * ({@link io.kitesql.expr.Evaluator}), type rules ({@link io.kitesql.expr.Types}, {@link
 * io.kitesql.expr.Coercions}), aggregates ({@link io.kitesql.expr.AggregateFunction}) and tree
 * utilities for the planner ({@link io.kitesql.expr.Exprs}).
 *
 * <p>Zero-copy (docs/design.md, "The zero-copy contract"): nothing here turns a borrowed {@link
 * io.kitesql.value.Text} into a {@code String} while evaluating; comparisons, hashing, LIKE, IN,
 * POSITION and lengths read its bytes or chars in place, SUBSTRING and TRIM return views, and only
 * functions that compute new text allocate it.
 *
 * <p>Threading: bound expressions are immutable and shared by concurrent executions; a binder and a
 * {@code Parameters} being filled belong to one thread; accumulators to one execution.
 *
 * <p>Depends on {@code value} and the root package only. A subquery's plan is held as a {@link
 * io.kitesql.expr.QueryPlan}, which the planner's nodes implement.
 */
package io.kitesql.expr;
