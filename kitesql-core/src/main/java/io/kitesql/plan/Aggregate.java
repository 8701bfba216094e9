package io.kitesql.plan;

import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.Expr;
import java.util.List;

/**
 * Groups input rows by {@code groupKeys} and computes {@code aggregates} per group. Output rows are
 * the key values followed by the aggregate results. Without keys there is exactly one group, even
 * for empty input ({@code SELECT count(*) FROM empty} is one row).
 */
public record Aggregate(
    PlanNode input, List<Expr> groupKeys, List<AggregateCall> aggregates, List<OutputColumn> output)
    implements PlanNode {
  public Aggregate {
    groupKeys = List.copyOf(groupKeys);
    aggregates = List.copyOf(aggregates);
    output = List.copyOf(output);
  }

  /**
   * Whether this counts the rows of a whole table and nothing else ({@code COUNT(*)}, once or more,
   * no GROUP BY, over a scan of every row or key): the table's kept row count answers it.
   */
  public boolean countsWholeTable() {
    return groupKeys.isEmpty()
        && !aggregates.isEmpty()
        && aggregates.stream().allMatch(AggregateCall::isCountStar)
        && input instanceof TableScan s
        && switch (s.access()) {
          case Access.FullScan _ -> true;
          case Access.KeyRange r -> r.ranges().equals(List.of(Access.Range.all()));
          case Access.AnyOf _ -> false;
        };
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
