package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.TableDef;
import io.kitesql.exec.ExecutionBudget;
import io.kitesql.exec.ExecutionContext;
import io.kitesql.expr.Expr;
import io.kitesql.optimize.PlanEstimates;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanPrinter;
import io.kitesql.plan.Values;
import io.kitesql.storage.KvTransaction;
import io.kitesql.table.TableStore;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What both kinds of transaction share: the catalog they see, queries, and their open cursors.
 *
 * <p>A read-only transaction may run queries on several threads at once (a parallel stream in a
 * read-only service method), so the list of open cursors is guarded by its own monitor; an {@code
 * ArrayList} under an uncontended lock keeps a query from allocating a list node.
 */
final class Session {
  private final Database database;
  private final KvTransaction storage;

  /** Guarded by itself. */
  private final List<RowCursor> cursors = new ArrayList<>();

  /** The database's table stores, as operators look them up (made once, not per execution). */
  private final Function<TableDef, TableStore> stores;

  Catalog catalog;

  Session(Database database, KvTransaction storage) {
    this(database, storage, database.catalogFor(storage));
  }

  /**
   * With the catalog {@code storage} sees, already looked up (a write transaction does at its
   * begin).
   */
  Session(Database database, KvTransaction storage, Catalog catalog) {
    this.database = database;
    this.storage = storage;
    this.stores = database::store;
    this.catalog = catalog;
  }

  KvTransaction storage() {
    return storage;
  }

  Database database() {
    return database;
  }

  /**
   * A context for one statement of {@code owner} that is not a pooled query execution: a write
   * statement (which spends the database's one write budget, as there is one write transaction at a
   * time), RETURNING, EXPLAIN.
   */
  ExecutionContext context(Object[] parameters, Transaction owner) {
    var budget =
        owner instanceof ReadWriteTransaction ? database.writeBudget() : new ExecutionBudget();
    start(budget, owner);
    return new ExecutionContext(storage, parameters, stores, budget);
  }

  /**
   * Starts {@code budget} for a statement of {@code owner}: the memory limit, and the earlier
   * deadline.
   */
  void start(ExecutionBudget budget, Transaction owner) {
    long timeout = database.statementTimeoutMillis();
    var ofTransaction = owner.timeout();
    if (timeout == 0 && ofTransaction == null) {
      budget.start(database.queryMemoryLimit(), 0, 0, false);
      return;
    }
    long deadline = System.nanoTime() + timeout * 1_000_000;
    if (ofTransaction != null && (timeout == 0 || ofTransaction.nanos() - deadline < 0)) {
      budget.start(
          database.queryMemoryLimit(), ofTransaction.millis(), ofTransaction.nanos(), true);
    } else {
      budget.start(database.queryMemoryLimit(), timeout, deadline, false);
    }
  }

  /** Runs a query; {@code label}: the one its caller gave the execution for the listener. */
  RowCursor query(
      Transaction owner,
      PreparedStatement statement,
      @Nullable String label,
      @Nullable Object @Nullable [] positional,
      @Nullable Map<String, ? extends @Nullable Object> named) {
    checkOpen();
    var listener = database.executionListener();
    if (listener == ExecutionListener.NONE) {
      return open(owner, statement, positional, named, null);
    }
    var execution = listener.started(statement, label);
    if (execution == ExecutionListener.Execution.NONE) {
      return open(owner, statement, positional, named, null);
    }
    var measured =
        MeasuredExecution.start(
            statement.spareMeasurement, execution, owner, listener.measuresAllocation());
    try {
      return open(owner, statement, positional, named, measured);
    } catch (RuntimeException | Error e) {
      measured.endFailed(e);
      throw e;
    }
  }

