package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Filter;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Window;
import java.util.ArrayList;
import java.util.BitSet;

/**
 * Which filters above a {@link Window} may go below it: a condition that reads only columns every
 * window call partitions by keeps or drops whole partitions, so the other rows' results do not
 * change. Any other condition (on a window result, or on a column some call orders or aggregates
 * by) stays above.
 *
 * <pre>
 * Filter(status = 'open')                   Window(max(peak) OVER (PARTITION BY status))
 *   Window(max(peak) OVER              =>      Filter(status = 'open')
 *          (PARTITION BY status))                ...
 * </pre>
 */
final class WindowFilters {
  private WindowFilters() {}

  /**
   * {@code Filter(predicate)} over {@code window}, the partition-key conjuncts placed below it by
   * {@code push}.
   */
  static PlanNode push(Window window, Expr predicate, Pusher push) {
    var keys = partitionColumns(window);
    var below = new ArrayList<Expr>();
    var above = new ArrayList<Expr>();
    for (var term : Exprs.conjuncts(predicate)) {
      var read = Exprs.columns(term);
      read.andNot(keys);
      (read.isEmpty() ? below : above).add(term);
    }
    PlanNode input = window.input();
    if (!below.isEmpty()) {
      input = push.apply(input, Exprs.and(below));
    }
    PlanNode result = new Window(input, window.calls(), window.output());
    return above.isEmpty() ? result : new Filter(result, Exprs.and(above));
  }

  /** Places a filter over an input as low as it may go. */
  @FunctionalInterface
  interface Pusher {
    PlanNode apply(PlanNode input, Expr predicate);
  }

  /** The input columns that every call partitions by as a plain column reference. */
  private static BitSet partitionColumns(Window window) {
    BitSet common = null;
    for (var call : window.calls()) {
      var columns = new BitSet();
      for (var key : call.partitionBy()) {
        if (key instanceof Expr.Column c) {
          columns.set(c.index());
        }
      }
      if (common == null) {
        common = columns;
      } else {
        common.and(columns);
      }
    }
    return common == null ? new BitSet() : common;
  }
}
