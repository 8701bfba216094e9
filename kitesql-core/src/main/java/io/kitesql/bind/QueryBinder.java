package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.Values;
import io.kitesql.sql.QuotedBackslashes;
import io.kitesql.sql.QuotedDots;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import net.sf.jsqlparser.expression.AllValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import org.jspecify.annotations.Nullable;

/**
 * Binds SELECT and VALUES over one table or derived table into a logical plan: scan → filter
 * (WHERE) → aggregate (GROUP BY) → filter (HAVING) → project → distinct → sort → limit. ORDER BY
 * keys that are not in the select list travel as hidden projected columns that a final projection
 * drops.
 */
final class QueryBinder {
  private final Catalog catalog;
  private final Parameters params;
  private final CteScope ctes;
  private final BindScope outer;
  private final List<Expr> captures;

  /** The statement's own SELECT ({@link #bindStatement}); null in subqueries and views. */
  private @Nullable Select statementsOwn;

  QueryBinder(Catalog catalog, Parameters params) {
    this(catalog, params, CteScope.EMPTY);
  }

  QueryBinder(Catalog catalog, Parameters params, CteScope ctes) {
    this(catalog, params, ctes, null, null);
  }

  /** A binder for a subquery: names it cannot resolve go to {@code outer} and are captured. */
  QueryBinder(
      Catalog catalog, Parameters params, CteScope ctes, BindScope outer, List<Expr> captures) {
    this.catalog = catalog;
    this.params = params;
    this.ctes = ctes;
    this.outer = outer;
    this.captures = captures;
  }

  /** A binder that also sees the CTEs of {@code withItems} (null or empty: this one). */
  QueryBinder with(List<WithItem<?>> withItems) {
    if (withItems == null || withItems.isEmpty()) {
      return this;
    }
    var binder =
        new QueryBinder(
            catalog, params, ctes.with(withItems, catalog.nameFolding()), outer, captures);
    binder.statementsOwn = statementsOwn;
    return binder;
  }

  /** How this database folds the names of statements ({@link Catalog#nameFolding()}). */
  NameFolding nameFolding() {
    return catalog.nameFolding();
  }

  /**
   * An expression binder over {@code scope} (and the enclosing query's, in a subquery) that binds
   * subqueries too.
   */
  ExpressionBinder binder(BindScope scope) {
    var effective = outer == null ? scope : new CorrelatedScope(scope, outer, captures);
    return new ExpressionBinder(effective, params)
        .withSubqueries(new SubqueryBinding(catalog, params, ctes));
  }

  /** The plan of the CTE that {@code t} names, if it names one. */
  Optional<PlanNode> cte(Table t) {
    return ctes.find(t).map(entry -> CteScope.reference(entry, t, catalog, params));
  }

  /**
   * The plan of a statement's own SELECT, the one query that may lock rows ({@code FOR UPDATE};
   * {@link Unsupported#locksRows}).
   */
  PlanNode bindStatement(Select select) {
    statementsOwn = select;
    return bind(select);
  }

  PlanNode bind(Select select) {
    io.kitesql.expr.PlanningBudget.check();
    if (select.getWithItemsList() != null && !select.getWithItemsList().isEmpty()) {
      return with(select.getWithItemsList()).bindBody(select);
    }
    return bindBody(select);
  }

  private PlanNode bindBody(Select select) {
    return switch (select) {
      case PlainSelect ps -> bindPlain(ps);
      case ParenthesedSelect p -> noOrderOrLimit(bind(p.getSelect()), p);
      case net.sf.jsqlparser.statement.select.Values v ->
          new SetOperationBinder(this, params)
              .orderAndLimit(new ValuesBinder(params).bind(v.getExpressions()), v);
      case SetOperationList s -> new SetOperationBinder(this, params).bind(s);
      default -> throw Unsupported.feature(select.getClass().getSimpleName());
    };
  }

  /** Rows of a VALUES list, typed by their first row. */
  PlanNode bindValues(ExpressionList<?> rows) {
    var bound = ValuesBinder.bindRows(rows, binder(RelationScope.empty()));
    var first = bound.getFirst();
    var output =
        IntStream.range(0, first.size())
            .mapToObj(i -> OutputColumn.of("column" + (i + 1), first.get(i).type()))
            .toList();
    return new Values(bound, output);
  }

  private PlanNode bindPlain(PlainSelect ps) {
    Unsupported.rejectClauses(ps, ps == statementsOwn);
    PlanNode input;
    RelationScope scope;
    if (ps.getFromItem() == null) {
      input = oneEmptyRow();
      scope = RelationScope.empty();
    } else {
      var from = new FromBinder(catalog, params, this).bind(ps.getFromItem(), ps.getJoins());
      input = from.plan();
      scope = from.scope(catalog.nameFolding());
    }
    var binder = binder(scope);
    binder.namedWindows(ps.getWindowDefinitions());
    if (ps.getWhere() != null) {
      input = new Filter(input, binder.bind(ps.getWhere(), Clause.WHERE));
    }
    var select = new SelectList(catalog.nameFolding());
    for (var item : ps.getSelectItems()) {
      addItem(select, item, scope, binder);
    }
    var grouping = new Grouping(binder, ps, select);
    var orderBy = new OrderByBinder(binder, select);
    var keys = orderBy.bind(ps.getOrderByElements());
    if (grouping.active()) {
      input = grouping.aggregate(input);
      select.rewrite(grouping::rewrite);
      if (ps.getHaving() != null) {
        input = new Filter(input, grouping.rewrite(grouping.having()));
      }
    }
    input = Windowing.apply(input, select);
    int visible = select.size();
    PlanNode plan = new Project(input, select.expressionsWithHidden(), select.columnsWithHidden());
    if (ps.getDistinct() != null) {
      if (ps.getDistinct().getOnSelectItems() != null) {
        throw Unsupported.feature("DISTINCT ON");
      }
      if (select.hiddenCount() > 0) {
        throw new KiteSqlException(
            ErrorCode.GROUPING_ERROR,
            "with SELECT DISTINCT, ORDER BY expressions must appear in the select list");
      }
      plan = new Distinct(plan);
    }
    plan = orderBy.sort(plan, keys);
    plan = withLimit(plan, ps);
    if (select.hiddenCount() > 0) {
      plan = dropHidden(plan, visible);
    }
    return plan;
  }

