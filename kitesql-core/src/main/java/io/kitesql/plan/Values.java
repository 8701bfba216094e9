package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.List;

/** Literal rows ({@code VALUES (1, 'a'), (2, 'b')}, or one empty row for {@code SELECT 1}). */
public record Values(List<List<Expr>> rows, List<OutputColumn> output) implements PlanNode {
  public Values {
    rows = rows.stream().map(List::copyOf).toList();
    output = List.copyOf(output);
    for (var row : rows) {
      if (row.size() != output.size()) {
        throw new IllegalArgumentException("VALUES rows differ in width");
      }
    }
  }

  @Override
  public List<PlanNode> children() {
    return List.of();
  }
}
