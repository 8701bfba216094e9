package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Binds the predicates of an {@link ExpressionBinder}'s expressions: comparisons (row values
 * through {@link RowValues}, quantified ones through the subquery binder), IS [NOT] DISTINCT FROM,
 * IN lists and IN subqueries, BETWEEN and LIKE. Operands are typed with the binder's rules.
 */
final class PredicateBinder {
  private final ExpressionBinder binder;

  PredicateBinder(ExpressionBinder binder) {
    this.binder = binder;
  }

  Expr comparison(ComparisonOp op, Expression left, Expression right) {
    if (RowValues.isRow(left) || RowValues.isRow(right)) {
      return new RowValues(binder)
          .comparison(op, left, right, left + " " + op.symbol() + " " + right);
    }
    if (right instanceof AnyComparisonExpression x) {
      return binder.subqueryExpressions().quantified(op, binder.expr(left), x);
    }
    Expr[] lr = binder.types().compared(binder.expr(left), binder.expr(right), op.symbol());
    return new Expr.Comparison(op, lr[0], lr[1]);
  }

  Expr isDistinct(IsDistinctExpression d) {
    String what = d.isNot() ? "IS NOT DISTINCT FROM" : "IS DISTINCT FROM";
    Expr[] lr =
        binder
            .types()
            .compared(
                binder.expr(d.getLeftExpression()), binder.expr(d.getRightExpression()), what);
    return new Expr.IsDistinct(lr[0], lr[1], d.isNot());
  }

  Expr in(InExpression in) {
    return switch (in.getRightExpression()) {
      case ParenthesedExpressionList<?> list -> in(in, list);
      case Select s -> binder.subqueryExpressions().in(in, s);
      default ->
          throw ExpressionBinder.unsupported(
              "IN followed by "
                  + in.getRightExpression().getClass().getSimpleName()
                  + " (parenthesize the IN predicate)",
              in);
    };
  }

  private Expr in(InExpression in, ParenthesedExpressionList<?> list) {
    if (list.isEmpty()) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "IN needs at least one value: " + in);
    }
    if (RowValues.isRow(in.getLeftExpression())) {
      return new RowValues(binder)
          .inList((ParenthesedExpressionList<?>) in.getLeftExpression(), list, in.isNot(), in);
    }
    Expr operand = binder.expr(in.getLeftExpression());
    var values = new ArrayList<Expr>(list.size());
    for (Expression item : list) {
      values.add(binder.expr(item));
    }
    for (Expr v : values) { // an untyped operand takes the first typed value's type
      if (binder.types().untyped(operand) && !binder.types().untyped(v)) {
        operand = binder.types().adopt(operand, v.type());
      }
    }
    for (int i = 0; i < values.size(); i++) {
      Expr[] lr = binder.types().compared(operand, values.get(i), "IN");
      operand = lr[0];
      values.set(i, lr[1]);
    }
    return new Expr.InList(operand, values, in.isNot());
  }

  Expr between(Between b) {
    var all =
        new ArrayList<>(
            List.of(
                binder.expr(b.getLeftExpression()),
                binder.expr(b.getBetweenExpressionStart()),
                binder.expr(b.getBetweenExpressionEnd())));
    // untyped operands (NULL BETWEEN 1 AND NULL) all take the first typed one's type
    all.stream()
        .filter(e -> !binder.types().untyped(e))
        .findFirst()
        .ifPresent(typed -> all.replaceAll(e -> binder.types().adopt(e, typed.type())));
    Expr[] lo = binder.types().compared(all.get(0), all.get(1), "BETWEEN");
    Expr[] hi = binder.types().compared(lo[0], all.get(2), "BETWEEN");
    return new Expr.Between(hi[0], lo[1], hi[1], b.isNot());
  }

  Expr like(LikeExpression l) {
    var kw = l.getLikeKeyWord();
    if ((kw != LikeExpression.KeyWord.LIKE && kw != LikeExpression.KeyWord.ILIKE)
        || l.isUseBinary()) {
      throw ExpressionBinder.unsupported(l.isUseBinary() ? "LIKE BINARY" : kw.toString(), l);
    }
    String what = kw.toString();
    Expr operand = binder.types().text(binder.expr(l.getLeftExpression()), what);
    Expr pattern = binder.types().text(binder.expr(l.getRightExpression()), what);
    Expr escape =
        l.getEscape() == null
            ? new Expr.Literal(null, DataType.VARCHAR)
            : binder.types().text(binder.expr(l.getEscape()), what + " ESCAPE");
    return new Expr.Like(operand, pattern, escape, kw == LikeExpression.KeyWord.ILIKE, l.isNot());
  }
}
