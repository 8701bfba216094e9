package io.kitesql.storage;

import java.lang.foreign.MemorySegment;
import java.util.function.BooleanSupplier;
import org.lmdbjava.Cursor;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;

/**
 * A cursor of a {@link WriteTransaction}. Every LMDB call runs on the writer thread; key and
 * value are copied there as the cursor moves, because pages of a write transaction move when it
 * writes.
 */
public final class WriteCursor implements KvCursor {
  private final WriteTransaction txn;
  private Cursor<Ptr> cursor;
  private Slice key;
  private Slice value;

  WriteCursor(WriteTransaction txn, Cursor<Ptr> cursor) {
    this.txn = txn;
    this.cursor = cursor;
  }

  @Override
  public boolean seek(byte[] k, int length) {
    return move(() -> cursor.get(txn.keyPtr(k, length), GetOp.MDB_SET_RANGE), "cursor seek");
  }

  @Override
  public boolean seekExact(byte[] k, int length) {
    return move(() -> cursor.get(txn.keyPtr(k, length), GetOp.MDB_SET_KEY), "cursor seek");
  }

  @Override
  public boolean first() {
    return move(() -> cursor.first(), "cursor first");
  }

  @Override
  public boolean last() {
    return move(() -> cursor.last(), "cursor last");
  }

  @Override
  public boolean next() {
    if (key == null) {
      checkOpen();
      return false;
    }
    return move(() -> cursor.next(), "cursor next");
  }

  @Override
  public boolean prev() {
    if (key == null) {
      checkOpen();
      return false;
    }
    return move(() -> cursor.prev(), "cursor prev");
  }

  @Override
  public Slice key() {
    checkOpen();
    if (key == null) {
      throw new IllegalStateException("cursor does not stand on an entry");
    }
    return key;
  }

  @Override
  public int keyLength() {
    return key().length();
  }

  @Override
  public MemorySegment keyBase() {
    return key.base();
  }

  @Override
  public long keyOffset() {
    return key.offset();
  }

  @Override
  public int valueLength() {
    return value().length();
  }

  @Override
  public MemorySegment valueBase() {
    return value.base();
  }

  @Override
  public long valueOffset() {
    return value.offset();
  }

  @Override
  public Slice value() {
    checkOpen();
    if (value == null) {
      throw new IllegalStateException("cursor does not stand on an entry");
    }
    return value;
  }

  @Override
  public void close() {
    if (cursor != null && txn.isOpen()) {
      txn.closeCursor(this);
    }
    cursor = null;
  }

  /** Closes the LMDB cursor; on the writer thread, before its transaction ends. */
  void closeNative() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }

  private boolean move(BooleanSupplier op, String action) {
    checkOpen();
    return txn.onWriter(() -> {
      try {
        boolean found = op.getAsBoolean();
        key = found ? txn.copy(cursor.key()) : null;
        value = found ? txn.copy(cursor.val()) : null;
        return found;
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, action);
      }
    });
  }

  private void checkOpen() {
    if (cursor == null) {
      throw new IllegalStateException(txn.isOpen() ? "cursor already closed" : "write transaction already ended");
    }
    txn.checkUsable();
  }
}
