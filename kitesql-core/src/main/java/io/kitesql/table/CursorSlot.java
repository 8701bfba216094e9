package io.kitesql.table;

import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;

/**
 * A storage cursor on the data keyspace kept from one walk to the next of the same read-only
 * transaction: a pooled operator tree runs many executions in one transaction, and opening and
 * closing a read cursor per execution cost two monitors each way and a cursor object. The kept
 * cursor stays registered with its transaction, which detaches it when it ends; a walk in another
 * transaction closes it (harmless if already detached) and opens its own.
 */
final class CursorSlot {
  private KvTransaction tx;
  private KvCursor cursor;

  /** A cursor of {@code tx}: the kept one if it belongs to {@code tx}, else a new one. */
  KvCursor open(KvTransaction tx) {
    var kept = cursor;
    if (kept != null) {
      var keptTx = this.tx;
      cursor = null;
      this.tx = null;
      if (keptTx == tx && tx.isOpen()) {
        return kept;
      }
      kept.close();
    }
    return tx.openCursor(Keyspace.DATA);
  }

  /**
   * Done with {@code c} for this walk: kept if {@code tx} is a live read-only transaction, else
   * closed.
   */
  void release(KvTransaction tx, KvCursor c) {
    if (!tx.isOpen()) {
      return; // the transaction's end took its cursors back
    }
    if (tx.isReadOnly()) {
      this.tx = tx;
      this.cursor = c;
    } else {
      c.close();
    }
  }
}
