package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;

/**
 * GROUP BY, HAVING and aggregates of one SELECT. After {@link #aggregate}, expressions above the
 * aggregation are {@link #rewrite rewritten} to read its output: group keys and aggregate calls
 * become column references, and any other column reference is a grouping error.
 */
final class Grouping {
  private final List<Expr> keys = new ArrayList<>();
  private final List<String> keyNames = new ArrayList<>();
  private final Expr having;
  private final SelectList select;
  private final List<AggregateCall> aggregates = new ArrayList<>();

  Grouping(ExpressionBinder binder, PlainSelect ps, SelectList select) {
    this.select = select;
    if (ps.getGroupBy() != null) {
      if (ps.getGroupBy().getGroupingSets() != null
          && !ps.getGroupBy().getGroupingSets().isEmpty()) {
        throw Unsupported.feature("GROUPING SETS");
      }
      for (var e : ps.getGroupBy().getGroupByExpressionList()) {
        net.sf.jsqlparser.expression.Expression expression = e;
        keys.add(bindKey(binder, expression));
        keyNames.add(expression.toString());
      }
    }
    this.having = ps.getHaving() == null ? null : binder.bind(ps.getHaving(), Clause.HAVING);
  }

  /** A GROUP BY item: an expression, a select-list position, or a select alias. */
  private Expr bindKey(ExpressionBinder binder, net.sf.jsqlparser.expression.Expression e) {
    if (e instanceof LongValue position) {
      long k = OrderByBinder.ordinal(position);
      if (k < 1 || k > select.size()) {
        throw new KiteSqlException(
            ErrorCode.UNKNOWN_COLUMN,
            "GROUP BY position " + position.getStringValue() + " is not in the select list");
      }
      return checkedKey(select.expression((int) k - 1));
    }
    try {
      return checkedKey(binder.bind(e, Clause.GROUP_BY));
    } catch (KiteSqlException unknown) {
      if (unknown.errorCode() == ErrorCode.UNKNOWN_COLUMN
          && e instanceof Column c
          && c.getTable() == null) {
        int i = select.indexOfName(c.getColumnName());
        if (i >= 0) {
          return checkedKey(select.expression(i));
        }
      }
      throw unknown;
    }
  }

  private static Expr checkedKey(Expr key) {
    if (Exprs.containsAggregate(key)) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "aggregate functions are not allowed in GROUP BY: " + Exprs.toSql(key));
    }
    if (Windowing.contains(key)) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "window functions are not allowed in GROUP BY: " + Exprs.toSql(key));
    }
    return key;
  }

  Expr having() {
    return having;
  }

  /**
   * Whether the query aggregates: GROUP BY, HAVING, or an aggregate call in the select list or
   * ORDER BY.
   */
  boolean active() {
    return !keys.isEmpty()
        || having != null
        || select.expressionsWithHidden().stream().anyMatch(Exprs::containsAggregate);
  }

  PlanNode aggregate(PlanNode input) {
    var sources = new ArrayList<>(select.expressionsWithHidden());
    if (having != null) {
      sources.add(having);
    }
    for (var e : sources) {
      for (var call : Exprs.aggregates(e)) {
        if (!aggregates.contains(call)) {
          aggregates.add(call);
        }
      }
    }
    var output = new ArrayList<OutputColumn>();
    for (int i = 0; i < keys.size(); i++) {
      output.add(OutputColumn.of(keyNames.get(i), keys.get(i).type()));
    }
    for (var a : aggregates) {
      output.add(OutputColumn.of(Exprs.toSql(a), a.type()));
    }
    return new Aggregate(input, keys, aggregates, output);
  }

  /**
   * {@code e} over the aggregate's output; a column that is neither grouped nor aggregated fails.
   */
  Expr rewrite(Expr e) {
    checkGrouped(e);
    return Exprs.replace(
        e,
        node -> {
          int k = keys.indexOf(node);
          if (k >= 0) {
            return Optional.of(new Expr.Column(k, node.type(), keyNames.get(k)));
          }
          if (node instanceof AggregateCall call) {
            int a = aggregates.indexOf(call);
            return Optional.of(new Expr.Column(keys.size() + a, call.type(), Exprs.toSql(call)));
          }
          return Optional.empty();
        });
  }

  private void checkGrouped(Expr e) {
    if (keys.contains(e) || e instanceof AggregateCall) {
      return;
    }
    if (e instanceof Expr.Column c) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "column "
              + c.name()
              + " must appear in the GROUP BY clause or be used in an aggregate function");
    }
    for (var child : e.children()) {
      checkGrouped(child);
    }
  }
}
