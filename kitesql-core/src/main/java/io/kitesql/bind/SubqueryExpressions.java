package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Subqueries in expressions for the {@link ExpressionBinder}: scalar, EXISTS, IN and quantified
 * comparisons. The query itself is bound by the statement binder's {@link SubqueryBinder}; without
 * one, subqueries are refused as unsupported in that place.
 */
final class SubqueryExpressions {
  private final ExpressionBinder owner;
  private final SubqueryBinder binder;
  private final BindScope scope;

  SubqueryExpressions(ExpressionBinder owner, SubqueryBinder binder, BindScope scope) {
    this.owner = owner;
    this.binder = binder;
    this.scope = scope;
  }

  private SubqueryBinder.Bound bind(Select select, String what, int columns) {
    if (binder == null) {
      throw ExpressionBinder.unsupported(what + " here", select);
    }
    var bound = binder.bind(select, scope);
    if (columns > 0 && bound.columnTypes().size() != columns) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          what
              + " must return "
              + columns
              + (columns == 1 ? " column" : " columns")
              + ", not "
              + bound.columnTypes().size()
              + ": "
              + select);
    }
    return bound;
  }

  Expr scalar(Select select) {
    var b = bind(select, "a scalar subquery", 1);
    return new SubqueryExpr(
        SubqueryExpr.Kind.SCALAR,
        List.of(),
        null,
        false,
        b.plan(),
        b.captures(),
        b.columnTypes().getFirst());
  }

  Expr exists(ExistsExpression x) {
    if (!(x.getRightExpression() instanceof Select select)) {
      throw ExpressionBinder.unsupported("EXISTS without a subquery", x);
    }
    var b = bind(select, "EXISTS", 0);
    return new SubqueryExpr(
        SubqueryExpr.Kind.EXISTS,
        List.of(),
        null,
        x.isNot(),
        b.plan(),
        b.captures(),
        DataType.BOOLEAN);
  }

  Expr in(InExpression in, Select select) {
    if (in.isGlobal() || in.getOldOracleJoinSyntax() != 0) {
      throw ExpressionBinder.unsupported("this form of IN", in);
    }
    if (in.getLeftExpression() instanceof ParenthesedExpressionList<?> row && row.size() > 1) {
      return rowIn(in, row, select);
    }
    var b = bind(select, "an IN subquery", 1);
    // an untyped operand (a bare NULL or parameter) takes the subquery column's type
    var operand =
        owner.types().adopt(owner.expr(in.getLeftExpression()), b.columnTypes().getFirst());
    owner.types().comparable(operand, new Expr.Literal(null, b.columnTypes().getFirst()), "IN");
    return new SubqueryExpr(
        SubqueryExpr.Kind.IN,
        operand,
        ComparisonOp.EQ,
        in.isNot(),
        b.plan(),
        b.captures(),
        DataType.BOOLEAN);
  }

  /** {@code (a, b, ...) [NOT] IN (SELECT x, y, ...)}: one subquery column per element. */
  private Expr rowIn(InExpression in, ParenthesedExpressionList<?> row, Select select) {
    var b = bind(select, "a row value IN subquery", row.size());
    var operands = new ArrayList<Expr>(row.size());
    for (int i = 0; i < row.size(); i++) {
      var type = b.columnTypes().get(i);
      var operand = owner.types().adopt(owner.expr(row.get(i)), type);
      owner.types().comparable(operand, new Expr.Literal(null, type), "IN");
      operands.add(operand);
    }
    return new SubqueryExpr(
        SubqueryExpr.Kind.IN,
        operands,
        ComparisonOp.EQ,
        in.isNot(),
        b.plan(),
        b.captures(),
        DataType.BOOLEAN);
  }

  Expr quantified(ComparisonOp op, Expr operand, AnyComparisonExpression x) {
    var b = bind(x.getSelect(), x.getAnyType() + " subquery", 1);
    operand = owner.types().adopt(operand, b.columnTypes().getFirst());
    owner
        .types()
        .comparable(
            operand, new Expr.Literal(null, b.columnTypes().getFirst()), x.getAnyType().toString());
    var kind =
        switch (x.getAnyType()) {
          case ANY, SOME -> SubqueryExpr.Kind.ANY;
          case ALL -> SubqueryExpr.Kind.ALL;
        };
    return new SubqueryExpr(kind, operand, op, false, b.plan(), b.captures(), DataType.BOOLEAN);
  }
}
