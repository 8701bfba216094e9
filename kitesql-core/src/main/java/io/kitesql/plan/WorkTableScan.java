package io.kitesql.plan;

import java.util.List;

/**
 * The rows of the previous round of the {@link RecursiveUnion} with the same {@code workTable} id:
 * the recursive CTE's self-reference.
 */
public record WorkTableScan(int workTable, String name, List<OutputColumn> output)
    implements PlanNode {
  public WorkTableScan {
    output = List.copyOf(output);
  }

  @Override
  public List<PlanNode> children() {
    return List.of();
  }
}
