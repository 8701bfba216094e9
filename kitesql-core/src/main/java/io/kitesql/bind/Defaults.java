package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Parameters;
import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;

/**
 * DEFAULT clauses: constants written as SQL text in the catalog, bound when a statement needs them.
 */
final class Defaults {
  private Defaults() {}

  /** One expression per column of {@code table}: its DEFAULT, or a NULL literal. */
  static List<Expr> of(TableDef table) {
    return table.columns().stream().map(Defaults::of).toList();
  }

  static Expr of(ColumnDef column) {
    if (column.defaultSql().isEmpty()) {
      return new Expr.Literal(null, column.type());
    }
    var sql = column.defaultSql().get();
    try {
      var parsed = CCJSqlParserUtil.parseExpression(sql);
      var bound =
          Exprs.fold(
              new ExpressionBinder(RelationScope.empty(), new Parameters())
                  .bind(parsed, Clause.DEFAULT));
      if (!(bound instanceof Expr.Literal)) {
        throw new KiteSqlException(
            ErrorCode.UNSUPPORTED_FEATURE,
            "DEFAULT " + sql + " of column " + column.name() + " is not a constant");
      }
      return bound;
    } catch (JSQLParserException e) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "cannot parse DEFAULT " + sql + " of column " + column.name(), e);
    }
  }

  /**
   * The value of the column's DEFAULT (NULL without one) converted to the column's type, as an
   * INSERT would store it: CREATE TABLE and ADD COLUMN call this so that a DEFAULT that does not
   * fit its column is refused there, not at every INSERT afterwards (PostgreSQL does the same).
   *
   * @throws KiteSqlException the conversion's error (INVALID_VALUE, TYPE_MISMATCH,
   *     VALUE_OUT_OF_RANGE) naming the column and its DEFAULT
   */
  static Object value(ColumnDef column) {
    var literal = of(column);
    Object value = Evaluator.evaluate(literal, new Object[0], new Object[0]);
    try {
      return Coercions.coerce(value, column.type());
    } catch (KiteSqlException e) {
      throw new KiteSqlException(
          e.errorCode(),
          "DEFAULT "
              + column.defaultSql().orElse("NULL")
              + " of column "
              + column.name()
              + " does not fit its type "
              + column.type()
              + ": "
              + e.reason(),
          e);
    }
  }
}
