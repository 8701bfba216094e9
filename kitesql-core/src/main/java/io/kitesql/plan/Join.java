package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pairs of left and right rows for which {@code condition} is TRUE (all pairs without one), plus
 * unmatched rows padded with NULLs as {@code kind} says. Output rows are the left columns followed
 * by the right columns; the condition reads such rows.
 */
public record Join(
    JoinKind kind, PlanNode left, PlanNode right, Optional<Expr> condition, JoinStrategy strategy)
    implements PlanNode {

  public static Join of(JoinKind kind, PlanNode left, PlanNode right, Optional<Expr> condition) {
    return new Join(kind, left, right, condition, new JoinStrategy.NestedLoop());
  }

  @Override
  public List<OutputColumn> output() {
    var out = new ArrayList<>(left.output());
    out.addAll(right.output());
    return out;
  }

  @Override
  public List<PlanNode> children() {
    return List.of(left, right);
  }

  public Join withStrategy(JoinStrategy s) {
    return new Join(kind, left, right, condition, s);
  }

  public Join withInputs(PlanNode newLeft, PlanNode newRight) {
    return new Join(kind, newLeft, newRight, condition, strategy);
  }
}
