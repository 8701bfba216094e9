package io.kitesql.api;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.plan.Access;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import io.kitesql.plan.PlanExpressions;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SequencedSet;

/**
 * Where the plan the engine compiled for a query tests a predicate against every row of a table: a
 * filter over a table scan, or over a walk of a whole key, that no primary key or index range
 * narrows. A table read with no predicate ({@code findAll}, {@code count}, a page of all rows
 * sorted) reads every row by design and is not one; neither is the inner side of an index lookup
 * join, which is read through its key. Subquery plans are checked too. What {@link
 * PreparedStatement#fullScans()} answers.
 */
final class FullScans {
  private FullScans() {}

  /** The full scans of {@code plan}, outermost first. */
  static List<FullScan> of(PlanNode plan) {
    var found = new ArrayList<FullScan>();
    walk(plan, found);
    return found;
  }

  private static void walk(PlanNode node, List<FullScan> found) {
    subqueries(node, found);
    switch (node) {
      case Filter f when f.input() instanceof TableScan s && readsEveryRow(s) -> {
        found.add(fullScan(s, f.predicate()));
        subqueries(s, found);
      }
      case Join j when j.strategy() instanceof JoinStrategy.IndexLookup -> {
        walk(j.left(), found);
        innerSide(j.right(), found);
      }
      default -> node.children().forEach(child -> walk(child, found));
    }
  }

  /** The inner side of an index lookup join: its table is read through the key, row by row. */
  private static void innerSide(PlanNode inner, List<FullScan> found) {
    switch (inner) {
      case TableScan s -> subqueries(s, found);
      case Filter f when f.input() instanceof TableScan s -> {
        subqueries(f, found);
        subqueries(s, found);
      }
      default -> walk(inner, found);
    }
  }

  private static boolean readsEveryRow(TableScan scan) {
    return switch (scan.access()) {
      case Access.FullScan _ -> true;
      case Access.KeyRange r ->
          r.ranges().size() == 1
              && r.ranges().getFirst().equal().isEmpty()
              && r.ranges().getFirst().next() instanceof Access.Next.Any;
      case Access.AnyOf _ -> false;
    };
  }

  /** The plans of the subqueries in {@code node}'s own expressions. */
  private static void subqueries(PlanNode node, List<FullScan> found) {
    PlanExpressions.map(
        node,
        e -> {
          collectSubqueries(e, found);
          return e;
        });
  }

  private static void collectSubqueries(Expr e, List<FullScan> found) {
    if (e instanceof SubqueryExpr s && s.plan() instanceof PlanNode plan) {
      walk(plan, found);
    }
    e.children().forEach(child -> collectSubqueries(child, found));
  }

  private static FullScan fullScan(TableScan scan, Expr predicate) {
    var table = scan.table();
    var columns = indexColumns(predicate, table);
    var predicateSql = Exprs.toSql(predicate);
    if (columns.isEmpty()) {
      return new FullScan(
          table.name(),
          predicateSql,
          Optional.empty(),
          "no index can serve this predicate as written (a function of a column, an OR, a negation or a"
              + " comparison between columns)");
    }
    var names = columns.stream().map(i -> table.columns().get(i).name()).toList();
    var existing =
        table.indexes().stream()
            .filter(i -> i.columns().getFirst().equals(columns.getFirst()))
            .findFirst();
    if (existing.isPresent()
        || (!table.primaryKey().isEmpty()
            && table.primaryKey().getFirst().equals(columns.getFirst()))) {
      var key = existing.map(i -> "index " + i.name()).orElse("the primary key");
      return new FullScan(
          table.name(),
          predicateSql,
          Optional.empty(),
          key
              + " starts with "
              + names.getFirst()
              + " but the plan does not use it for this predicate: check that the values compared have the column's type");
    }
    var ddl =
        "create index "
            + table.name()
            + "_"
            + String.join("_", names)
            + " on "
            + table.name()
            + " ("
            + String.join(", ", names)
            + ")";
    return new FullScan(
        table.name(), predicateSql, Optional.of(ddl), "`" + ddl + "` would serve it");
  }

  /**
   * The columns of an index that would serve {@code predicate}: the columns its conjuncts compare
   * for equality (=, IN, IS NULL) in the order they appear, then the first column they bound by a
   * range (&lt;, BETWEEN, LIKE). Empty when no conjunct compares a column with a value.
   */
  private static List<Integer> indexColumns(Expr predicate, TableDef table) {
    SequencedSet<Integer> equal = new LinkedHashSet<>();
    SequencedSet<Integer> range = new LinkedHashSet<>();
    for (var conjunct : conjuncts(predicate)) {
      switch (conjunct) {
        case Expr.Comparison c when c.op() != ComparisonOp.NE -> {
          var column =
              comparedColumn(c.left(), c.right()).or(() -> comparedColumn(c.right(), c.left()));
          column.ifPresent(i -> (c.op() == ComparisonOp.EQ ? equal : range).add(i));
        }
        case Expr.InList in
            when !in.negated() && in.values().stream().allMatch(FullScans::isValue) ->
            column(in.operand()).ifPresent(equal::add);
        case Expr.IsNull n when !n.negated() -> column(n.operand()).ifPresent(equal::add);
        case Expr.Between b when !b.negated() && isValue(b.low()) && isValue(b.high()) ->
            column(b.operand()).ifPresent(range::add);
        case Expr.Like l when !l.negated() && !l.caseInsensitive() && isValue(l.pattern()) ->
            column(l.operand()).ifPresent(range::add);
        default -> {}
      }
    }
    var columns = new ArrayList<>(equal);
    range.stream().filter(i -> !equal.contains(i)).findFirst().ifPresent(columns::add);
    columns.removeIf(i -> i >= table.columns().size());
    return columns;
  }

  private static List<Expr> conjuncts(Expr e) {
    if (e instanceof Expr.And and) {
      var all = new ArrayList<>(conjuncts(and.left()));
      all.addAll(conjuncts(and.right()));
      return all;
    }
    return List.of(e);
  }

  private static Optional<Integer> comparedColumn(Expr side, Expr other) {
    return isValue(other) ? column(side) : Optional.empty();
  }

  private static Optional<Integer> column(Expr e) {
    return e instanceof Expr.Column c ? Optional.of(c.index()) : Optional.empty();
  }

  /** Whether {@code e} reads no column of the row (literals, parameters, outer references). */
  private static boolean isValue(Expr e) {
    return !(e instanceof Expr.Column)
        && !(e instanceof SubqueryExpr)
        && e.children().stream().allMatch(FullScans::isValue);
  }
}
