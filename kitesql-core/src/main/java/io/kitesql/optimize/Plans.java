package io.kitesql.optimize;

import io.kitesql.expr.PlanningBudget;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.RecursiveUnion;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.TableScan;
import io.kitesql.plan.TopN;
import io.kitesql.plan.Values;
import io.kitesql.plan.Window;
import io.kitesql.plan.WorkTableScan;
import java.util.function.UnaryOperator;

/** Plan tree plumbing shared by the rules. */
final class Plans {
  private Plans() {}

  /** {@code node} with its children replaced by {@code f(child)}. */
  static PlanNode mapChildren(PlanNode node, UnaryOperator<PlanNode> f) {
    PlanningBudget.check(); // every rule walks the plan through here
    return switch (node) {
      case TableScan s -> s;
      case Values v -> v;
      case WorkTableScan w -> w;
      case Filter x -> new Filter(f.apply(x.input()), x.predicate());
      case Project x -> new Project(f.apply(x.input()), x.expressions(), x.output());
      case Aggregate x ->
          new Aggregate(f.apply(x.input()), x.groupKeys(), x.aggregates(), x.output());
      case Sort x -> new Sort(f.apply(x.input()), x.keys());
      case TopN x -> new TopN(f.apply(x.input()), x.keys(), x.limit(), x.offset());
      case Limit x -> new Limit(f.apply(x.input()), x.limit(), x.offset());
      case Distinct x -> new Distinct(f.apply(x.input()));
      case Join x -> x.withInputs(f.apply(x.left()), f.apply(x.right()));
      case RecursiveUnion x ->
          new RecursiveUnion(
              f.apply(x.anchor()), f.apply(x.recursive()), x.all(), x.workTable(), x.output());
      case SetOperation x ->
          new SetOperation(x.kind(), x.all(), f.apply(x.left()), f.apply(x.right()), x.output());
      case Window x -> new Window(f.apply(x.input()), x.calls(), x.output());
    };
  }

  /** Applies {@code rule} bottom-up to every node. */
  static PlanNode bottomUp(PlanNode node, UnaryOperator<PlanNode> rule) {
    return rule.apply(mapChildren(node, child -> bottomUp(child, rule)));
  }
}
