package io.kitesql.optimize;

import io.kitesql.expr.Exprs;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;

/**
 * Evaluates constant subexpressions once, at prepare time: {@code a > 1 + 1} becomes {@code a > 2}.
 *
 * <pre>
 * Filter(a > 1 + 1)          Filter(a > 2)
 *   Scan t             =>      Scan t
 * </pre>
 */
final class FoldConstants {
  private FoldConstants() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan,
        node ->
            switch (node) {
              case Filter f -> new Filter(f.input(), Exprs.fold(f.predicate()));
              case Project p ->
                  new Project(
                      p.input(), p.expressions().stream().map(Exprs::fold).toList(), p.output());
              case Join j ->
                  new Join(
                      j.kind(), j.left(), j.right(), j.condition().map(Exprs::fold), j.strategy());
              default -> node;
            });
  }
}
