package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Sort;
import io.kitesql.plan.SortKey;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The order a sort above a scan wants of it, and how many rows a LIMIT above the sort takes: what
 * {@link ChooseAccessPath} weighs when a key that delivers the order could stop after a few rows
 * instead of a narrower range that must all be read and sorted ({@code category = ? AND score > ?
 * ORDER BY score LIMIT 5}).
 *
 * @param keys the sort's keys
 * @param columns per key, the table column it sorts by
 * @param rows {@code limit + offset} of the LIMIT above the sort, if any
 */
record WantedOrder(List<SortKey> keys, List<Integer> columns, OptionalLong rows) {
  /** The rows assumed for a LIMIT or OFFSET given as a parameter. */
  static final long PARAMETER_LIMIT = 100;

  /**
   * Per scan (by identity: rules keep a scan's instance while they rebuild the nodes above it), its
   * wanted order.
   */
  static Map<TableScan, WantedOrder> of(PlanNode plan) {
    var found = new IdentityHashMap<TableScan, WantedOrder>();
    collect(plan, found);
    return found;
  }

  private static void collect(PlanNode node, Map<TableScan, WantedOrder> found) {
    switch (node) {
      case Limit l when l.input() instanceof Sort s && l.limit().isPresent() -> {
        long rows = rows(l.limit().get()) + l.offset().map(WantedOrder::rows).orElse(0L);
        add(s, OptionalLong.of(rows), found);
      }
      case Sort s -> add(s, OptionalLong.empty(), found);
      default -> {}
    }
    node.children().forEach(child -> collect(child, found));
  }

  private static void add(Sort sort, OptionalLong rows, Map<TableScan, WantedOrder> found) {
    var scan = UseIndexOrder.scanBelow(sort.input());
    if (scan.isEmpty() || found.containsKey(scan.get())) {
      return;
    }
    var columns = new ArrayList<Integer>();
    for (var key : sort.keys()) {
      var column = UseIndexOrder.tableColumn(sort.input(), key.expression());
      if (column.isEmpty()) {
        return;
      }
      columns.add(column.get());
    }
    found.put(scan.get(), new WantedOrder(sort.keys(), columns, rows));
  }

  private static long rows(Expr e) {
    return e instanceof Expr.Literal l && l.value() instanceof Number n
        ? Math.max(0, n.longValue())
        : PARAMETER_LIMIT;
  }
}
