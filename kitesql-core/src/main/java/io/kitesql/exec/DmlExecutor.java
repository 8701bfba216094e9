package io.kitesql.exec;

import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.IdentityCounters;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.plan.PlanNode;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.table.RowRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * INSERT, UPDATE and DELETE in a write transaction.
 *
 * <p>Each statement first reads every row it will write (the source query, or the rows to
 * update/delete with their refs) and only then writes: a write can never be seen by the scan that
 * drives it, so an UPDATE that moves rows within the index it scans changes each row once (the
 * Halloween problem), and {@code INSERT INTO t SELECT ... FROM t} reads only the rows that were
 * there. RETURNING values of a plain INSERT, UPDATE or DELETE are computed before the first write
 * too, so subqueries in them see the table as the statement found it (ON CONFLICT, which must see
 * its own writes, is {@link Upsert}).
 *
 * <p>Each statement is atomic: when it fails, none of its writes stay behind. A statement that
 * writes through more than one {@link io.kitesql.table.TableStore} call (several rows, ON CONFLICT,
 * an identity counter) writes inside {@link WriteTransaction#atomically} (an LMDB nested
 * transaction). A statement that writes one row needs none: a {@code TableStore} write checks every
 * constraint before its first storage write, so it either throws before writing or writes
 * everything, and a storage failure after its first write leaves LMDB's transaction unusable (LMDB
 * flags it; its commit is refused), so no partial statement can be committed. That saves a one-row
 * INSERT, UPDATE or DELETE the nested transaction's begin and commit (about a fifth of a one-row
 * INSERT inside a 1000-row batch).
 */
public final class DmlExecutor {
  private DmlExecutor() {}

  /**
   * Where a statement's source operators come from: built for each execution ({@link #FRESH}), or
   * pooled by the compiled statement, which saves a one-row UPDATE building its scan (cursor
   * buffers, key intervals) every time. An operator is released only after it was closed normally;
   * one whose execution failed is dropped.
   */
  public interface SourceOperators {
    Operator acquire(PlanNode source, boolean withRefs);

    void release(Operator operator);

    SourceOperators FRESH =
        new SourceOperators() {
          @Override
          public Operator acquire(PlanNode source, boolean withRefs) {
            return Operators.build(source, withRefs);
          }

          @Override
          public void release(Operator operator) {}
        };
  }

  /** Runs an INSERT, UPDATE or DELETE; returns the number of rows it wrote. */
  public static long execute(
      BoundStatement write,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities) {
    return run(write, needsSubqueries(write), SourceOperators.FRESH, tx, ctx, identities, null);
  }

  /**
   * Like {@link #execute(BoundStatement, WriteTransaction, ExecutionContext, IdentityCounters)},
   * with {@link #needsSubqueries(BoundStatement)} computed once for the statement by the caller and
   * its source operators from {@code sources} (walking the plan's expressions on every execution
   * cost a one-row UPDATE about a sixth of its time on the writer thread).
   */
  public static long execute(
      BoundStatement write,
      boolean needsSubqueries,
      SourceOperators sources,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities) {
    return run(write, needsSubqueries, sources, tx, ctx, identities, null);
  }

  /**
   * Whether executing {@code write} needs a subquery executor (its source, assignments or RETURNING
   * have subqueries).
   */
  public static boolean needsSubqueries(BoundStatement write) {
    return switch (write) {
      case BoundStatement.Insert i -> needsSubqueries(i);
      case BoundStatement.Update u -> needsSubqueries(u);
      case BoundStatement.Delete d -> needsSubqueries(d);
      default -> false;
    };
  }

  /**
   * Runs an INSERT, UPDATE or DELETE with RETURNING; returns the RETURNING values of each row
   * written (deleted, for DELETE), in order. Values read from the table are the write transaction's
   * owned copies.
   */
  public static List<Object[]> executeReturning(
      BoundStatement write,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities) {
    var returned = new ArrayList<Object[]>();
    run(write, needsSubqueries(write), SourceOperators.FRESH, tx, ctx, identities, returned);
    return returned;
  }

