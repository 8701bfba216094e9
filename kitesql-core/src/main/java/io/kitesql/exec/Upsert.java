package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.bind.BoundStatement.ConflictAction;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.table.RowRef;
import io.kitesql.table.TableStore;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * INSERT ... ON CONFLICT, as PostgreSQL runs it: the proposed rows are taken one at a time, in
 * order. A row's NOT NULL constraints are checked first; then, if it collides with a stored row in
 * an arbiter key, DO NOTHING drops it and DO UPDATE updates that row (when its WHERE holds)
 * instead; otherwise it is inserted, and a collision in a key that does not arbitrate stays a
 * UNIQUE_VIOLATION. Later rows see what earlier ones wrote, so two proposed rows with the same key
 * cannot both be inserted: DO NOTHING drops the second, DO UPDATE refuses to change a row this
 * statement already inserted or updated (CARDINALITY_VIOLATION, PostgreSQL's "cannot affect row a
 * second time"), since the result would depend on the order of the rows.
 *
 * <p>The count is the rows inserted plus the rows updated; RETURNING returns those rows as written,
 * in order.
 */
final class Upsert {
  private final BoundStatement.Insert insert;
  private final BoundStatement.OnConflict onConflict;
  private final WriteTransaction tx;
  private final ExecutionContext ctx;
  private final List<Object[]> returned;
  private final TableStore store;
  private final int[] allColumns;

  /** Rows this statement inserted or updated, where they are stored now. */
  private final Set<RowRef> written = new HashSet<>();

  Upsert(
      BoundStatement.Insert insert,
      BoundStatement.OnConflict onConflict,
      WriteTransaction tx,
      ExecutionContext ctx,
      List<Object[]> returned) {
    this.insert = insert;
    this.onConflict = onConflict;
    this.tx = tx;
    this.ctx = ctx;
    this.returned = returned;
    this.store = ctx.stores().apply(insert.table());
    this.allColumns = IntStream.range(0, insert.table().columns().size()).toArray();
  }

  /** Writes {@code rows} (full proposed rows); returns the number of rows inserted or updated. */
  long run(List<Object[]> rows) {
    long count = 0;
    for (var row : rows) {
      store.checkNotNull(row);
      var conflict =
          store.findConflict(tx, row, onConflict.primaryKey(), onConflict.uniqueIndexes());
      if (conflict.isEmpty()) {
        wrote(store.insert(tx, row), row);
        count++;
      } else if (onConflict.action() instanceof ConflictAction.DoUpdate update
          && update(update, conflict.get(), row)) {
        count++;
      }
    }
    return count;
  }

  /**
   * DO UPDATE of the stored row at {@code ref} for {@code proposed}; whether it changed the row.
   */
  private boolean update(ConflictAction.DoUpdate update, RowRef ref, Object[] proposed) {
    if (written.contains(ref)) {
      throw new KiteSqlException(
          ErrorCode.CARDINALITY_VIOLATION,
          "ON CONFLICT DO UPDATE command cannot affect row a second time: rows proposed for insertion in one statement have the same "
              + conflictKey(proposed)
              + " (make them distinct)");
    }
    var stored =
        store
            .get(tx, ref, allColumns)
            .orElseThrow(
                () ->
                    new KiteSqlException(
                        ErrorCode.INTERNAL_ERROR,
                        "table "
                            + insert.table().name()
                            + ": the row that a key of "
                            + ref
                            + " points at does not exist"));
    // The expressions read the stored row's columns, then the proposed row's (EXCLUDED).
    var both = new Object[stored.length * 2];
    System.arraycopy(stored, 0, both, 0, stored.length);
    System.arraycopy(proposed, 0, both, stored.length, proposed.length);
    if (update.condition().isPresent()
        && !Boolean.TRUE.equals(
            Evaluator.evaluate(update.condition().get(), both, ctx.parameters()))) {
      return false;
    }
    var changed = stored.clone();
    for (var a : update.assignments()) {
      var value = Evaluator.evaluate(a.value(), both, ctx.parameters());
      changed[a.column()] =
          Coercions.coerce(value, insert.table().columns().get(a.column()).type());
    }
    wrote(store.update(tx, ref, stored, changed), changed);
    return true;
  }

  private void wrote(RowRef ref, Object[] row) {
    written.add(ref);
    if (returned != null) {
      returned.add(DmlExecutor.returning(insert.returning().orElseThrow(), row, ctx));
    }
  }

  /** The conflict target's columns and their values in {@code row}, for the message. */
  private String conflictKey(Object[] row) {
    var table = insert.table();
    List<Integer> columns =
        onConflict.primaryKey()
            ? table.primaryKey()
            : onConflict.uniqueIndexes().getFirst().columns();
    return "key " + store.describeKey(columns, row);
  }
}
