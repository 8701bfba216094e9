package io.kitesql.exec;

import io.kitesql.options.EngineSwitches;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.RecursiveUnion;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.TableScan;
import io.kitesql.plan.TopN;
import io.kitesql.plan.Values;
import io.kitesql.plan.Window;
import io.kitesql.plan.WorkTableScan;
import java.util.Optional;

/** Builds the operator tree of a plan. */
public final class Operators {
  private Operators() {}

  /**
   * The operators of {@code plan}, for a consumer that may keep the rows it is given; with {@code
   * withRefs} scans attach row refs (for UPDATE/DELETE).
   */
  public static Operator build(PlanNode plan, boolean withRefs) {
    return build(plan, withRefs, false);
  }

  /**
   * The operators of a query whose rows a {@code RowCursor} reads ({@code transientRows}, no refs).
   * A root projection of plain integer columns over a scan, through filters, {@linkplain
   * DeferredColumns defers} the columns no other operator reads, so that reading them boxes
   * nothing.
   */
  public static Operator buildForCursor(PlanNode plan) {
    if (plan instanceof Project p && !SubqueryExecutor.needed(plan)) {
      var deferred = Deferral.build(p);
      if (deferred.isPresent()) {
        return deferred.get();
      }
    }
    return build(plan, false, true);
  }

  /**
   * The operators of {@code plan}. With {@code transientRows} the consumer promises to keep no row
   * array past its next call to {@link Operator#next()} (it may keep the values), so operators that
   * make rows reuse one array: a scan feeding a projection then decodes every row into the same
   * array, and the projection writes every output row into one array too.
   */
  public static Operator build(PlanNode plan, boolean withRefs, boolean transientRows) {
    var op = unmeasured(plan, withRefs, transientRows);
    if (!ExplainAnalyze.FIGURES.isBound()) {
      return op;
    }
    var figures =
        ExplainAnalyze.FIGURES
            .get()
            .computeIfAbsent(plan, p -> new ExplainAnalyze.Measured.Figures());
    return new ExplainAnalyze.Measured(op, figures);
  }

  private static Operator unmeasured(PlanNode plan, boolean withRefs, boolean transientRows) {
    return switch (plan) {
      case TableScan s -> new ScanOperator(s, withRefs, transientRows);
      // Filter and Limit pass their input's rows on: they inherit the consumer's promise.
      // An UPDATE's or DELETE's filtered scan decodes the rest of a row only if it passes.
      case Filter f
          when withRefs && f.input() instanceof TableScan s && RefScanFilter.fits(f.predicate()) ->
          new RefScanFilter(s, f.predicate());
      case Filter f -> new FilterOperator(build(f.input(), withRefs, transientRows), f.predicate());
      case Limit l -> new LimitOperator(build(l.input(), withRefs, transientRows), l);
      // Projection and aggregation read values out of each input row and keep no row.
      case Project p ->
          new ProjectOperator(build(p.input(), withRefs, true), p.expressions(), transientRows);
      case Aggregate a -> aggregate(a, withRefs);
      case Sort s -> new SortOperator(build(s.input(), withRefs), s.keys());
      case TopN t -> new TopNOperator(build(t.input(), withRefs), t);
      case Distinct d -> new DistinctOperator(build(d.input(), withRefs));
      case Values v -> new ValuesOperator(v.rows());
      case Window w -> new WindowOperator(build(w.input(), withRefs), w);
      case Join j -> join(j, withRefs);
      case RecursiveUnion r -> RecursiveUnionOperator.build(r, withRefs);
      case WorkTableScan w -> new WorkTableScanOperator(w.workTable());
      case SetOperation s ->
          SetOperators.build(s, build(s.left(), withRefs), build(s.right(), withRefs));
    };
  }

  /**
   * An aggregation: {@code COUNT(*)} of a scan by stepping over its entries ({@link
   * CountRowsOperator}); over a filtered scan of integer columns, one that reads them from the
   * stored row ({@link ScanAggregateOperator}) unless {@link EngineSwitches#SCAN_AGGREGATE} turns
   * that off (a control for measuring it side by side in one JVM: kitesql-bench's {@code
   * LongRowsProbe}); otherwise the general hash aggregation.
   */
  private static Operator aggregate(Aggregate a, boolean withRefs) {
    boolean allowed = !withRefs && EngineSwitches.scanAggregate();
    var counted = withRefs ? Optional.<Operator>empty() : CountRowsOperator.of(a);
    if (counted.isPresent()) {
      return counted.get();
    }
    var stored = allowed ? ScanAggregateOperator.of(a) : Optional.<Operator>empty();
    return stored.orElseGet(() -> new HashAggregateOperator(build(a.input(), withRefs, true), a));
  }

  private static Operator join(Join j, boolean withRefs) {
    var left = build(j.left(), withRefs);
    return switch (j.strategy()) {
      case JoinStrategy.NestedLoop _ ->
          new NestedLoopJoinOperator(left, build(j.right(), withRefs), j);
      case JoinStrategy.Hash h -> new HashJoinOperator(left, build(j.right(), withRefs), j, h);
      case JoinStrategy.IndexLookup l ->
          switch (j.right()) {
            // The lookup replaces the scan's access path, so it may only replace a full scan or a
            // range
            // whose equalities its keys start with: a key range enforces conjuncts no longer in the
            // filter.
            case TableScan s when lookupReplaces(s.access(), l) ->
                new IndexLookupJoinOperator(left, j, l, s, Optional.empty());
            case Filter f when f.input() instanceof TableScan s && lookupReplaces(s.access(), l) ->
                new IndexLookupJoinOperator(left, j, l, s, Optional.of(f.predicate()));
            default ->
                throw new IllegalStateException(
                    "index lookup join needs a full scan, or a range its keys begin with, on its right: "
                        + j.right());
          };
    };
  }

  /**
   * Whether the lookup enforces all {@code access} does: a full scan, or one range of equalities
   * through its key that its keys begin with.
   */
  private static boolean lookupReplaces(Access access, JoinStrategy.IndexLookup lookup) {
    return switch (access) {
      case Access.FullScan _ -> true;
      case Access.KeyRange r ->
          r.index().equals(lookup.index())
              && r.ranges().size() == 1
              && r.ranges().getFirst().next() instanceof Access.Next.Any
              && lookup.leftKeys().size() > r.ranges().getFirst().equal().size()
              && lookup
                  .leftKeys()
                  .subList(0, r.ranges().getFirst().equal().size())
                  .equals(r.ranges().getFirst().equal());
      case Access.AnyOf _ -> false;
    };
  }
}
