package io.kitesql.optimize;

import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A conjunct read as a condition on one column that a key range can serve: {@code a = 1}, {@code 1
 * < a} (flipped to {@code a > 1}), the two halves of {@code a BETWEEN x AND y}, {@code a IN (x, y)}
 * and its spelling {@code a = x OR a = y}, {@code a IN (SELECT ...)}, {@code a LIKE 'ab%'} and
 * {@code a IS NOT NULL}. The values may still hold columns; {@link ChooseAccessPath} keeps the
 * terms whose values it can evaluate before the scan.
 */
sealed interface KeyTerm {
  Expr.Column column();

  /** {@code column op value}, op one of "=", "<", "<=", ">", ">=". */
  record Compare(Expr.Column column, String op, Expr value) implements KeyTerm {}

  /** {@code column IN (values)}. */
  record In(Expr.Column column, List<Expr> values) implements KeyTerm {}

  /** {@code column LIKE pattern ESCAPE escape}, case-sensitive, on a VARCHAR column. */
  record Like(Expr.Column column, Expr pattern, Expr escape) implements KeyTerm {}

  /**
   * {@code column IN (SELECT ...)}, the subquery not correlated: one lookup per value it returns.
   */
  record InSubquery(Expr.Column column, SubqueryExpr subquery) implements KeyTerm {}

  /** {@code column IS NOT NULL}. */
  record NotNull(Expr.Column column) implements KeyTerm {}

  /** The terms of one conjunct (none if it is not such a condition). */
  static List<KeyTerm> of(Expr conjunct) {
    return switch (conjunct) {
      case Expr.Comparison c
          when c.op() != ComparisonOp.NE && c.left() instanceof Expr.Column col ->
          List.of(new Compare(col, c.op().symbol(), c.right()));
      case Expr.Comparison c
          when c.op() != ComparisonOp.NE && c.right() instanceof Expr.Column col ->
          List.of(new Compare(col, c.op().flip().symbol(), c.left()));
      case Expr.Between b when !b.negated() && b.operand() instanceof Expr.Column col ->
          List.of(new Compare(col, ">=", b.low()), new Compare(col, "<=", b.high()));
      case Expr.InList in
          when !in.negated() && in.operand() instanceof Expr.Column col && !in.values().isEmpty() ->
          List.of(new In(col, in.values()));
      case SubqueryExpr s
          when s.kind() == SubqueryExpr.Kind.IN
              && !s.negated()
              && !s.rowValue()
              && !s.correlated()
              && s.operand() instanceof Expr.Column col ->
          List.of(new InSubquery(col, s));
      case Expr.Or or -> equalities(or).map(List::<KeyTerm>of).orElse(List.of());
      case Expr.Like l
          when !l.negated()
              && !l.caseInsensitive()
              && l.operand() instanceof Expr.Column col
              && col.type().kind() == TypeKind.VARCHAR
              && l.pattern().type().kind() == TypeKind.VARCHAR ->
          List.of(new Like(col, l.pattern(), l.escape()));
      case Expr.IsNull n when n.negated() && n.operand() instanceof Expr.Column col ->
          List.of(new NotNull(col));
      default -> List.of();
    };
  }

  /** {@code a = x OR a = y OR …} (one column throughout) as {@code a IN (x, y, …)}. */
  private static Optional<In> equalities(Expr.Or or) {
    var values = new ArrayList<Expr>();
    var pending = new ArrayList<Expr>(List.of(or));
    Expr.Column column = null;
    while (!pending.isEmpty()) {
      var e = pending.removeLast();
      if (e instanceof Expr.Or o) {
        pending.add(o.right());
        pending.add(o.left());
        continue;
      }
      var terms = of(e);
      if (terms.size() != 1) {
        return Optional.empty();
      }
      var term = terms.getFirst();
      var col = term.column();
      if (column != null && column.index() != col.index()) {
        return Optional.empty();
      }
      column = col;
      switch (term) {
        case Compare c when c.op().equals("=") -> values.add(c.value());
        case In in -> values.addAll(in.values());
        default -> {
          return Optional.empty();
        }
      }
    }
    return Optional.of(new In(column, values));
  }
}