  private static long run(
      BoundStatement write,
      boolean subqueries,
      SourceOperators sources,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities,
      List<Object[]> returned) {
    return switch (write) {
      case BoundStatement.Insert i ->
          withSubqueries(
              subqueries, ctx, () -> insertRows(i, sources, tx, ctx, identities, returned));
      case BoundStatement.Update u ->
          withSubqueries(subqueries, ctx, () -> updateRows(u, sources, tx, ctx, returned));
      case BoundStatement.Delete d ->
          withSubqueries(subqueries, ctx, () -> deleteRows(d, sources, tx, ctx, returned));
      default ->
          throw new IllegalArgumentException(
              "not an INSERT, UPDATE or DELETE: " + write.getClass().getSimpleName());
    };
  }

  /**
   * Writes the INSERT's rows; with {@code returned} non-null, adds the RETURNING values of each row
   * written to it.
   */
  private static long insertRows(
      BoundStatement.Insert insert,
      SourceOperators sources,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities,
      List<Object[]> returned) {
    if (returned == null) { // RETURNING needs every value of every row: the general path has them
      var copied = StoredRowCopies.insert(insert, tx, ctx);
      if (copied.isPresent()) {
        return copied.getAsLong();
      }
    }
    var sourceRows = readAll(sources, insert.source(), false, ctx);
    // ON CONFLICT may update where it does not insert, and an identity counter is a write of its
    // own.
    boolean oneWrite =
        sourceRows.size() <= 1
            && insert.onConflict().isEmpty()
            && insert.generatedColumn().isEmpty();
    return writes(
        tx,
        !oneWrite,
        () -> {
          var rows = proposedRows(insert, sourceRows, tx, ctx, identities);
          if (insert.onConflict().isPresent()) {
            return new Upsert(insert, insert.onConflict().get(), tx, ctx, returned).run(rows);
          }
          if (returned != null) {
            for (var row : rows) {
              returned.add(returning(insert.returning().orElseThrow(), row, ctx));
            }
          }
          return ctx.stores().apply(insert.table()).insertAll(tx, rows);
        });
  }

  /**
   * Runs a statement's writes, inside an atomic block ({@link WriteTransaction#atomically}) when
   * {@code atomic}: see the class comment for when a statement needs none.
   */
  static long writes(WriteTransaction tx, boolean atomic, java.util.function.LongSupplier writes) {
    return atomic ? tx.atomically(writes::getAsLong) : writes.getAsLong();
  }

  /**
   * The full rows an INSERT proposes, of the column types: source values in their target columns,
   * defaults elsewhere, the next identity values (one per row, used up even by a row that ON
   * CONFLICT then drops, as a PostgreSQL sequence is).
   */
  private static List<Object[]> proposedRows(
      BoundStatement.Insert insert,
      List<Object[]> sourceRows,
      WriteTransaction tx,
      ExecutionContext ctx,
      IdentityCounters identities) {
    var table = insert.table();
    var defaults = new Object[table.columns().size()];
    for (int i = 0; i < defaults.length; i++) {
      var value = Evaluator.evaluate(insert.defaults().get(i), new Object[0], ctx.parameters());
      defaults[i] = Coercions.coerce(value, table.columns().get(i).type());
    }
    var generated = insert.generatedColumn();
    // one counter write for the statement; the values are in range (allocateIdentity checks the
    // last)
    long first =
        generated.isPresent() && !sourceRows.isEmpty()
            ? identities.allocate(tx, table, sourceRows.size())
            : 0;
    long increment =
        generated.isPresent()
            ? table.columns().get(generated.getAsInt()).identity().orElseThrow().increment()
            : 0;
    var targets = insert.targetColumns();
    var rows = new ArrayList<Object[]>(sourceRows.size());
    for (int r = 0; r < sourceRows.size(); r++) {
      var source = sourceRows.get(r);
      var row = defaults.clone();
      for (int i = 0; i < targets.size(); i++) {
        int column = targets.get(i);
        row[column] = Coercions.coerce(source[i], table.columns().get(column).type());
      }
      if (generated.isPresent()) {
        int column = generated.getAsInt();
        row[column] = Coercions.coerce(first + r * increment, table.columns().get(column).type());
      }
      rows.add(row);
    }
    return rows;
  }

  static Object[] returning(
      BoundStatement.Returning returning, Object[] row, ExecutionContext ctx) {
    var values = new Object[returning.values().size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = Evaluator.evaluate(returning.values().get(i), row, ctx.parameters());
    }
    return values;
  }

