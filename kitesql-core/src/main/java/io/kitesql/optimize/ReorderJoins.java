package io.kitesql.optimize;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinKind;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses the order of inner joins (outer joins keep the written order). A region of inner joins
 * and the filter above it become a set of inputs and a set of conditions; the order starts with the
 * input its own conditions narrow most (a primary-key or index equality), then repeatedly adds an
 * input connected to those already joined, preferring one whose join columns it can look up through
 * its primary key or an index. A projection on top restores the written column order.
 *
 * <pre>
 * Filter(c.id = 7)                         Project(original order)
 *   Join(o.customer_id = c.id)       =>      Join(o.customer_id = c.id)
 *     Scan orders o                            Filter(c.id = 7) ... Scan customers c
 *     Scan customers c                         Scan orders o
 * </pre>
 */
final class ReorderJoins {
  private ReorderJoins() {}

  private record Leaf(PlanNode plan, int offset, int width) {
    boolean contains(int column) {
      return column >= offset && column < offset + width;
    }
  }

  static PlanNode apply(PlanNode plan) {
    if (plan instanceof Filter f && f.input() instanceof Join j && j.kind() == JoinKind.INNER) {
      return reorder(j, Exprs.conjuncts(f.predicate()));
    }
    if (plan instanceof Join j && j.kind() == JoinKind.INNER) {
      return reorder(j, List.of());
    }
    return Plans.mapChildren(plan, ReorderJoins::apply);
  }

  private static PlanNode reorder(Join region, List<Expr> above) {
    var leaves = new ArrayList<Leaf>();
    var conditions = new ArrayList<>(above);
    flatten(region, 0, leaves, conditions);
    var order = chooseOrder(leaves, conditions);
    return build(leaves, order, conditions, region.output().size());
  }

  private static void flatten(PlanNode node, int offset, List<Leaf> leaves, List<Expr> conditions) {
    if (node instanceof Join j && j.kind() == JoinKind.INNER) {
      int leftWidth = j.left().output().size();
      flatten(j.left(), offset, leaves, conditions);
      flatten(j.right(), offset + leftWidth, leaves, conditions);
      j.condition()
          .ifPresent(c -> conditions.addAll(Exprs.conjuncts(Exprs.remap(c, i -> i + offset))));
    } else {
      leaves.add(new Leaf(apply(node), offset, node.output().size()));
    }
  }

  private static List<Integer> chooseOrder(List<Leaf> leaves, List<Expr> conditions) {
    var order = new ArrayList<Integer>();
    int first = 0;
    for (int i = 1; i < leaves.size(); i++) {
      if (selectivity(leaves.get(i), conditions) > selectivity(leaves.get(first), conditions)) {
        first = i;
      }
    }
    order.add(first);
    while (order.size() < leaves.size()) {
      int best = -1;
      int bestScore = -1;
      for (int i = 0; i < leaves.size(); i++) {
        if (order.contains(i)) {
          continue;
        }
        var equated = equatedColumns(leaves, order, i, conditions);
        if (equated.isEmpty()) {
          continue;
        }
        int score =
            (lookupable(leaves.get(i), equated) ? 100 : 0) + selectivity(leaves.get(i), conditions);
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      }
      if (best < 0) {
        for (int i = 0; i < leaves.size() && best < 0; i++) {
          best = order.contains(i) ? -1 : i; // nothing connected: a cross join, in written order
        }
      }
      order.add(best);
    }
    return order;
  }

  /**
   * How much the leaf's own conditions narrow it: equalities with values, more if they hit a key.
   */
  private static int selectivity(Leaf leaf, List<Expr> conditions) {
    var equated = new HashSet<Integer>();
    for (var c : conditions) {
      if (c instanceof Expr.Comparison cmp && cmp.op() == ComparisonOp.EQ) {
        columnEqualsValue(cmp.left(), cmp.right(), leaf)
            .or(() -> columnEqualsValue(cmp.right(), cmp.left(), leaf))
            .ifPresent(equated::add);
      }
    }
    return equated.size() + (lookupable(leaf, equated) ? 10 : 0);
  }

