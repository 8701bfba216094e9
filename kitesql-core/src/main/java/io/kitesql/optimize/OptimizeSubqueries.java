package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.plan.PlanExpressions;
import io.kitesql.plan.PlanNode;
import java.util.Optional;

/**
 * Optimizes the plans of subqueries inside expressions with the same rules as the outer query
 * (every output column of a subquery is needed).
 */
final class OptimizeSubqueries {
  private OptimizeSubqueries() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(plan, node -> PlanExpressions.map(node, OptimizeSubqueries::apply));
  }

  static Expr apply(Expr e) {
    return Exprs.replace(
        e,
        x ->
            x instanceof SubqueryExpr s
                ? Optional.of(s.withPlan(Optimizer.optimizeQuery((PlanNode) s.plan())))
                : Optional.empty());
  }
}
