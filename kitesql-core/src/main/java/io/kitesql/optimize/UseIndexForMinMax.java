package io.kitesql.optimize;

import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.AggregateFunction;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import io.kitesql.value.DataType;
import java.util.List;
import java.util.Optional;

/**
 * {@code MIN(c)} or {@code MAX(c)} alone, without GROUP BY, over a scan whose key (after the
 * columns its range binds to one value) continues with {@code c}: the first non-NULL key of the
 * walk is the answer, the last for MAX (walked backward). The aggregate stays, over at most one
 * row, so an empty input still gives NULL.
 *
 * <pre>
 * Aggregate(MAX(c))                      Aggregate(MAX(c))
 *   Filter(a = 3)                  =>      Limit(1)
 *     TableScan t                            IndexRangeScan t using t_ac = (3) > (3, NULL) reverse
 * </pre>
 *
 * <p>Runs after {@link ChooseAccessPath}: a full scan takes the primary key or the first index
 * whose first column is {@code c}; a single range takes {@code c} if it is its next key column. A
 * filter above the scan stays; the walk then stops at the first row that passes it.
 */
final class UseIndexForMinMax {
  private UseIndexForMinMax() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan,
        node -> {
          if (node instanceof Aggregate a
              && a.groupKeys().isEmpty()
              && a.aggregates().size() == 1
              && extreme(a.aggregates().getFirst()).isPresent()) {
            var call = a.aggregates().getFirst();
            int column = extreme(call).get();
            boolean max = call.function() == AggregateFunction.MAX;
            return walk(a.input(), column, max)
                .<PlanNode>map(
                    in ->
                        new Aggregate(
                            new Limit(in, Optional.of(one()), Optional.empty()),
                            a.groupKeys(),
                            a.aggregates(),
                            a.output()))
                .orElse(node);
          }
          return node;
        });
  }

  /** The column of a {@code MIN(column)} or {@code MAX(column)} call. */
  private static Optional<Integer> extreme(AggregateCall call) {
    boolean minOrMax =
        call.function() == AggregateFunction.MIN || call.function() == AggregateFunction.MAX;
    return minOrMax && call.args().getFirst() instanceof Expr.Column c
        ? Optional.of(c.index())
        : Optional.empty();
  }

  private static Optional<PlanNode> walk(PlanNode input, int column, boolean max) {
    return switch (input) {
      case Filter f -> walk(f.input(), column, max).map(in -> new Filter(in, f.predicate()));
      case TableScan s -> access(s, column).map(r -> s.withAccess(max ? r.reversed() : r));
      default -> Optional.empty();
    };
  }

  /**
   * A forward walk of {@code scan}'s rows in which {@code column}'s non-NULL values come in order,
   * skipping its NULLs.
   */
  private static Optional<Access.KeyRange> access(TableScan scan, int column) {
    var table = scan.table();
    var nonNull = new Access.Next.Between(Optional.empty(), true, Optional.empty(), true, true);
    return switch (scan.access()) {
      case Access.FullScan _ -> {
        if (!table.hasHiddenRowId() && table.primaryKey().getFirst() == column) {
          yield Optional.of(
              new Access.KeyRange(Optional.empty(), new Access.Range(List.of(), nonNull), false));
        }
        yield table.indexes().stream()
            .filter(i -> i.columns().getFirst() == column)
            .findFirst()
            .map(
                i ->
                    new Access.KeyRange(
                        Optional.of(i),
                        new Access.Range(List.of(), nonNull),
                        ChooseAccessPath.covers(table, i, scan.columns())));
      }
      case Access.KeyRange r
          when r.ranges().size() == 1 && !r.reverse() && r.ranges().getFirst().subqueryAt() < 0 -> {
        var range = r.ranges().getFirst();
        var key = r.keyColumns(table);
        if (range.equal().size() >= key.size() || key.get(range.equal().size()) != column) {
          yield Optional.empty();
        }
        var next =
            switch (range.next()) {
              case Access.Next.Any _ -> nonNull;
              case Access.Next.Between b ->
                  new Access.Next.Between(
                      b.lower(), b.lowerInclusive(), b.upper(), b.upperInclusive(), true);
              case Access.Next.LikePrefix p -> p; // holds no NULL
            };
        yield Optional.of(
            new Access.KeyRange(
                r.index(), List.of(new Access.Range(range.equal(), next)), r.covered(), false));
      }
      case Access.KeyRange _, Access.AnyOf _ -> Optional.empty();
    };
  }

  private static Expr one() {
    return new Expr.Literal(1L, DataType.BIGINT);
  }
}
