package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.RecursiveUnion;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.SortKey;
import io.kitesql.plan.TableScan;
import io.kitesql.plan.TopN;
import io.kitesql.plan.Values;
import io.kitesql.plan.Window;
import io.kitesql.plan.WorkTableScan;
import java.util.BitSet;
import java.util.List;

/**
 * Tells each table scan which columns the plan above reads, so rows decode only those (one column
 * of a row is O(1) to read; the others are never touched).
 *
 * <pre>
 * Project(name)                      Project(name)
 *   Filter(id = 1)           =>        Filter(id = 1)
 *     Scan t [all columns]               Scan t [id, name]
 * </pre>
 */
final class PruneColumns {
  private PruneColumns() {}

  /** {@code required}: positions of {@code node}'s output that its parent reads. */
  static PlanNode apply(PlanNode node, BitSet required) {
    return switch (node) {
      case TableScan s ->
          s.withColumns(
              required.stream().filter(i -> i < s.table().columns().size()).boxed().toList());
      case Values v -> v;
      case WorkTableScan w -> w;
      case Filter f ->
          new Filter(
              apply(f.input(), union(required, Exprs.columns(f.predicate()))), f.predicate());
      case Project p ->
          new Project(apply(p.input(), columns(p.expressions())), p.expressions(), p.output());
      case Aggregate a -> {
        var needed = columns(a.groupKeys());
        for (var call : a.aggregates()) {
          needed.or(Exprs.columns(call));
        }
        yield new Aggregate(apply(a.input(), needed), a.groupKeys(), a.aggregates(), a.output());
      }
      case Sort s -> new Sort(apply(s.input(), union(required, keyColumns(s.keys()))), s.keys());
      case TopN t ->
          new TopN(
              apply(t.input(), union(required, keyColumns(t.keys()))),
              t.keys(),
              t.limit(),
              t.offset());
      case Limit l -> new Limit(apply(l.input(), required), l.limit(), l.offset());
      case Window w -> {
        // the input columns read above, and every column a window call reads
        var needed = union(required.get(0, w.input().output().size()), columns(w.calls()));
        yield new Window(apply(w.input(), needed), w.calls(), w.output());
      }
      case Join j -> {
        int width = j.left().output().size();
        var needed = (BitSet) required.clone();
        j.condition().ifPresent(c -> needed.or(Exprs.columns(c)));
        var left = needed.get(0, width);
        var right = needed.get(width, Math.max(width, needed.length()));
        yield j.withInputs(apply(j.left(), left), apply(j.right(), right));
      }
      case Distinct d -> {
        var all = new BitSet();
        all.set(0, d.output().size()); // every column takes part in the comparison
        yield new Distinct(apply(d.input(), all));
      }
      case SetOperation s ->
          Plans.mapChildren(s, child -> apply(child, allOf(child))); // rows compare whole
      case RecursiveUnion r -> Plans.mapChildren(r, child -> apply(child, allOf(child)));
    };
  }

  private static BitSet allOf(PlanNode node) {
    var all = new BitSet();
    all.set(0, node.output().size());
    return all;
  }

  private static BitSet columns(List<? extends Expr> exprs) {
    var set = new BitSet();
    for (var e : exprs) {
      set.or(Exprs.columns(e));
    }
    return set;
  }

  private static BitSet keyColumns(List<SortKey> keys) {
    return columns(keys.stream().map(SortKey::expression).toList());
  }

  private static BitSet union(BitSet a, BitSet b) {
    var u = (BitSet) a.clone();
    u.or(b);
    return u;
  }
}
