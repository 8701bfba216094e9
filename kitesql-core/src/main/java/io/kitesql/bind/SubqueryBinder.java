package io.kitesql.bind;

import io.kitesql.expr.Expr;
import io.kitesql.expr.OuterRef;
import io.kitesql.plan.PlanNode;
import io.kitesql.value.DataType;
import java.util.List;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Binds the query of a subquery for the {@link ExpressionBinder}; implemented by the statement
 * binder, which knows the catalog and how to plan queries.
 */
public interface SubqueryBinder {

  /**
   * The bound subquery.
   *
   * @param select the subquery
   * @param outer the scope of the enclosing query: names the subquery cannot resolve itself are
   *     looked up there and become {@link OuterRef}s with captures
   */
  Bound bind(Select select, BindScope outer);

  /**
   * @param plan the subquery's plan
   * @param columnTypes the types of its result columns
   * @param captures expressions over the enclosing row, one per {@link OuterRef} slot
   */
  record Bound(PlanNode plan, List<DataType> columnTypes, List<Expr> captures) {
    public Bound {
      columnTypes = List.copyOf(columnTypes);
      captures = List.copyOf(captures);
    }
  }
}
