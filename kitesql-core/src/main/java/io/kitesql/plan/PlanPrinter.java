package io.kitesql.plan;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Prints a plan as indented lines, one node per line, for EXPLAIN. */
public final class PlanPrinter {
  private PlanPrinter() {}

  public static List<String> lines(PlanNode plan) {
    var lines = new ArrayList<String>();
    print(plan, 0, lines);
    return lines;
  }

  private static void print(PlanNode node, int depth, List<String> lines) {
    lines.add("  ".repeat(depth) + describe(node));
    for (var child : node.children()) {
      print(child, depth + 1, lines);
    }
  }

  static String describe(PlanNode node) {
    return switch (node) {
      case TableScan s -> scan(s);
      case Filter f -> "Filter " + sql(f.predicate());
      case Project p -> "Project " + exprs(p.expressions());
      case Aggregate a -> "HashAggregate keys=[" + exprs(a.groupKeys()) + "] aggregates=["
          + a.aggregates().stream().map(PlanPrinter::sql).collect(Collectors.joining(", ")) + "]";
      case Sort s -> "Sort " + keys(s.keys());
      case TopN t -> "TopN " + keys(t.keys()) + " limit " + sql(t.limit())
          + t.offset().map(o -> " offset " + sql(o)).orElse("");
      case Limit l -> "Limit" + l.limit().map(x -> " " + sql(x)).orElse("")
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
      case JoinStrategy.Hash h -> "HashJoin " + j.kind() + " keys=[" + exprs(h.leftKeys()) + "] = [" + exprs(h.rightKeys()) + "]" + on;
      case JoinStrategy.IndexLookup l -> "IndexLookupJoin " + j.kind() + " using "
          + l.index().map(i -> i.name()).orElse("primary key") + " (" + exprs(l.leftKeys()) + ")" + on;
    };
  }

  private static String scan(TableScan s) {
    var name = s.table().name() + (s.alias().equalsIgnoreCase(s.table().name()) ? "" : " " + s.alias());
    var columns = s.columns().stream().map(i -> s.table().columns().get(i).name()).collect(Collectors.joining(", "));
    return switch (s.access()) {
      case Access.FullScan _ -> "TableScan " + name + " columns=[" + columns + "]";
      case Access.KeyRange r -> {
        var on = r.index().map(i -> "IndexRangeScan " + name + " using " + i.name()).orElse("PrimaryKeyRangeScan " + name);
        int keyWidth = r.index().map(i -> i.columns().size()).orElse(s.table().primaryKey().size());
        boolean unique = r.index().map(i -> i.unique()).orElse(true);
        if (unique && r.isPoint() && r.lower().size() == keyWidth) {
          on = on.replace("RangeScan", "Lookup"); // the whole unique key is bound: at most one row
        }
        yield on + bounds(r) + (r.covered() ? " covered" : "") + " columns=[" + columns + "]";
      }
    };
  }

  private static String bounds(Access.KeyRange r) {
    if (r.isPoint()) {
      return " = (" + exprs(r.lower()) + ")";
    }
    var sb = new StringBuilder();
    if (!r.lower().isEmpty()) {
      sb.append(r.lowerInclusive() ? " >= (" : " > (").append(exprs(r.lower())).append(')');
    }
    if (!r.upper().isEmpty()) {
      sb.append(r.upperInclusive() ? " <= (" : " < (").append(exprs(r.upper())).append(')');
    }
    return sb.toString();
  }

  private static String keys(List<SortKey> keys) {
    return keys.stream()
        .map(k -> sql(k.expression()) + (k.descending() ? " DESC" : " ASC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"))
        .collect(Collectors.joining(", "));
  }

  private static String exprs(List<? extends Expr> exprs) {
    return exprs.stream().map(PlanPrinter::sql).collect(Collectors.joining(", "));
  }

  private static String sql(Expr e) {
    return Exprs.toSql(e);
  }
}