  private static long updateRows(
      BoundStatement.Update update,
      SourceOperators sources,
      WriteTransaction tx,
      ExecutionContext ctx,
      List<Object[]> returned) {
    var table = update.table();
    int width = table.columns().size();
    var rows = readAll(sources, update.source(), true, ctx);
    var store = ctx.stores().apply(table);
    // New values (and RETURNING values) are computed for every row before the first write, so
    // that expressions (and subqueries) all see the table as the statement found it.
    var changes = new ArrayList<Object[]>(rows.size());
    for (var withRef : rows) {
      var old = Arrays.copyOf(withRef, width);
      var changed = old.clone();
      for (var a : update.assignments()) {
        var value = Evaluator.evaluate(a.value(), old, ctx.parameters());
        changed[a.column()] = Coercions.coerce(value, table.columns().get(a.column()).type());
      }
      changes.add(changed);
      if (returned != null) {
        returned.add(returning(update.returning().orElseThrow(), changed, ctx));
      }
    }
    return writes(
        tx,
        rows.size() > 1,
        () -> {
          // Asked once: rows found before the first write have out-of-line entries only if the
          // table has any.
          boolean longEntries = rows.size() < 2 || store.mayHaveLongEntries(tx);
          for (int i = 0; i < rows.size(); i++) {
            var withRef = rows.get(i);
            store.update(
                tx,
                (RowRef) withRef[width],
                Arrays.copyOf(withRef, width),
                changes.get(i),
                longEntries);
          }
          return rows.size();
        });
  }

  private static long deleteRows(
      BoundStatement.Delete delete,
      SourceOperators sources,
      WriteTransaction tx,
      ExecutionContext ctx,
      List<Object[]> returned) {
    var table = delete.table();
    int width = table.columns().size();
    var rows = readAll(sources, delete.source(), true, ctx);
    var store = ctx.stores().apply(table);
    if (returned != null) {
      for (var withRef : rows) {
        returned.add(
            returning(delete.returning().orElseThrow(), Arrays.copyOf(withRef, width), ctx));
      }
    }
    return writes(
        tx,
        rows.size() > 1,
        () -> {
          var refs = new ArrayList<RowRef>(rows.size());
          var oldRows = new ArrayList<Object[]>(rows.size());
          for (var withRef : rows) {
            refs.add((RowRef) withRef[width]);
            oldRows.add(Arrays.copyOf(withRef, width));
          }
          store.deleteAll(tx, refs, oldRows);
          return rows.size();
        });
  }

  private static boolean needsSubqueries(BoundStatement.Insert insert) {
    return SubqueryExecutor.needed(insert.source()) || returningNeedsSubqueries(insert);
  }

  private static boolean needsSubqueries(BoundStatement.Update update) {
    return SubqueryExecutor.needed(update.source())
        || update.assignments().stream().anyMatch(a -> SubqueryExecutor.needed(a.value()))
        || returningNeedsSubqueries(update);
  }

  private static boolean needsSubqueries(BoundStatement.Delete delete) {
    return SubqueryExecutor.needed(delete.source()) || returningNeedsSubqueries(delete);
  }

  private static boolean returningNeedsSubqueries(BoundStatement write) {
    return write.returning().stream()
        .flatMap(r -> r.values().stream())
        .anyMatch(SubqueryExecutor::needed);
  }

  private static long withSubqueries(
      boolean needed, ExecutionContext ctx, java.util.function.LongSupplier work) {
    if (!needed) {
      return work.getAsLong();
    }
    var subqueries = new SubqueryExecutor(ctx);
    try {
      return subqueries.run(work::getAsLong);
    } finally {
      subqueries.close();
    }
  }

  private static ArrayList<Object[]> readAll(
      SourceOperators sources, PlanNode source, boolean withRefs, ExecutionContext ctx) {
    var operator = sources.acquire(source, withRefs);
    var rows = new ArrayList<Object[]>();
    operator.open(ctx);
    try {
      var budget = ctx.budget();
      for (var row = operator.next(); row != null; row = operator.next()) {
        budget.step();
        budget.hold(
            HeldMemory.rowBytes(row),
            "source rows"); // read before the first write, held until the statement ends
        rows.add(row);
      }
    } finally {
      operator.close();
    }
    sources.release(operator);
    return rows;
  }
}
