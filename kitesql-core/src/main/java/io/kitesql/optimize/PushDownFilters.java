package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.Sort;
import io.kitesql.plan.Window;
import java.util.List;
import java.util.Optional;

/**
 * Moves filters down toward the scan they can use: through projections (substituting the
 * projected expressions, so a filter on a derived table reaches the base table's indexes),
 * sorts and DISTINCT; adjacent filters merge. Never through aggregates, limits or top-N, whose
 * results a filter below would change.
 *
 * <pre>
 * Filter(x = 1)                    Project(a AS x)
 *   Project(a AS x)        =>        Filter(a = 1)
 *     Scan t                           Scan t
 * </pre>
 */
final class PushDownFilters {
  private PushDownFilters() {}

  static PlanNode apply(PlanNode plan) {
    if (plan instanceof Filter f) {
      return push(apply(f.input()), f.predicate());
    }
    return Plans.mapChildren(plan, PushDownFilters::apply);
  }

  /** {@code Filter(predicate)} over {@code input}, placed as low as it may go. */
  private static PlanNode push(PlanNode input, Expr predicate) {
    return switch (input) {
      case Filter below -> push(below.input(), Exprs.and(List.of(below.predicate(), predicate)));
      case Project p -> new Project(push(p.input(), substitute(predicate, p.expressions())), p.expressions(), p.output());
      case Sort s -> new Sort(push(s.input(), predicate), s.keys());
      case Distinct d -> new Distinct(push(d.input(), predicate));
      case Window w -> WindowFilters.push(w, predicate, PushDownFilters::push);
      default -> new Filter(input, predicate);
    };
  }

  private static Expr substitute(Expr predicate, List<Expr> projected) {
    return Exprs.replace(predicate, e -> e instanceof Expr.Column c ? Optional.of(projected.get(c.index())) : Optional.empty());
  }
}
