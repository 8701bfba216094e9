package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.RelationScope.ScopeColumn;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.Access;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinKind;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;

/**
 * The FROM clause: tables, derived tables and joins, left to right as written (the optimizer may
 * reorder inner joins). Each join's rows are the left columns followed by the right ones; USING and
 * NATURAL joins put the joined columns first, once.
 */
final class FromBinder {
  /** A bound FROM item: its plan and the columns a query sees. */
  record Relation(PlanNode plan, List<ScopeColumn> columns) {
    RelationScope scope() {
      return new RelationScope(columns);
    }

    /** The scope a query's expressions see, resolving names by {@code folding}. */
    RelationScope scope(NameFolding folding) {
      return new RelationScope(columns, folding);
    }
  }

  private final Catalog catalog;
  private final Parameters params;
  private final QueryBinder queries;

  FromBinder(Catalog catalog, Parameters params, QueryBinder queries) {
    this.catalog = catalog;
    this.params = params;
    this.queries = queries;
  }

  private static Relation visible(PlanNode plan) {
    return new Relation(plan, plan.output().stream().map(ScopeColumn::visible).toList());
  }

  Relation bind(FromItem from, List<net.sf.jsqlparser.statement.select.Join> joins) {
    var relation = item(from);
    if (joins != null) {
      for (var join : joins) {
        relation = join(relation, join);
      }
    }
    return relation;
  }

  private Relation item(FromItem from) {
    return switch (from) {
      case Table t -> {
        var cte =
            queries.cte(t); // bound once: binding it again here doubled the work per chained CTE
        if (cte.isPresent()) {
          yield visible(cte.get());
        }
        var view = Views.find(catalog, t);
        if (view.isPresent()) {
          yield visible(Views.reference(view.get(), t, catalog));
        }
        var table = Names.table(catalog, t);
        var alias =
            t.getAlias() != null
                ? Names.canonical(t.getAlias().getName(), catalog.nameFolding())
                : table.name();
        var all = IntStream.range(0, table.columns().size()).boxed().toList();
        yield visible(Views.scan(new TableScan(table, alias, all, new Access.FullScan())));
      }
      case ParenthesedSelect sub ->
          visible(
              Relations.derived(
                  queries.bind(sub.getSelect()), sub.getAlias(), catalog.nameFolding()));
      case ParenthesedFromItem p
          when p.getFromItem() instanceof net.sf.jsqlparser.statement.select.Select s
              && (p.getJoins() == null || p.getJoins().isEmpty()) ->
          visible(Relations.derived(queries.bind(s), p.getAlias(), catalog.nameFolding()));
      case ParenthesedFromItem p -> {
        if (p.getAlias() != null) {
          throw Unsupported.feature("an alias on a parenthesized join");
        }
        yield bind(p.getFromItem(), p.getJoins());
      }
      default ->
          throw Unsupported.feature(
              "FROM item " + from.getClass().getSimpleName() + " (" + from + ")");
    };
  }

