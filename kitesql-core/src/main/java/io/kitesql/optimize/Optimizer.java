package io.kitesql.optimize;

import io.kitesql.bind.BoundStatement;
import io.kitesql.plan.PlanNode;
import java.util.BitSet;

/**
 * Rewrites bound statements into the plans that execute: constant folding, filters pushed toward
 * scans, columns pruned, access paths chosen (index and primary-key ranges, IN lists, LIKE
 * prefixes), MIN/MAX and ORDER BY served by key order, ORDER BY + LIMIT turned into top-N. Every
 * rule keeps the plan's results. A chosen key range is not rechecked: the conjuncts it enforces
 * exactly leave the filter above it, so a later rule may not replace a ranged scan's access (an
 * index lookup join only takes a full scan).
 */
public final class Optimizer {
  private Optimizer() {}

  public static BoundStatement optimize(BoundStatement statement) {
    return switch (statement) {
      case BoundStatement.Query q ->
          new BoundStatement.Query(optimizeQuery(q.plan()), q.locksRows());
      case BoundStatement.Explain e ->
          new BoundStatement.Explain(
              new BoundStatement.Query(optimizeQuery(e.query().plan())), e.analyze());
      case BoundStatement.Insert i ->
          new BoundStatement.Insert(
              i.table(),
              i.targetColumns(),
              optimizeQuery(i.source()),
              i.defaults(),
              i.onConflict(),
              i.returning().map(Optimizer::optimizeReturning));
      case BoundStatement.Update u ->
          new BoundStatement.Update(
              u.table(),
              optimizeRows(u.source()),
              u.assignments().stream()
                  .map(
                      a ->
                          new BoundStatement.Assignment(
                              a.column(), OptimizeSubqueries.apply(a.value())))
                  .toList(),
              u.returning().map(Optimizer::optimizeReturning));
      case BoundStatement.Delete d ->
          new BoundStatement.Delete(
              d.table(), optimizeRows(d.source()), d.returning().map(Optimizer::optimizeReturning));
      case BoundStatement.CreateTable c -> c;
      case BoundStatement.DropTable d -> d;
      case BoundStatement.CreateIndex c -> c;
      case BoundStatement.DropIndex d -> d;
      case BoundStatement.AddColumn a -> a;
      case BoundStatement.CreateView c -> c;
      case BoundStatement.DropView d -> d;
      case BoundStatement.Analyze a -> a;
    };
  }

  /** Subqueries in RETURNING get the same rules as queries. */
  private static BoundStatement.Returning optimizeReturning(BoundStatement.Returning r) {
    return new BoundStatement.Returning(
        r.values().stream().map(OptimizeSubqueries::apply).toList(), r.columns());
  }

  /** A query: every output column is needed. */
  static PlanNode optimizeQuery(PlanNode plan) {
    var p = FoldConstants.apply(OptimizeSubqueries.apply(plan));
    p = ReorderJoins.apply(p);
    p = PushDownFilters.apply(p);
    var all = new BitSet();
    all.set(0, p.output().size());
    p = PruneColumns.apply(p, all);
    p = ChooseAccessPath.apply(p);
    p = UseIndexForMinMax.apply(p);
    p = CountFromNarrowestKey.apply(p);
    p = PruneColumns.apply(p, all); // conjuncts a key range enforces no longer need their columns
    p = UseIndexOrder.apply(p);
    p = ChooseJoinStrategy.apply(p);
    return UseTopN.apply(p);
  }

  /** Rows to update or delete: whole rows are needed (to rewrite them and their index entries). */
  static PlanNode optimizeRows(PlanNode plan) {
    var p = FoldConstants.apply(OptimizeSubqueries.apply(plan));
    p = PushDownFilters.apply(p);
    return ChooseAccessPath.apply(p);
  }
}
