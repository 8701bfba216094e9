package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.WriteTransaction;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands out identity values, one counter per table with an identity column; one instance per open
 * database.
 *
 * <p>Like a PostgreSQL sequence, the counter does not go back when a statement or transaction
 * fails: each value is handed out once while the database is open, and rollbacks leave gaps.
 * (Otherwise a generated value that collides with an explicit one would collide again on every
 * retry, since the failed statement would take its counter step back with it.) The last value
 * handed out is stored in the catalog by the writing transaction, so it is durable with the rows
 * that use it; the counter continues from the larger of that and the last value handed out in this
 * process. After a crash or reopen, only values of transactions that never committed can come
 * again: nothing stored refers to them. Writers are serialized, so two concurrent inserts never get
 * the same value.
 */
public final class IdentityCounters {
  /**
   * The table's identity as it was when the value was handed out: a recreated table starts afresh.
   */
  private record Counter(int tableId, String table, Identity identity) {}

  private final ConcurrentHashMap<Counter, Long> lastHandedOut = new ConcurrentHashMap<>();

  /**
   * Hands out the next {@code count} values of the table's identity column and returns the first;
   * the others follow by its increment.
   *
   * @throws KiteSqlException VALUE_OUT_OF_RANGE when the column's type has no room for them all
   */
  public long allocate(WriteTransaction tx, TableDef table, long count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be positive, was " + count);
    }
    int position =
        table
            .identityColumn()
            .orElseThrow(
                () -> new IllegalArgumentException(table.name() + " has no identity column"));
    var column = table.columns().get(position);
    var identity = column.identity().orElseThrow();
    var counter = new Counter(table.id(), table.name(), identity);
    var stored = CatalogStore.lastIdentity(tx, table.id());
    Long last = lastHandedOut.get(counter);
    if (stored.isPresent()) { // another process may have moved it on
      long s = stored.getAsLong();
      last = last == null ? s : identity.increment() > 0 ? Math.max(last, s) : Math.min(last, s);
    }
    long first;
    long end;
    try {
      first = last == null ? identity.start() : Math.addExact(last, identity.increment());
      end = Math.addExact(first, Math.multiplyExact(count - 1, identity.increment()));
    } catch (ArithmeticException e) {
      throw exhausted(table, column);
    }
    if (!Identity.inRange(first, column.type()) || !Identity.inRange(end, column.type())) {
      throw exhausted(table, column);
    }
    CatalogStore.saveLastIdentity(tx, table.id(), end);
    lastHandedOut.put(counter, end);
    return first;
  }

  private static KiteSqlException exhausted(TableDef table, ColumnDef column) {
    var bound = column.identity().orElseThrow().increment() > 0 ? "maximum" : "minimum";
    return new KiteSqlException(
        ErrorCode.VALUE_OUT_OF_RANGE,
        "identity column "
            + column.name()
            + " of table "
            + table.name()
            + " reached its "
            + bound
            + " value (type "
            + column.type()
            + ")");
  }
}
