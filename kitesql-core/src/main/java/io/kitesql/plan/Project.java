package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.List;

/** One output row per input row: the values of {@code expressions}. */
public record Project(PlanNode input, List<Expr> expressions, List<OutputColumn> output)
    implements PlanNode {
  public Project {
    expressions = List.copyOf(expressions);
    output = List.copyOf(output);
    if (expressions.size() != output.size()) {
      throw new IllegalArgumentException("expressions and output columns differ in number");
    }
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
