package io.kitesql.api;

import io.kitesql.storage.ReadTransaction;

/**
 * A read-only snapshot. Text and binary values it returns are views of the LMDB map, valid until
 * {@link #close()}; many read-only transactions run at once, beside the one writer.
 *
 * <p><b>Threads.</b> Several threads may run queries on one read-only transaction at once (each
 * query has its own LMDB cursors) and read its values; one {@link RowCursor} is read by one thread
 * at a time. Closing it while other threads still query or read it is a bug in the caller, but a
 * safe one: their calls finish or throw {@link IllegalStateException}, never crash.
 */
public final class ReadOnlyTransaction extends Transaction {
  ReadOnlyTransaction(Database database, ReadTransaction storage) {
    super(new Session(database, storage));
  }

  /** Ends the snapshot; every value it lent becomes unreadable. */
  @Override
  public void close() {
    if (isOpen()) {
      session.closeCursors();
      session.storage().close();
    }
  }
}
