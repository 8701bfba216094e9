package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Sort;
import io.kitesql.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.OrderByElement;

/**
 * ORDER BY items: a select-list position ({@code ORDER BY 2}), a select alias, or an expression
 * over the input. Keys are references to projected columns; expressions not in the select list
 * become hidden projected columns.
 */
final class OrderByBinder {
  private final ExpressionBinder binder;
  private final SelectList select;

  OrderByBinder(ExpressionBinder binder, SelectList select) {
    this.binder = binder;
    this.select = select;
  }

  List<SortKey> bind(List<OrderByElement> elements) {
    var keys = new ArrayList<SortKey>();
    if (elements == null) {
      return keys;
    }
    for (var element : elements) {
      boolean descending = !element.isAsc();
      boolean nullsFirst =
          switch (element.getNullOrdering()) {
            case null -> !descending;
            case NULLS_FIRST -> true;
            case NULLS_LAST -> false;
          };
      int position = position(element.getExpression());
      var type =
          position < select.size()
              ? select.column(position).type()
              : select.columnsWithHidden().get(position).type();
      keys.add(
          new SortKey(new Expr.Column(position, type, "order" + position), descending, nullsFirst));
    }
    return keys;
  }

  /**
   * The value of a position literal (ORDER BY 2, GROUP BY 1), or Long.MAX_VALUE when it does not
   * even fit a BIGINT ({@code LongValue.getValue()} throws NumberFormatException then): either way
   * it is then out of range.
   */
  static long ordinal(LongValue literal) {
    var value = literal.getBigIntegerValue();
    return value.bitLength() < 64 ? value.longValue() : Long.MAX_VALUE;
  }

  private int position(net.sf.jsqlparser.expression.Expression e) {
    if (e instanceof LongValue ordinal) {
      long k = ordinal(ordinal);
      if (k < 1 || k > select.size()) {
        throw new KiteSqlException(
            ErrorCode.UNKNOWN_COLUMN,
            "ORDER BY position "
                + ordinal.getStringValue()
                + " is not in the select list (1.."
                + select.size()
                + ")");
      }
      return (int) k - 1;
    }
    if (e instanceof Column c && c.getTable() == null) {
      int byAlias = select.indexOfName(c.getColumnName());
      if (byAlias >= 0) {
        return byAlias;
      }
    }
    var bound = binder.bind(e, Clause.ORDER_BY);
    int existing = select.indexOf(bound);
    return existing >= 0 ? existing : select.addHidden(bound);
  }

  PlanNode sort(PlanNode plan, List<SortKey> keys) {
    return keys.isEmpty() ? plan : new Sort(plan, keys);
  }
}
