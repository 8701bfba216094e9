package io.kitesql.plan;

import java.util.List;

/** All input rows, ordered by {@code keys} (stable: ties keep input order). */
public record Sort(PlanNode input, List<SortKey> keys) implements PlanNode {
  public Sort {
    keys = List.copyOf(keys);
  }

  @Override
  public List<OutputColumn> output() {
    return input.output();
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
