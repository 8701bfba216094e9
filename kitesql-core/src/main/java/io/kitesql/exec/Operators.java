package io.kitesql.exec;

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

/** Builds the operator tree of a plan. */
public final class Operators {
  private Operators() {}

  /** The operators of {@code plan}; with {@code withRefs} scans attach row refs (for UPDATE/DELETE). */
  public static Operator build(PlanNode plan, boolean withRefs) {
    return switch (plan) {
      case TableScan s -> new ScanOperator(s, withRefs);
      case Filter f -> new FilterOperator(build(f.input(), withRefs), f.predicate());
      case Project p -> new ProjectOperator(build(p.input(), withRefs), p.expressions());
      case Aggregate a -> new HashAggregateOperator(build(a.input(), withRefs), a);
      case Sort s -> new SortOperator(build(s.input(), withRefs), s.keys());
      case TopN t -> new TopNOperator(build(t.input(), withRefs), t);
      case Limit l -> new LimitOperator(build(l.input(), withRefs), l);
      case Distinct d -> new DistinctOperator(build(d.input(), withRefs));
      case Values v -> new ValuesOperator(v.rows());
      case Window w -> new WindowOperator(build(w.input(), withRefs), w);
    };
  }
}
