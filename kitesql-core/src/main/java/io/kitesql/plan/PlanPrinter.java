package io.kitesql.plan;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.SubqueryExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Prints a plan as indented lines, one node per line, for EXPLAIN. */
public final class PlanPrinter {
  private PlanPrinter() {}

  public static List<String> lines(PlanNode plan) {
    return lines(plan, node -> "");
  }

  /**
   * {@link #lines(PlanNode)} with {@code suffix}'s text after each node's (EXPLAIN ANALYZE's
   * figures).
   */
  public static List<String> lines(PlanNode plan, Function<PlanNode, String> suffix) {
    var lines = new ArrayList<String>();
    print(plan, 0, lines, suffix);
    return lines;
  }

  private static void print(
      PlanNode node, int depth, List<String> lines, Function<PlanNode, String> suffix) {
    lines.add("  ".repeat(depth) + describe(node) + suffix.apply(node));
    for (var subquery : subqueries(node)) {
      lines.add(
          "  ".repeat(depth + 1)
              + "SubPlan "
              + subquery.kind()
              + (subquery.correlated() ? " correlated" : ""));
      print((PlanNode) subquery.plan(), depth + 2, lines, suffix);
    }
    for (var child : node.children()) {
      print(child, depth + 1, lines, suffix);
    }
  }

  /**
   * The subqueries in {@code node}'s own expressions, outermost first (their plans print their
   * own).
   */
  private static List<SubqueryExpr> subqueries(PlanNode node) {
    var found = new ArrayList<SubqueryExpr>();
    PlanExpressions.map(
        node,
        e -> {
          collect(e, found);
          return e;
        });
    return found;
  }

  private static void collect(Expr e, List<SubqueryExpr> found) {
    if (e instanceof SubqueryExpr s) {
      found.add(s);
    }
    for (var child : e.children()) {
      collect(child, found);
    }
  }

  static String describe(PlanNode node) {
    return switch (node) {
      case TableScan s -> scan(s);
      case Filter f -> "Filter " + sql(f.predicate());
      case Project p -> "Project " + exprs(p.expressions());
      case Aggregate a ->
          "HashAggregate keys=["
              + exprs(a.groupKeys())
              + "] aggregates=["
              + a.aggregates().stream().map(PlanPrinter::sql).collect(Collectors.joining(", "))
              + "]"
              + (a.countsWholeTable() ? " from the kept row count" : "");
      case Sort s -> "Sort " + keys(s.keys());
      case TopN t ->
          "TopN "
              + keys(t.keys())
              + " limit "
              + sql(t.limit())
              + t.offset().map(o -> " offset " + sql(o)).orElse("");
      case Limit l ->
          "Limit"
              + l.limit().map(x -> " " + sql(x)).orElse("")
              + l.offset().map(o -> " offset " + sql(o)).orElse("");
      case Distinct _ -> "Distinct";
      case Values v -> "Values " + v.rows().size() + " row(s)";
      case Window w -> "Window " + exprs(w.calls());
      case SetOperation s -> "SetOperation " + s.sql();
      case RecursiveUnion r -> "RecursiveUnion" + (r.all() ? " ALL" : "") + " #" + r.workTable();
      case WorkTableScan w -> "WorkTableScan " + w.name() + " #" + w.workTable();
      case Join j -> join(j);
    };
  }

  private static String join(Join j) {
    var on = j.condition().map(c -> " on " + sql(c)).orElse("");
    return switch (j.strategy()) {
      case JoinStrategy.NestedLoop _ -> "NestedLoopJoin " + j.kind() + on;
      case JoinStrategy.Hash h ->
          "HashJoin "
              + j.kind()
              + " keys=["
              + exprs(h.leftKeys())
              + "] = ["
              + exprs(h.rightKeys())
              + "]"
              + on;
      case JoinStrategy.IndexLookup l ->
          "IndexLookupJoin "
              + j.kind()
              + " using "
              + l.index().map(i -> i.name()).orElse("primary key")
              + " ("
              + exprs(l.leftKeys())
              + ")"
              + on;
    };
  }

