package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.List;
import java.util.Optional;

/** Skips {@code offset} rows, then passes at most {@code limit}; both evaluated per execution. */
public record Limit(PlanNode input, Optional<Expr> limit, Optional<Expr> offset)
    implements PlanNode {
  @Override
  public List<OutputColumn> output() {
    return input.output();
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