  private Relation join(Relation left, net.sf.jsqlparser.statement.select.Join join) {
    if (join.isSemi() || join.isApply() || join.isStraight() || join.getJoinWindow() != null) {
      throw Unsupported.feature("join type of '" + join + "'");
    }
    var right = item(join.getFromItem());
    var kind =
        join.isLeft()
            ? JoinKind.LEFT
            : join.isRight() ? JoinKind.RIGHT : join.isFull() ? JoinKind.FULL : JoinKind.INNER;
    if (kind != JoinKind.INNER && join.isSimple()) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "outer join without a condition: " + join);
    }
    var columns = new ArrayList<>(left.columns());
    columns.addAll(right.columns());
    var scope = new RelationScope(columns, catalog.nameFolding());
    var using = join.isNatural() ? naturalColumns(left, right) : usingNames(join);
    if (!using.isEmpty()) {
      return joinUsing(left, right, kind, using);
    }
    Optional<Expr> condition = Optional.empty();
    var on = join.getOnExpressions();
    if (on != null && !on.isEmpty()) {
      var binder = queries.binder(scope);
      condition = Optional.of(Exprs.and(on.stream().map(e -> binder.bind(e, Clause.ON)).toList()));
    } else if (kind != JoinKind.INNER) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, kind + " JOIN needs ON or USING: " + join);
    }
    return new Relation(Join.of(kind, left.plan(), right.plan(), condition), columns);
  }

  private List<String> usingNames(net.sf.jsqlparser.statement.select.Join join) {
    var names = new ArrayList<String>();
    if (join.getUsingColumns() != null) {
      for (var c : join.getUsingColumns()) {
        names.add(
            BindScope.Name.of(c.getColumnName()).folded(catalog.nameFolding() == NameFolding.ALL));
      }
    }
    return names;
  }

  /** The unqualified column names both sides have, in the left side's order. */
  private static List<String> naturalColumns(Relation left, Relation right) {
    var rightNames = new HashSet<String>();
    for (var c : right.columns()) {
      if (c.unqualified()) {
        rightNames.add(c.column().name());
      }
    }
    var names = new ArrayList<String>();
    for (var c : left.columns()) {
      if (c.unqualified() && rightNames.contains(c.column().name())) {
        names.add(c.column().name());
      }
    }
    return names;
  }

  /**
   * {@code JOIN ... USING (a, b)}: equality on the named columns; the result lists each of them
   * once, first (from the left side, from the right for RIGHT JOIN, COALESCE of both for FULL).
   */
  private Relation joinUsing(Relation left, Relation right, JoinKind kind, List<String> names) {
    int width = left.columns().size();
    var leftScope = left.scope();
    var rightScope = right.scope();
    var conditions = new ArrayList<Expr>();
    var merged = new ArrayList<Expr>();
    var mergedColumns = new ArrayList<ScopeColumn>();
    var hiddenLeft = new HashSet<Integer>();
    var hiddenRight = new HashSet<Integer>();
    for (var name : names) {
      int l = leftScope.unqualifiedPosition(name);
      int r = rightScope.unqualifiedPosition(name);
      if (l < 0 || r < 0) {
        throw new KiteSqlException(
            ErrorCode.UNKNOWN_COLUMN,
            "column "
                + Names.display(name)
                + " named in USING is missing on the "
                + (l < 0 ? "left" : "right")
                + " side");
      }
      var lc = left.columns().get(l).column();
      var rc = right.columns().get(r).column();
      var lref = new Expr.Column(l, lc.type(), lc.name());
      var rref = new Expr.Column(width + r, rc.type(), rc.name());
      conditions.add(new Expr.Comparison(ComparisonOp.EQ, lref, rref));
      var type = io.kitesql.expr.Coercions.commonType(lc.type(), rc.type());
      merged.add(
          switch (kind) {
            case INNER, LEFT -> lref;
            case RIGHT -> rref;
            case FULL -> new Expr.Coalesce(List.of(lref, rref), type);
          });
      mergedColumns.add(
          ScopeColumn.visible(
              OutputColumn.of(
                  lc.name(),
                  kind == JoinKind.FULL ? type : kind == JoinKind.RIGHT ? rc.type() : lc.type())));
      hiddenLeft.add(l);
      hiddenRight.add(r);
    }
    var join = Join.of(kind, left.plan(), right.plan(), Optional.of(Exprs.and(conditions)));
    var exprs = new ArrayList<>(merged);
    var columns = new ArrayList<>(mergedColumns);
    var joined = join.output();
    for (int i = 0; i < joined.size(); i++) {
      exprs.add(new Expr.Column(i, joined.get(i).type(), joined.get(i).name()));
      var original = i < width ? left.columns().get(i) : right.columns().get(i - width);
      boolean hidden = i < width ? hiddenLeft.contains(i) : hiddenRight.contains(i - width);
      columns.add(hidden ? new ScopeColumn(original.column(), false, false) : original);
    }
    var project = new Project(join, exprs, columns.stream().map(ScopeColumn::column).toList());
    return new Relation(project, columns);
  }
}
