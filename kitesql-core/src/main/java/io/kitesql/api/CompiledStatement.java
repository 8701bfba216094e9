package io.kitesql.api;

import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.Catalog;
import io.kitesql.exec.DmlExecutor;
import io.kitesql.exec.Operator;
import io.kitesql.exec.Operators;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.PlanNode;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A statement bound and optimized against one catalog version, with a pool of operator trees for
 * its query plan. Immutable apart from the pool; shared by every thread that executes it.
 */
final class CompiledStatement {
  private static final int MAX_POOLED = 64;

  private final Catalog catalog;
  private final BoundStatement statement;
  private final Parameters parameters;
  private final List<ResultColumn> columns;
  private final boolean hasSubqueries;
  private final boolean writeNeedsSubqueries;

  /**
   * Pooled executions of the query, in slots: taking one and giving it back allocate nothing (a
   * linked deque allocated a node per release). An execution takes the first filled slot, a release
   * fills the first empty one, so one thread keeps reusing slot 0's warm tree.
   */
  private final AtomicReferenceArray<QueryExecution> pool = new AtomicReferenceArray<>(MAX_POOLED);

  /** INSERT/UPDATE/DELETE: pooled operator trees of the statement's one source plan. */
  private final DmlExecutor.SourceOperators writeSources =
      new DmlExecutor.SourceOperators() {
        private final ConcurrentLinkedDeque<Operator> sources = new ConcurrentLinkedDeque<>();
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Operator acquire(PlanNode source, boolean withRefs) {
          var op = sources.pollFirst();
          if (op != null) {
            count.decrementAndGet();
            return op;
          }
          return Operators.build(source, withRefs);
        }

        @Override
        public void release(Operator operator) {
          if (count.incrementAndGet() <= MAX_POOLED) {
            sources.addFirst(operator);
          } else {
            count.decrementAndGet();
          }
        }
      };

  CompiledStatement(Catalog catalog, BoundStatement statement, Parameters parameters) {
    this.catalog = catalog;
    this.statement = statement;
    this.parameters = parameters;
    this.columns =
        switch (statement) {
          case BoundStatement.Query q ->
              q.plan().output().stream().map(c -> new ResultColumn(c.name(), c.type())).toList();
          case BoundStatement.Explain _ ->
              List.of(new ResultColumn("plan", io.kitesql.value.DataType.VARCHAR));
          case BoundStatement write when write.returning().isPresent() ->
              write.returning().get().columns().stream()
                  .map(c -> new ResultColumn(c.name(), c.type()))
                  .toList();
          default -> List.of();
        };
    this.hasSubqueries =
        statement instanceof BoundStatement.Query q
            && io.kitesql.exec.SubqueryExecutor.needed(q.plan());
    this.writeNeedsSubqueries = io.kitesql.exec.DmlExecutor.needsSubqueries(statement);
  }

  /**
   * For an INSERT, UPDATE or DELETE: whether its executions need a subquery executor (computed once
   * here).
   */
  boolean writeNeedsSubqueries() {
    return writeNeedsSubqueries;
  }

  /** For an INSERT, UPDATE or DELETE: its source operators, pooled across executions. */
  DmlExecutor.SourceOperators writeSources() {
    return writeSources;
  }

  /** Whether executions need a subquery executor (the plan has subqueries in its expressions). */
  boolean hasSubqueries() {
    return hasSubqueries;
  }

  Catalog catalog() {
    return catalog;
  }

  BoundStatement statement() {
    return statement;
  }

  Parameters parameters() {
    return parameters;
  }

  List<ResultColumn> columns() {
    return columns;
  }

  /**
   * An operator tree, parameter array and context for one execution of the query: pooled, or new.
   */
  QueryExecution acquire(PlanNode plan) {
    for (int i = 0; i < MAX_POOLED; i++) {
      var e = pool.get(i);
      if (e != null && pool.compareAndSet(i, e, null)) {
        return e;
      }
    }
    // RowCursor hands out the operator's row array only until the next step (values are lent, the
    // array is not kept)
    return new QueryExecution(Operators.buildForCursor(plan), parameters.count());
  }

  /** Takes back a closed execution for the next one (dropped if every slot is full). */
  void release(QueryExecution execution) {
    execution.clear();
    for (int i = 0; i < MAX_POOLED; i++) {
      if (pool.get(i) == null && pool.compareAndSet(i, null, execution)) {
        return;
      }
    }
  }
}
