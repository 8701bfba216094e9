package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.Limit;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.SortKey;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;

/**
 * Binds UNION, INTERSECT and EXCEPT (MINUS), with or without ALL, into {@link SetOperation} nodes,
 * and ORDER BY / LIMIT on a query's result (set operations, VALUES).
 *
 * <p>JSqlParser gives a flat list {@code s0 op1 s1 op2 s2 ...} (brackets become nested operands).
 * SQL's precedence is applied here: INTERSECT binds tighter than UNION and EXCEPT, which associate
 * to the left. Branches must have the same width; each result column has the common type of the
 * branches' columns (branches are converted to it) and the first branch's name.
 *
 * <p>Parser quirk: JSqlParser 5.3 attaches a trailing LIMIT/OFFSET without ORDER BY to the last
 * branch ({@code SELECT 1 UNION SELECT 2 LIMIT 1} has {@code LIMIT 1} on {@code SELECT 2}); SQL
 * applies it to the whole result, so it is moved there.
 */
final class SetOperationBinder {
  private final QueryBinder queries;
  private final Parameters params;
  private final ColumnTypes types;

  SetOperationBinder(QueryBinder queries, Parameters params) {
    this.queries = queries;
    this.params = params;
    this.types = new ColumnTypes(params);
  }

  PlanNode bind(SetOperationList list) {
    var selects = list.getSelects();
    var ops = list.getOperations();
    var operands = new ArrayList<PlanNode>();
    var between = new ArrayList<net.sf.jsqlparser.statement.select.SetOperation>();
    PlanNode current = queries.bind(selects.getFirst());
    Limit trailing = null;
    for (int i = 0; i < ops.size(); i++) {
      var op = ops.get(i);
      var next = queries.bind(selects.get(i + 1));
      if (i == ops.size() - 1 && hasTrailingLimit(selects.get(i + 1)) && next instanceof Limit l) {
        trailing = l;
        next = l.input();
      }
      if (op instanceof IntersectOp intersect) {
        current = combine(SetOperation.Kind.INTERSECT, intersect.isAll(), current, next);
      } else {
        operands.add(current);
        between.add(op);
        current = next;
      }
    }
    operands.add(current);
    var plan = operands.getFirst();
    for (int i = 0; i < between.size(); i++) {
      var op = between.get(i);
      plan =
          switch (op) {
            case UnionOp u ->
                combine(SetOperation.Kind.UNION, u.isAll(), plan, operands.get(i + 1));
            case ExceptOp e ->
                combine(SetOperation.Kind.EXCEPT, e.isAll(), plan, operands.get(i + 1));
            case MinusOp m ->
                combine(SetOperation.Kind.EXCEPT, m.isAll(), plan, operands.get(i + 1));
            default -> throw Unsupported.feature("set operation " + op);
          };
    }
    if (trailing != null) {
      plan = new Limit(plan, trailing.limit(), trailing.offset());
    }
    return orderAndLimit(plan, list);
  }

  private static boolean hasTrailingLimit(Select last) {
    return last instanceof PlainSelect ps
        && (ps.getOrderByElements() == null || ps.getOrderByElements().isEmpty())
        && (ps.getLimit() != null || ps.getOffset() != null);
  }

  private PlanNode combine(SetOperation.Kind kind, boolean all, PlanNode left, PlanNode right) {
    var name = kind + (all ? " ALL" : "");
    int width = left.output().size();
    if (right.output().size() != width) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "each "
              + name
              + " query must have the same number of columns ("
              + width
              + " and "
              + right.output().size()
              + ")");
    }
    var resultTypes = new ArrayList<DataType>();
    var output = new ArrayList<OutputColumn>();
    for (int i = 0; i < width; i++) {
      var l = left.output().get(i);
      var r = right.output().get(i);
      var t =
          ColumnTypes.common(
              List.of(l.type(), r.type()),
              List.of(types.untypedColumn(left, i), types.untypedColumn(right, i)),
              name + " column " + (i + 1) + " (" + l.name() + ")");
      resultTypes.add(t);
      output.add(OutputColumn.of(l.name(), t));
    }
    return new SetOperation(
        kind,
        all,
        ColumnTypes.convert(left, resultTypes),
        ColumnTypes.convert(right, resultTypes),
        output);
  }

  /**
   * ORDER BY, LIMIT, OFFSET and FETCH of a whole query result: ORDER BY names a result column,
   * gives its position, or is an expression over the result columns.
   */
  PlanNode orderAndLimit(PlanNode plan, Select select) {
    var elements = select.getOrderByElements();
    if (elements != null && !elements.isEmpty()) {
      plan = new Sort(plan, keys(plan.output(), elements));
    }
    return queries.withLimit(plan, select);
  }

  private List<SortKey> keys(List<OutputColumn> columns, List<OrderByElement> elements) {
    var binder = queries.binder(RelationScope.of(columns, queries.nameFolding()));
    var keys = new ArrayList<SortKey>();
    for (var element : elements) {
      boolean descending = !element.isAsc();
      boolean nullsFirst =
          switch (element.getNullOrdering()) {
            case null -> !descending;
            case NULLS_FIRST -> true;
            case NULLS_LAST -> false;
          };
      Expr key;
      if (element.getExpression() instanceof LongValue ordinal) {
        long k = OrderByBinder.ordinal(ordinal);
        if (k < 1 || k > columns.size()) {
          throw new KiteSqlException(
              ErrorCode.UNKNOWN_COLUMN,
              "ORDER BY position "
                  + ordinal.getStringValue()
                  + " is not in the result (1.."
                  + columns.size()
                  + ")");
        }
        var c = columns.get((int) k - 1);
        key = new Expr.Column((int) k - 1, c.type(), c.name());
      } else {
        key = binder.bind(element.getExpression(), Clause.ORDER_BY);
      }
      keys.add(new SortKey(key, descending, nullsFirst));
    }
    return keys;
  }
}
