package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.List;
import java.util.Optional;

/**
 * ORDER BY with LIMIT: the first {@code offset + limit} rows kept in a bounded heap, then the
 * offset skipped.
 */
public record TopN(PlanNode input, List<SortKey> keys, Expr limit, Optional<Expr> offset)
    implements PlanNode {
  public TopN {
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
