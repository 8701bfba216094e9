package io.kitesql.storage;

import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.LmdbException;
import java.lang.foreign.MemorySegment;
import java.util.function.IntSupplier;

/**
 * A cursor of a {@link WriteTransaction}. Every LMDB call runs on the writer thread; key and value
 * are copied there as the cursor moves, because pages of a write transaction move when it writes.
 */
public final class WriteCursor implements KvCursor {
  private final WriteTransaction txn;
  private LmdbCursor cursor;
  private Slice key;
  private Slice value;

  WriteCursor(WriteTransaction txn, LmdbCursor cursor) {
    this.txn = txn;
    this.cursor = cursor;
  }

  @Override
  public boolean seek(byte[] k, int length) {
    return move(
        () -> {
          txn.keyPtr(
              k, length); // into the writer's call buffer, whose structs this cursor's calls pass
          return Lmdb.SET_RANGE;
        },
        "cursor seek");
  }

  @Override
  public boolean seekExact(byte[] k, int length) {
    return move(
        () -> {
          txn.keyPtr(k, length);
          return Lmdb.SET_KEY;
        },
        "cursor seek");
  }

  @Override
  public boolean first() {
    return move(() -> Lmdb.FIRST, "cursor first");
  }

  @Override
  public boolean last() {
    return move(() -> Lmdb.LAST, "cursor last");
  }

  @Override
  public boolean next() {
    if (key == null) {
      checkOpen();
      return false;
    }
    return move(() -> Lmdb.NEXT, "cursor next");
  }

  @Override
  public boolean prev() {
    if (key == null) {
      checkOpen();
      return false;
    }
    return move(() -> Lmdb.PREV, "cursor prev");
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

  /**
   * Runs on the writer thread: {@code op} loads the key if it needs one and says which move to
   * make.
   */
  private boolean move(IntSupplier op, String action) {
    checkOpen();
    return txn.onWriter(
        () -> {
          try {
            boolean found = cursor.move(op.getAsInt());
            key = found ? txn.copy(cursor.key()) : null;
            value = found ? txn.copy(cursor.value()) : null;
            return found;
          } catch (LmdbException e) {
            throw LmdbErrors.translate(e, action);
          }
        });
  }

  private void checkOpen() {
    if (cursor == null) {
      throw new IllegalStateException(
          txn.isOpen() ? "cursor already closed" : "write transaction already ended");
    }
    txn.checkUsable();
  }
}
