package io.kitesql.bind;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.WindowCall;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The window function calls of one SELECT. They are computed by a {@link Window} node placed above
 * the aggregation and HAVING and below the projection, so they see grouped rows and may contain
 * aggregates ({@code sum(count(*)) over ()}); the select list and hidden ORDER BY items are then
 * rewritten to read each call's column, as {@link Grouping} does for aggregates.
 */
final class Windowing {
  private Windowing() {}

  /**
   * {@code input} under a Window node for the calls of {@code select}, rewriting the select list to
   * read them.
   */
  static PlanNode apply(PlanNode input, SelectList select) {
    var calls = new ArrayList<WindowCall>();
    for (var e : select.expressionsWithHidden()) {
      collect(e, calls);
    }
    if (calls.isEmpty()) {
      return input;
    }
    int base = input.output().size();
    var output = new ArrayList<>(input.output());
    for (var call : calls) {
      output.add(OutputColumn.of(call.toSql(), call.type()));
    }
    select.rewrite(
        e ->
            Exprs.replace(
                e,
                node ->
                    node instanceof WindowCall w
                        ? Optional.of(new Expr.Column(base + calls.indexOf(w), w.type(), w.toSql()))
                        : Optional.empty()));
    return new Window(input, calls, output);
  }

  /** Whether {@code e} contains a window function call. */
  static boolean contains(Expr e) {
    var found = new ArrayList<WindowCall>();
    collect(e, found);
    return !found.isEmpty();
  }

  /** Adds the distinct window calls of {@code e} to {@code into}, in tree order. */
  private static void collect(Expr e, List<WindowCall> into) {
    if (e instanceof WindowCall w) {
      if (!into.contains(w)) {
        into.add(w);
      }
      return; // the binder refuses window calls nested in window calls
    }
    for (var child : e.children()) {
      collect(child, into);
    }
  }
}
