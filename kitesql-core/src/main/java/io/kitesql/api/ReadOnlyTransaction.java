package io.kitesql.api;

import io.kitesql.storage.ReadTransaction;

/**
 * A read-only snapshot. Text and binary values it returns are views of the LMDB map, valid until
 * {@link #close()}; many read-only transactions run at once, beside the one writer.
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
