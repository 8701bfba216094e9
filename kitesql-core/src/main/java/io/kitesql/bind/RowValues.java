package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Row value comparisons for the {@link ExpressionBinder}, bound as the standard defines them over
 * their elements, so three-valued logic comes out right by construction: {@code (a, b) = (c, d)} is
 * {@code a = c AND b = d}; {@code <>} is the OR of the pairs' {@code <>}; {@code (a, b) < (c, d)}
 * is {@code a < c OR (a = c AND b < d)} (likewise {@code <=}, {@code >}, {@code >=}); {@code (a, b)
 * IN ((1, 2), (3, 4))} is the OR of the row equalities, NOT IN its negation. (Row values IN a
 * subquery are {@link SubqueryExpressions}'.)
 */
final class RowValues {
  private final ExpressionBinder b;

  RowValues(ExpressionBinder binder) {
    this.b = binder;
  }

  /** Whether {@code e} is a row value of two or more elements. */
  static boolean isRow(Expression e) {
    return e instanceof ParenthesedExpressionList<?> list && list.size() > 1;
  }

  Expr comparison(ComparisonOp op, Expression left, Expression right, Object sql) {
    if (!isRow(left) || !isRow(right)) {
      throw ExpressionBinder.unsupported(
          "comparison of a row value with "
              + (isRow(left) ? right : left).getClass().getSimpleName()
              + " (compare with a row value of as many elements)",
          sql);
    }
    var pairs =
        pairs(
            (ParenthesedExpressionList<?>) left,
            (ParenthesedExpressionList<?>) right,
            op.symbol(),
            sql);
    return switch (op) {
      case EQ -> all(pairs, ComparisonOp.EQ);
      case NE -> {
        Expr any = null;
        for (Expr[] p : pairs) {
          Expr ne = new Expr.Comparison(ComparisonOp.NE, p[0], p[1]);
          any = any == null ? ne : new Expr.Or(any, ne);
        }
        yield any;
      }
      case LT, LE, GT, GE -> ordered(op, pairs, 0);
    };
  }

  /** {@code (a, ...) [NOT] IN ((x, ...), ...)}. */
  Expr inList(
      ParenthesedExpressionList<?> row,
      List<? extends Expression> values,
      boolean negated,
      Object sql) {
    Expr any = null;
    for (Expression v : values) {
      if (!(v instanceof ParenthesedExpressionList<?> candidate)
          || candidate.size() != row.size()) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "each value of a row value IN list must be a row of "
                + row.size()
                + " elements: "
                + sql);
      }
      Expr equal = all(pairs(row, candidate, "IN", sql), ComparisonOp.EQ);
      any = any == null ? equal : new Expr.Or(any, equal);
    }
    return negated ? new Expr.Not(any) : any;
  }

  private List<Expr[]> pairs(
      ParenthesedExpressionList<?> left,
      ParenthesedExpressionList<?> right,
      String where,
      Object sql) {
    if (left.size() != right.size()) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "row values of "
              + left.size()
              + " and "
              + right.size()
              + " elements cannot be compared: "
              + sql);
    }
    var pairs = new ArrayList<Expr[]>(left.size());
    for (int i = 0; i < left.size(); i++) {
      pairs.add(b.types().compared(b.expr(left.get(i)), b.expr(right.get(i)), where));
    }
    return pairs;
  }

  private static Expr all(List<Expr[]> pairs, ComparisonOp op) {
    Expr all = null;
    for (Expr[] p : pairs) {
      Expr c = new Expr.Comparison(op, p[0], p[1]);
      all = all == null ? c : new Expr.And(all, c);
    }
    return all;
  }

  /**
   * {@code a_i strict b_i OR (a_i = b_i AND rest)}, the last pair compared with {@code op} itself.
   */
  private static Expr ordered(ComparisonOp op, List<Expr[]> pairs, int i) {
    Expr[] p = pairs.get(i);
    if (i == pairs.size() - 1) {
      return new Expr.Comparison(op, p[0], p[1]);
    }
    var strict = op == ComparisonOp.LT || op == ComparisonOp.LE ? ComparisonOp.LT : ComparisonOp.GT;
    return new Expr.Or(
        new Expr.Comparison(strict, p[0], p[1]),
        new Expr.And(new Expr.Comparison(ComparisonOp.EQ, p[0], p[1]), ordered(op, pairs, i + 1)));
  }
}
