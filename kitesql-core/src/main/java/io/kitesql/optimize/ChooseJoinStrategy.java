package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Access;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinKind;
import io.kitesql.plan.JoinStrategy;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Picks how each join finds its pairs: an index nested-loop join when the right side is a table
 * whose primary key or index columns are all (or a leading part) equated to the left side, a hash
 * join on the equality conditions otherwise, and a nested loop when there is no equality. The join
 * condition stays and is rechecked on every pair, so a strategy only has to find a superset.
 *
 * <p>The lookup opens its own key on the table and never runs the scan's access path, while {@link
 * ChooseAccessPath} removed from the filter the conjuncts a key range enforces. A right side whose
 * range is one prefix of equalities on values fixed for the statement ({@code s_w_id = ?}) keeps
 * them as the first values of each lookup, through the same key, followed by the columns the join
 * equates ({@code s_i_id = ol_i_id}: stock's primary key (s_w_id, s_i_id)); a right side with any
 * other range gets a hash join, which runs the range (once) and so still enforces its conjuncts.
 *
 * <pre>
 * Join(INNER, o.customer_id = c.id)       IndexLookupJoin(INNER) using primary key (o.customer_id)
 *   Scan orders o                   =>       Scan orders o
 *   Scan customers c                         Scan customers c
 * </pre>
 */
final class ChooseJoinStrategy {
  private ChooseJoinStrategy() {}

  /**
   * An equality between a left-side expression and a right-side one (right in right-local
   * positions).
   */
  private record KeyPair(Expr left, Expr right) {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan, node -> node instanceof Join j && j.condition().isPresent() ? choose(j) : node);
  }

  private static Join choose(Join j) {
    int width = j.left().output().size();
    var pairs = new ArrayList<KeyPair>();
    for (var c : Exprs.conjuncts(j.condition().get())) {
      if (c instanceof Expr.Comparison cmp && cmp.op() == ComparisonOp.EQ) {
        pair(cmp.left(), cmp.right(), width)
            .or(() -> pair(cmp.right(), cmp.left(), width))
            .ifPresent(pairs::add);
      }
    }
    if (pairs.isEmpty()) {
      return j;
    }
    if (j.kind() == JoinKind.INNER || j.kind() == JoinKind.LEFT) {
      var lookup = indexLookup(j.right(), pairs);
      if (lookup.isPresent()) {
        return j.withStrategy(lookup.get());
      }
    }
    return j.withStrategy(
        new JoinStrategy.Hash(
            pairs.stream().map(KeyPair::left).toList(),
            pairs.stream().map(KeyPair::right).toList()));
  }

  private static Optional<KeyPair> pair(Expr a, Expr b, int width) {
    var ca = Exprs.columns(a);
    var cb = Exprs.columns(b);
    if (!ca.isEmpty() && !cb.isEmpty() && ca.length() <= width && cb.nextSetBit(0) >= width) {
      return Optional.of(new KeyPair(a, Exprs.remap(b, i -> i - width)));
    }
    return Optional.empty();
  }

  /**
   * A lookup through the right table's primary key or the index with the longest equated prefix.
   */
  private static Optional<JoinStrategy> indexLookup(PlanNode right, List<KeyPair> pairs) {
    TableScan scan =
        switch (right) {
          case TableScan s -> s;
          case Filter f when f.input() instanceof TableScan s -> s;
          default -> null;
        };
    if (scan == null || scan.access() instanceof Access.AnyOf) {
      return Optional.empty();
    }
    var table = scan.table();
    Map<Integer, Expr> equated = new HashMap<>();
    for (var p : pairs) {
      if (p.right() instanceof Expr.Column c
          && ChooseAccessPath.keyCompatible(
              table.columns().get(c.index()).type(), p.left().type())) {
        equated.putIfAbsent(c.index(), p.left());
      }
    }
    if (scan.access() instanceof Access.KeyRange r) {
      return afterEqualities(table, r, equated);
    }
    if (!table.hasHiddenRowId() && equated.keySet().containsAll(table.primaryKey())) {
      return Optional.of(
          new JoinStrategy.IndexLookup(
              Optional.empty(), table.primaryKey().stream().map(equated::get).toList()));
    }
    IndexDef best = null;
    int bestLength = 0;
    for (var index : table.indexes()) {
      int length = 0;
      while (length < index.columns().size() && equated.containsKey(index.columns().get(length))) {
        length++;
      }
      if (length > bestLength) {
        best = index;
        bestLength = length;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    var keys = best.columns().subList(0, bestLength).stream().map(equated::get).toList();
    return Optional.of(new JoinStrategy.IndexLookup(Optional.of(best), keys));
  }

  /**
   * A lookup through the key of the right side's range when that range is one run of equalities on
   * the key's first columns (their values fixed for the statement: parameters and literals, which
   * evaluate the same against any left row) and the join equates the next column or more; else none
   * (the range's conjuncts left the filter, so only running the range enforces them).
   */
  private static Optional<JoinStrategy> afterEqualities(
      TableDef table, Access.KeyRange r, Map<Integer, Expr> equated) {
    if (r.ranges().size() != 1) {
      return Optional.empty();
    }
    var range = r.ranges().getFirst();
    var keyColumns = r.index().map(IndexDef::columns).orElse(table.primaryKey());
    if (!(range.next() instanceof Access.Next.Any)
        || range.subqueryAt() >= 0
        || range.equal().size() >= keyColumns.size()) {
      return Optional.empty();
    }
    var keys = new ArrayList<>(range.equal());
    while (keys.size() < keyColumns.size() && equated.containsKey(keyColumns.get(keys.size()))) {
      keys.add(equated.get(keyColumns.get(keys.size())));
    }
    if (keys.size() == range.equal().size()) {
      return Optional.empty();
    }
    return Optional.of(new JoinStrategy.IndexLookup(r.index(), keys));
  }
}
