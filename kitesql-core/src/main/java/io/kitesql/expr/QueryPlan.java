package io.kitesql.expr;

/**
 * A query's plan as an expression holds it: the plan of a {@link SubqueryExpr}. The planner's
 * {@code io.kitesql.plan.PlanNode} is the one kind there is; expressions hold it through this
 * interface so that they stay below plans in the package order ({@code plan} depends on {@code
 * expr}, never the reverse), and only the planner and the executor, which know plans, look inside.
 */
public interface QueryPlan {}