  private static String scan(TableScan s) {
    var name =
        s.table().name() + (s.alias().equalsIgnoreCase(s.table().name()) ? "" : " " + s.alias());
    var columns =
        s.columns().stream()
            .map(i -> s.table().columns().get(i).name())
            .collect(Collectors.joining(", "));
    return switch (s.access()) {
      case Access.FullScan _ -> "TableScan " + name + " columns=[" + columns + "]";
      case Access.KeyRange r -> keyRange(s, name, r) + " columns=[" + columns + "]";
      case Access.AnyOf a ->
          "AnyOf "
              + name
              + " ("
              + a.branches().stream().map(b -> keyRange(s, "", b)).collect(Collectors.joining("; "))
              + ") columns=["
              + columns
              + "]";
    };
  }

  /**
   * {@code PrimaryKeyLookup} when every range binds the whole of a unique key (at most one row
   * each), {@code PrimaryKeyScan}/{@code IndexScan} for a walk in key order with no bound, else
   * {@code PrimaryKeyRangeScan}/{@code IndexRangeScan}; then the ranges.
   */
  private static String keyRange(TableScan s, String name, Access.KeyRange r) {
    int keyWidth = r.index().map(i -> i.columns().size()).orElse(s.table().primaryKey().size());
    boolean unique = r.index().map(i -> i.unique()).orElse(true);
    boolean lookups =
        unique && r.ranges().stream().allMatch(g -> g.isPoint() && g.equal().size() >= keyWidth);
    boolean unbounded =
        r.ranges().size() == 1
            && r.ranges().getFirst().equal().isEmpty()
            && r.ranges().getFirst().next() instanceof Access.Next.Any;
    var kind = lookups ? "Lookup" : unbounded ? "Scan" : "RangeScan";
    var named = name.isEmpty() ? "" : " " + name; // an AnyOf branch names no table
    var on =
        r.index()
            .map(i -> "Index" + kind + named + " using " + i.name())
            .orElse("PrimaryKey" + kind + named);
    return on
        + r.ranges().stream().map(PlanPrinter::range).collect(Collectors.joining(" or"))
        + (r.reverse() ? " reverse" : "")
        + (r.covered() ? " covered" : "");
  }

  private static String range(Access.Range r) {
    var equal =
        r.equal().stream()
            .map(e -> e instanceof SubqueryExpr ? "each of (subquery)" : sql(e))
            .collect(Collectors.joining(", "));
    var sep = equal.isEmpty() ? "" : equal + ", ";
    return switch (r.next()) {
      case Access.Next.Any _ -> equal.isEmpty() ? "" : " = (" + equal + ")";
      case Access.Next.LikePrefix p -> " LIKE (" + sep + sql(p.pattern()) + ")";
      case Access.Next.Between b -> {
        var sb = new StringBuilder();
        if (b.lower().isPresent()) {
          sb.append(b.lowerInclusive() ? " >= (" : " > (")
              .append(sep)
              .append(sql(b.lower().get()))
              .append(')');
        } else if (b.nonNull()) {
          sb.append(" > (").append(sep).append("NULL)");
        } else if (!equal.isEmpty()) {
          sb.append(" >= (").append(equal).append(')');
        }
        if (b.upper().isPresent()) {
          sb.append(b.upperInclusive() ? " <= (" : " < (")
              .append(sep)
              .append(sql(b.upper().get()))
              .append(')');
        } else if (!equal.isEmpty()) {
          sb.append(" <= (").append(equal).append(')');
        }
        yield sb.toString();
      }
    };
  }

  private static String keys(List<SortKey> keys) {
    return keys.stream()
        .map(
            k ->
                sql(k.expression())
                    + (k.descending() ? " DESC" : " ASC")
                    + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"))
        .collect(Collectors.joining(", "));
  }

  private static String exprs(List<? extends Expr> exprs) {
    return exprs.stream().map(PlanPrinter::sql).collect(Collectors.joining(", "));
  }

  private static String sql(Expr e) {
    return Exprs.toSql(e);
  }
}