  private static Optional<Integer> columnEqualsValue(Expr column, Expr value, Leaf leaf) {
    if (column instanceof Expr.Column c
        && leaf.contains(c.index())
        && Exprs.columns(value).isEmpty()) {
      return Optional.of(c.index() - leaf.offset());
    }
    return Optional.empty();
  }

  /**
   * Columns of leaf {@code i} (local positions) equated to expressions over the leaves joined so
   * far.
   */
  private static Set<Integer> equatedColumns(
      List<Leaf> leaves, List<Integer> joined, int i, List<Expr> conditions) {
    var leaf = leaves.get(i);
    var result = new HashSet<Integer>();
    for (var c : conditions) {
      if (c instanceof Expr.Comparison cmp && cmp.op() == ComparisonOp.EQ) {
        for (var pair :
            List.of(List.of(cmp.left(), cmp.right()), List.of(cmp.right(), cmp.left()))) {
          if (pair.get(0) instanceof Expr.Column col
              && leaf.contains(col.index())
              && within(Exprs.columns(pair.get(1)), leaves, joined)) {
            result.add(col.index() - leaf.offset());
          }
        }
      }
    }
    return result;
  }

  private static boolean within(BitSet columns, List<Leaf> leaves, List<Integer> joined) {
    if (columns.isEmpty()) {
      return false;
    }
    for (int c = columns.nextSetBit(0); c >= 0; c = columns.nextSetBit(c + 1)) {
      int column = c;
      if (joined.stream().noneMatch(j -> leaves.get(j).contains(column))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a table scan leaf can find rows by these columns through its primary key or an index.
   */
  static boolean lookupable(Leaf leaf, Set<Integer> columns) {
    if (!(leaf.plan() instanceof TableScan scan)) {
      return false;
    }
    TableDef table = scan.table();
    if (!table.hasHiddenRowId() && columns.containsAll(table.primaryKey())) {
      return true;
    }
    return table.indexes().stream().anyMatch(index -> columns.contains(index.columns().getFirst()));
  }

  private static PlanNode build(
      List<Leaf> leaves, List<Integer> order, List<Expr> conditions, int width) {
    var newPosition = new int[width];
    var placed = new boolean[conditions.size()];
    var joined = new ArrayList<Integer>();
    PlanNode plan = null;
    int next = 0;
    for (int i : order) {
      var leaf = leaves.get(i);
      for (int c = 0; c < leaf.width(); c++) {
        newPosition[leaf.offset() + c] = next + c;
      }
      next += leaf.width();
      joined.add(i);
      if (plan == null) {
        plan = leaf.plan();
        continue;
      }
      var here = new ArrayList<Expr>();
      for (int c = 0; c < conditions.size(); c++) {
        var columns = Exprs.columns(conditions.get(c));
        if (!placed[c]
            && !columns.isEmpty()
            && within(columns, leaves, joined)
            && !within(columns, leaves, List.of(i))
            && !within(columns, leaves, joined.subList(0, joined.size() - 1))) {
          here.add(Exprs.remap(conditions.get(c), p -> newPosition[p]));
          placed[c] = true;
        }
      }
      plan =
          Join.of(
              JoinKind.INNER,
              plan,
              leaf.plan(),
              here.isEmpty() ? Optional.empty() : Optional.of(Exprs.and(here)));
    }
    var rest = new ArrayList<Expr>();
    for (int c = 0; c < conditions.size(); c++) {
      if (!placed[c]) {
        rest.add(Exprs.remap(conditions.get(c), p -> newPosition[p]));
      }
    }
    if (!rest.isEmpty()) {
      plan = new Filter(plan, Exprs.and(rest));
    }
    return restoreOrder(plan, newPosition);
  }

  private static PlanNode restoreOrder(PlanNode plan, int[] newPosition) {
    boolean identity = true;
    for (int p = 0; p < newPosition.length; p++) {
      identity &= newPosition[p] == p;
    }
    if (identity) {
      return plan;
    }
    var out = plan.output();
    var exprs = new ArrayList<Expr>();
    var columns = new ArrayList<io.kitesql.plan.OutputColumn>();
    for (int p : newPosition) {
      exprs.add(new Expr.Column(p, out.get(p).type(), out.get(p).name()));
      columns.add(out.get(p));
    }
    return new Project(plan, exprs, columns);
  }
}
