package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.ComparisonOp;
import java.util.List;

/**
 * A conjunct read as {@code column op value}: {@code a = 1}, {@code 1 < a} (flipped to {@code a >
 * 1}), or the two halves of {@code a BETWEEN x AND y}. Operators are "=", "<", "<=", ">", ">=".
 */
record KeyComparison(Expr.Column column, String op, Expr value) {

  static List<KeyComparison> of(Expr conjunct) {
    return switch (conjunct) {
      case Expr.Comparison c when c.op() != ComparisonOp.NE && c.left() instanceof Expr.Column col ->
          List.of(new KeyComparison(col, c.op().symbol(), c.right()));
      case Expr.Comparison c when c.op() != ComparisonOp.NE && c.right() instanceof Expr.Column col ->
          List.of(new KeyComparison(col, c.op().flip().symbol(), c.left()));
      case Expr.Between b when !b.negated() && b.operand() instanceof Expr.Column col ->
          List.of(new KeyComparison(col, ">=", b.low()), new KeyComparison(col, "<=", b.high()));
      default -> List.of();
    };
  }
}