  /**
   * Runs the query and registers its cursor, which reports to {@code measured} (if not null) when
   * it ends.
   */
  private RowCursor open(
      Transaction owner,
      PreparedStatement statement,
      @Nullable Object @Nullable [] positional,
      @Nullable Map<String, ? extends @Nullable Object> named,
      @Nullable MeasuredExecution measured) {
    if (owner instanceof ReadWriteTransaction writer) {
      writer.beginNow(); // the catalog to plan against is known once the LMDB transaction began
    }
    var compiled = statement.compiledFor(catalog, positional, named);
    RowCursor cursor =
        switch (compiled.statement()) {
          case BoundStatement.Query q -> {
            if (q.locksRows() && !(owner instanceof ReadWriteTransaction)) {
              throw new KiteSqlException(
                  ErrorCode.INVALID_TRANSACTION_STATE,
                  "SELECT ... FOR UPDATE/SHARE locks the rows it reads against other writers: run it"
                      + " in a read-write transaction (a read-only one cannot lock): "
                      + statement.sql());
            }
            var execution = compiled.acquire(q.plan());
            try {
              if (named == null) {
                compiled.parameters().bindInto(positional, execution.parameters());
              } else {
                var values = compiled.parameters().bindNamed(named);
                System.arraycopy(values, 0, execution.parameters(), 0, values.length);
              }
              start(execution.budget, owner);
            } catch (RuntimeException | Error e) {
              compiled.release(execution); // not opened yet: as good as new
              throw e;
            }
            // a tree whose open fails is dropped, not pooled (as before pooling of contexts)
            yield new RowCursor(compiled, execution, execution.context(storage, stores), owner);
          }
          case BoundStatement.Explain e -> explain(owner, compiled, e, positional, named);
          case BoundStatement write when write.returning().isPresent() -> {
            if (!(owner instanceof ReadWriteTransaction writer)) {
              throw new KiteSqlException(
                  ErrorCode.INVALID_TRANSACTION_STATE,
                  kind(write)
                      + " ... RETURNING writes: run it in a read-write transaction: "
                      + statement.sql());
            }
            var params =
                named == null
                    ? compiled.parameters().bind(positional)
                    : compiled.parameters().bindNamed(named);
            var ctx = context(params, owner);
            yield new RowCursor(
                compiled,
                new ReturnedRows(writer.executeReturning(statement, write, ctx)),
                ctx,
                owner);
          }
          default ->
              throw new KiteSqlException(
                  ErrorCode.WRONG_STATEMENT_KIND,
                  "not a query: use execute() for " + statement.sql());
        };
    // set before the cursor is published (to the caller, or through the list to a thread ending the
    // transaction)
    cursor.measured = measured;
    synchronized (cursors) {
      cursors.add(cursor);
    }
    return cursor;
  }

  private static String kind(BoundStatement write) {
    return switch (write) {
      case BoundStatement.Update _ -> "UPDATE";
      case BoundStatement.Delete _ -> "DELETE";
      default -> "INSERT";
    };
  }

  /**
   * EXPLAIN: the optimized plan, one line per row (parameters need no values), with the rows each
   * node is estimated to return where the tables were measured; EXPLAIN ANALYZE runs it with the
   * parameters first and adds each node's actual figures.
   */
  private RowCursor explain(
      Transaction owner,
      CompiledStatement compiled,
      BoundStatement.Explain e,
      Object[] positional,
      @Nullable Map<String, ? extends @Nullable Object> named) {
    var plan = e.query().plan();
    List<String> lines;
    if (e.analyze()) {
      var params =
          named == null
              ? compiled.parameters().bind(positional)
              : compiled.parameters().bindNamed(named);
      lines =
          io.kitesql.exec.ExplainAnalyze.run(plan, context(params, owner), PlanEstimates::describe);
    } else {
      lines = PlanPrinter.lines(plan, PlanEstimates::describe);
    }
    var rows = new ArrayList<List<Expr>>();
    for (var line : lines) {
      rows.add(List.of(new Expr.Literal(Text.of(line), DataType.VARCHAR)));
    }
    var values = new Values(rows, List.of(OutputColumn.of("plan", DataType.VARCHAR)));
    return new RowCursor(
        compiled,
        io.kitesql.exec.Operators.build(values, false),
        context(new Object[0], owner),
        owner);
  }

  void forget(RowCursor cursor) {
    synchronized (cursors) {
      cursors.remove(cursor);
    }
  }

  /**
   * Closes every open cursor; one being read on another thread closes when its current step ends.
   */
  void closeCursors() {
    List<RowCursor> open;
    synchronized (cursors) {
      open = List.copyOf(cursors);
      cursors.clear();
    }
    for (var c : open) {
      c.close();
    }
  }

  void checkOpen() {
    if (!storage.isOpen()) {
      throw new IllegalStateException("transaction already ended");
    }
  }
}
