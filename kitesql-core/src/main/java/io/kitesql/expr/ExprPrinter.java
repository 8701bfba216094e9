package io.kitesql.expr;

import java.util.List;
import java.util.stream.Collectors;

/** Prints expressions as SQL; operands that are operators themselves get parentheses. */
final class ExprPrinter {
  private ExprPrinter() {}

  static String print(Expr e) {
    return switch (e) {
      case Expr.Column c -> c.name();
      case Expr.Literal l -> Render.literal(l.value());
      case Expr.Parameter p -> "?" + (p.index() + 1);
      case Expr.Negate n -> "-" + operand(n.operand());
      case Expr.Arithmetic a ->
          operand(a.left()) + " " + a.op().symbol() + " " + operand(a.right());
      case Expr.Comparison c ->
          operand(c.left()) + " " + c.op().symbol() + " " + operand(c.right());
      case Expr.IsDistinct d ->
          operand(d.left())
              + (d.negated() ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ")
              + operand(d.right());
      case Expr.And a -> operand(a.left()) + " AND " + operand(a.right());
      case Expr.Or o -> operand(o.left()) + " OR " + operand(o.right());
      case Expr.Not n -> "NOT " + operand(n.operand());
      case Expr.IsNull n -> operand(n.operand()) + (n.negated() ? " IS NOT NULL" : " IS NULL");
      case Expr.IsBoolean b ->
          operand(b.operand())
              + " IS "
              + (b.negated() ? "NOT " : "")
              + (b.value() ? "TRUE" : "FALSE");
      case Expr.InList in ->
          operand(in.operand()) + (in.negated() ? " NOT IN (" : " IN (") + list(in.values()) + ")";
      case Expr.Between b ->
          operand(b.operand())
              + (b.negated() ? " NOT BETWEEN " : " BETWEEN ")
              + operand(b.low())
              + " AND "
              + operand(b.high());
      case Expr.Like l -> like(l);
      case Expr.Case c -> caseOf(c);
      case Expr.Cast c -> "CAST(" + print(c.operand()) + " AS " + c.type() + ")";
      case Expr.Coalesce c -> "COALESCE(" + list(c.args()) + ")";
      case Expr.NullIf n -> "NULLIF(" + print(n.left()) + ", " + print(n.right()) + ")";
      case Expr.FunctionCall f -> function(f);
      case AggregateCall a ->
          a.function()
              + "("
              + (a.distinct() ? "DISTINCT " : "")
              + (a.isCountStar() ? "*" : list(a.args()))
              + ")";
      case SubqueryExpr q -> q.describe(ExprPrinter::print);
      case OuterRef r -> "outer." + r.name();
      case WindowCall w -> w.toSql();
    };
  }

  private static String operand(Expr e) {
    boolean simple =
        switch (e) {
          case Expr.Column c -> true;
          case Expr.Literal l -> true;
          case Expr.Parameter p -> true;
          case Expr.FunctionCall f -> f.function() != ScalarFunction.CONCAT_OP;
          case AggregateCall a -> true;
          case WindowCall w -> true;
          case Expr.Cast c -> true;
          case Expr.Coalesce c -> true;
          case Expr.NullIf n -> true;
          case Expr.Case c -> true;
          default -> false;
        };
    return simple ? print(e) : "(" + print(e) + ")";
  }

  private static String list(List<Expr> es) {
    return es.stream().map(ExprPrinter::print).collect(Collectors.joining(", "));
  }

  private static String like(Expr.Like l) {
    String s =
        operand(l.operand())
            + (l.negated() ? " NOT" : "")
            + (l.caseInsensitive() ? " ILIKE " : " LIKE ")
            + operand(l.pattern());
    boolean noEscape = l.escape() instanceof Expr.Literal x && x.value() == null;
    return noEscape ? s : s + " ESCAPE " + operand(l.escape());
  }

  private static String caseOf(Expr.Case c) {
    var sb = new StringBuilder("CASE");
    for (Expr.When w : c.whens()) {
      sb.append(" WHEN ").append(print(w.condition())).append(" THEN ").append(print(w.result()));
    }
    if (!(c.otherwise() instanceof Expr.Literal l && l.value() == null)) {
      sb.append(" ELSE ").append(print(c.otherwise()));
    }
    return sb.append(" END").toString();
  }

  private static String function(Expr.FunctionCall f) {
    List<Expr> a = f.args();
    return switch (f.function()) {
      case CONCAT_OP -> a.stream().map(ExprPrinter::operand).collect(Collectors.joining(" || "));
      case TRIM_BOTH, TRIM_LEADING, TRIM_TRAILING ->
          "TRIM("
              + f.function().name().substring(5)
              + " "
              + (a.size() > 1 ? print(a.get(1)) + " " : "")
              + "FROM "
              + print(a.getFirst())
              + ")";
      case POSITION -> "POSITION(" + print(a.get(0)) + " IN " + print(a.get(1)) + ")";
      default -> f.function().name() + "(" + list(a) + ")";
    };
  }
}
