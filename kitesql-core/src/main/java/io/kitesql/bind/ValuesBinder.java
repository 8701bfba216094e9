package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Values;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * VALUES used as a query or a table ({@code SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t(x, y)}):
 * columns {@code column1, column2, ...}, each of the common type of its values (a NULL takes the
 * others' type), values of another type converted to it. (INSERT ... VALUES keeps its own binding:
 * there each value converts to its target column instead.)
 */
final class ValuesBinder {
  private final Parameters params;
  private final ColumnTypes types;

  ValuesBinder(Parameters params) {
    this.params = params;
    this.types = new ColumnTypes(params);
  }

  PlanNode bind(ExpressionList<?> rows) {
    var bound = bindRows(rows, new ExpressionBinder(RelationScope.empty(), params));
    int width = bound.getFirst().size();
    var output = new ArrayList<OutputColumn>();
    for (int i = 0; i < width; i++) {
      int column = i;
      var columnTypes = bound.stream().map(r -> r.get(column).type()).toList();
      var untyped = bound.stream().map(r -> types.untyped(r.get(column))).toList();
      DataType t = ColumnTypes.common(columnTypes, untyped, "VALUES column " + (i + 1));
      for (var row : bound) {
        row.set(i, types.coerce(row.get(i), t));
      }
      output.add(OutputColumn.of("column" + (i + 1), t));
    }
    return new Values(bound, output);
  }

  /**
   * The rows of a VALUES list, each bound by {@code binder} as written (no conversions), all of the
   * same width. Mutable lists, so callers may convert values in place.
   */
  static List<List<Expr>> bindRows(ExpressionList<?> rows, ExpressionBinder binder) {
    var bound = new ArrayList<List<Expr>>();
    for (var items : rowItems(rows)) {
      var values = new ArrayList<Expr>();
      for (var item : items) {
        values.add(binder.bind(item, Clause.VALUES));
      }
      if (!bound.isEmpty() && bound.getFirst().size() != values.size()) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH,
            "VALUES rows have different numbers of columns ("
                + bound.getFirst().size()
                + " and "
                + values.size()
                + ")");
      }
      bound.add(values);
    }
    return bound;
  }

  /** The items of each row of a VALUES list, as parsed. */
  static List<List<Expression>> rowItems(ExpressionList<?> rows) {
    // One row comes as its parenthesized item list, several as a list of rows (or of values).
    List<?> rowList = rows instanceof ParenthesedExpressionList<?> single ? List.of(single) : rows;
    var result = new ArrayList<List<Expression>>(rowList.size());
    for (Object row : rowList) {
      List<?> items = row instanceof ParenthesedExpressionList<?> list ? list : List.of(row);
      result.add(items.stream().map(Expression.class::cast).toList());
    }
    return result;
  }
}
