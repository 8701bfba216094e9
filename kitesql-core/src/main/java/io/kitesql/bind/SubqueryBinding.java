package io.kitesql.bind;

import io.kitesql.catalog.Catalog;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.OutputColumn;
import java.util.ArrayList;
import net.sf.jsqlparser.statement.select.Select;

/** Binds subqueries met in expressions: their own query, correlated to the enclosing scope. */
final class SubqueryBinding implements SubqueryBinder {
  private final Catalog catalog;
  private final Parameters params;
  private final CteScope ctes;

  SubqueryBinding(Catalog catalog, Parameters params, CteScope ctes) {
    this.catalog = catalog;
    this.params = params;
    this.ctes = ctes;
  }

  @Override
  public Bound bind(Select select, BindScope outer) {
    var captures = new ArrayList<io.kitesql.expr.Expr>();
    var plan = new QueryBinder(catalog, params, ctes, outer, captures).bind(select);
    return new Bound(plan, plan.output().stream().map(OutputColumn::type).toList(), captures);
  }
}
