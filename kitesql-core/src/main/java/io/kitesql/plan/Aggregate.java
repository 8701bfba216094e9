package io.kitesql.plan;

import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.Expr;
import java.util.List;

/**
 * Groups input rows by {@code groupKeys} and computes {@code aggregates} per group. Output rows
 * are the key values followed by the aggregate results. Without keys there is exactly one group,
 * even for empty input ({@code SELECT count(*) FROM empty} is one row).
 */
public record Aggregate(PlanNode input, List<Expr> groupKeys, List<AggregateCall> aggregates, List<OutputColumn> output)
    implements PlanNode {
  public Aggregate {
    groupKeys = List.copyOf(groupKeys);
    aggregates = List.copyOf(aggregates);
    output = List.copyOf(output);
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
