package io.kitesql.optimize;

import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Sort;
import io.kitesql.plan.TopN;

/**
 * ORDER BY with LIMIT keeps only the rows it returns: a bounded heap instead of sorting everything.
 *
 * <pre>
 * Limit(10 offset 5)
 *   Sort(k)              =>    TopN(k, 10 offset 5)
 * </pre>
 */
final class UseTopN {
  private UseTopN() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan,
        node -> {
          if (node instanceof Limit l && l.limit().isPresent() && l.input() instanceof Sort s) {
            return new TopN(s.input(), s.keys(), l.limit().get(), l.offset());
          }
          return node;
        });
  }
}
