package io.kitesql.plan;

import java.util.List;

/** Input rows without duplicates (NULLs equal each other here, as SQL's DISTINCT says). */
public record Distinct(PlanNode input) implements PlanNode {
  @Override
  public List<OutputColumn> output() {
    return input.output();
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