  private static PlanNode oneEmptyRow() {
    return new Values(List.of(List.of()), List.of());
  }

  private void addItem(
      SelectList select, SelectItem<?> item, RelationScope scope, ExpressionBinder binder) {
    var e = item.getExpression();
    if (e instanceof AllTableColumns star) {
      var qualifier = io.kitesql.bind.BindScope.Name.of(star.getTable().getName());
      boolean any = false;
      for (int i = 0; i < scope.columns().size(); i++) {
        var c = scope.columns().get(i).column();
        if (c.qualifier()
            .map(q -> qualifier.matches(q, catalog.nameFolding() == NameFolding.ALL))
            .orElse(false)) {
          select.add(new Expr.Column(i, c.type(), c.name()), OutputColumn.of(c.name(), c.type()));
          any = true;
        }
      }
      if (!any) {
        throw new KiteSqlException(
            ErrorCode.UNKNOWN_TABLE, "no table named " + qualifier + " in FROM for " + star);
      }
    } else if (e instanceof AllColumns) {
      if (scope.columns().isEmpty()) {
        throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "SELECT * needs a FROM clause");
      }
      for (int i = 0; i < scope.columns().size(); i++) {
        var sc = scope.columns().get(i);
        if (sc.inStar()) {
          select.add(
              new Expr.Column(i, sc.column().type(), sc.column().name()),
              OutputColumn.of(sc.column().name(), sc.column().type()));
        }
      }
    } else {
      var bound = binder.bind(e, Clause.SELECT);
      var name =
          item.getAlias() != null
              ? Names.canonical(item.getAlias().getName(), catalog.nameFolding())
              : defaultName(e, bound);
      select.add(bound, OutputColumn.of(name, bound.type()), item.getAlias() != null);
    }
  }

  static String defaultName(Expression e, Expr bound) {
    return bound instanceof Expr.Column c
        ? c.name()
        : QuotedBackslashes.restore(QuotedDots.restore(e.toString()));
  }

  PlanNode withLimit(PlanNode plan, Select ps) {
    var binder = binder(RelationScope.empty());
    Optional<Expr> limit = Optional.empty();
    Optional<Expr> offset = Optional.empty();
    if (ps.getLimit() != null) {
      var l = ps.getLimit();
      var rowCount = l.getRowCount(); // LIMIT ALL and LIMIT NULL: no limit
      if (rowCount != null && !(rowCount instanceof AllValue) && !(rowCount instanceof NullValue)) {
        limit = Optional.of(count(binder.bind(rowCount, Clause.LIMIT)));
      }
      if (l.getOffset() != null) {
        offset = Optional.of(count(binder.bind(l.getOffset(), Clause.LIMIT)));
      }
    }
    if (ps.getOffset() != null) {
      offset = Optional.of(count(binder.bind(ps.getOffset().getOffset(), Clause.LIMIT)));
    }
    if (ps.getFetch() != null) {
      if (ps.getFetch().getExpression() == null) {
        limit = Optional.of(new Expr.Literal(1L, io.kitesql.value.DataType.BIGINT));
      } else {
        limit = Optional.of(count(binder.bind(ps.getFetch().getExpression(), Clause.LIMIT)));
      }
    }
    return limit.isEmpty() && offset.isEmpty() ? plan : new Limit(plan, limit, offset);
  }

  /** A LIMIT/OFFSET/FETCH parameter nothing else typed is a row count (BIGINT), not text. */
  private Expr count(Expr e) {
    if (e instanceof Expr.Parameter p && !params.isTyped(p.index())) {
      params.recordType(p.index(), io.kitesql.value.DataType.BIGINT);
      return new Expr.Parameter(p.index(), io.kitesql.value.DataType.BIGINT);
    }
    return e;
  }

  private static PlanNode noOrderOrLimit(PlanNode plan, Select select) {
    if (select.getOrderByElements() != null && !select.getOrderByElements().isEmpty()) {
      throw Unsupported.feature("ORDER BY on a parenthesized query or VALUES");
    }
    if (select.getLimit() != null || select.getOffset() != null) {
      throw Unsupported.feature("LIMIT/OFFSET on a parenthesized query or VALUES");
    }
    return plan;
  }

  private static PlanNode dropHidden(PlanNode plan, int visible) {
    var out = plan.output().subList(0, visible);
    var refs =
        IntStream.range(0, visible)
            .mapToObj(i -> (Expr) new Expr.Column(i, out.get(i).type(), out.get(i).name()))
            .toList();
    return new Project(plan, refs, out);
  }
}
