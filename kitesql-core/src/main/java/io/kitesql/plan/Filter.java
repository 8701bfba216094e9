package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.List;

/** Rows of {@code input} for which {@code predicate} is TRUE (not FALSE, not NULL). */
public record Filter(PlanNode input, Expr predicate) implements PlanNode {
  @Override
  public List<OutputColumn> output() {
    return input.output();
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
