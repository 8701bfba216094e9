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
  private final ConcurrentLinkedDeque<Operator> pool = new ConcurrentLinkedDeque<>();
  private final AtomicInteger pooled = new AtomicInteger();
  /** INSERT/UPDATE/DELETE: pooled operator trees of the statement's one source plan. */
  private final DmlExecutor.SourceOperators writeSources = new DmlExecutor.SourceOperators() {
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
    this.columns = switch (statement) {
      case BoundStatement.Query q -> q.plan().output().stream().map(c -> new ResultColumn(c.name(), c.type())).toList();
      case BoundStatement.Explain _ -> List.of(new ResultColumn("plan", io.kitesql.value.DataType.VARCHAR));
      case BoundStatement write when write.returning().isPresent() ->
          write.returning().get().columns().stream().map(c -> new ResultColumn(c.name(), c.type())).toList();
      default -> List.of();
    };
    this.hasSubqueries = statement instanceof BoundStatement.Query q && io.kitesql.exec.SubqueryExecutor.needed(q.plan());
    this.writeNeedsSubqueries = io.kitesql.exec.DmlExecutor.needsSubqueries(statement);
  }

  /** For an INSERT, UPDATE or DELETE: whether its executions need a subquery executor (computed once here). */
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

  /** An operator tree for one execution of the query: pooled, or new. */
  Operator acquire(PlanNode plan) {
    var op = pool.pollFirst();
    if (op != null) {
      pooled.decrementAndGet();
      return op;
    }
    return Operators.build(plan, false, true); // RowCursor copies a row array before handing it out
  }

  /** Takes back a closed operator tree for the next execution. */
  void release(Operator op) {
    if (!(statement instanceof BoundStatement.Query)) {
      return; // only query plans are pooled (acquire); EXPLAIN and RETURNING rows are built per execution
    }
    if (pooled.incrementAndGet() <= MAX_POOLED) {
      pool.addFirst(op);
    } else {
      pooled.decrementAndGet();
    }
  }
}
