package io.kitesql.optimize;

import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.Sort;
import io.kitesql.plan.TableScan;
import io.kitesql.plan.TopN;
import io.kitesql.plan.Values;
import io.kitesql.plan.Window;
import java.util.List;
import java.util.function.UnaryOperator;

/** Plan tree plumbing shared by the rules. */
final class Plans {
  private Plans() {}

  /** {@code node} with its children replaced by {@code f(child)}. */
  static PlanNode mapChildren(PlanNode node, UnaryOperator<PlanNode> f) {
    return switch (node) {
      case TableScan s -> s;
      case Values v -> v;
      case Filter x -> new Filter(f.apply(x.input()), x.predicate());
      case Project x -> new Project(f.apply(x.input()), x.expressions(), x.output());
      case Aggregate x -> new Aggregate(f.apply(x.input()), x.groupKeys(), x.aggregates(), x.output());
      case Sort x -> new Sort(f.apply(x.input()), x.keys());
      case TopN x -> new TopN(f.apply(x.input()), x.keys(), x.limit(), x.offset());
      case Limit x -> new Limit(f.apply(x.input()), x.limit(), x.offset());
      case Distinct x -> new Distinct(f.apply(x.input()));
      case Window x -> new Window(f.apply(x.input()), x.calls(), x.output());
    };
  }

  /** Applies {@code rule} bottom-up to every node. */
  static PlanNode bottomUp(PlanNode node, UnaryOperator<PlanNode> rule) {
    return rule.apply(mapChildren(node, child -> bottomUp(child, rule)));
  }

  static <T> List<T> list(List<T> l) {
    return List.copyOf(l);
  }
}
