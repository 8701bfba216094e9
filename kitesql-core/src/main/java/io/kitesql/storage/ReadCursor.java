package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbException;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A cursor of a {@link ReadTransaction}: positions are read from the map, nothing is copied.
 *
 * <p>One thread at a time: every LMDB call runs inside a busy flag (one compare-and-set), which
 * both refuses a second thread ({@link IllegalStateException}, instead of two threads inside one
 * LMDB cursor) and lets the transaction's end wait for the call in flight. The flag is set before
 * the scope is checked and the end flags the scope before it reads the busy flags, so either the
 * call sees the end and throws, or the end sees the call and waits for it.
 */
public final class ReadCursor implements KvCursor {
  private static final VarHandle BUSY;

  static {
    try {
      BUSY = MethodHandles.lookup().findVarHandle(ReadCursor.class, "busy", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ReadTransaction txn;

  /** Null once closed or detached by the end of the transaction. */
  private ReadContext.PooledCursor pooled;

  /** 1 while a thread is inside an LMDB call of this cursor (via {@link #BUSY}). */
  @SuppressWarnings("unused")
  private int busy;

  /** The current entry's key and value: offsets into the transaction's map view. */
  private long keyOffset;

  private int keyLength = -1;
  private long valueOffset;
  private int valueLength;

  // 48 bytes with compressed oops, as before the busy flag: it fills the padding.
  ReadCursor(ReadTransaction txn, ReadContext.PooledCursor pooled) {
    this.txn = txn;
    this.pooled = pooled;
  }

  /**
   * The LMDB calls a read cursor makes; a switch instead of a lambda per call keeps moves
   * allocation-free.
   */
  private enum Move {
    SEEK,
    SEEK_EXACT,
    FIRST,
    LAST,
    NEXT,
    PREV
  }

  @Override
  public boolean seek(byte[] key, int length) {
    return move(Move.SEEK, key, length, "cursor seek");
  }

  @Override
  public boolean seekExact(byte[] key, int length) {
    return move(Move.SEEK_EXACT, key, length, "cursor seek");
  }

  @Override
  public boolean first() {
    return move(Move.FIRST, null, 0, "cursor first");
  }

  @Override
  public boolean last() {
    return move(Move.LAST, null, 0, "cursor last");
  }

  @Override
  public boolean next() {
    live();
    return keyLength >= 0 && move(Move.NEXT, null, 0, "cursor next");
  }

  @Override
  public boolean prev() {
    live();
    return keyLength >= 0 && move(Move.PREV, null, 0, "cursor prev");
  }

  @Override
  public Slice key() {
    live();
    checkPositioned();
    txn.lent(keyLength);
    return new Slice(txn.map(), keyOffset, keyLength);
  }

  @Override
  public int keyLength() {
    live();
    checkPositioned();
    txn.lent(keyLength);
    return keyLength;
  }

  @Override
  public MemorySegment keyBase() {
    return txn.map();
  }

  @Override
  public long keyOffset() {
    return keyOffset;
  }

  @Override
  public int valueLength() {
    live();
    checkPositioned();
    txn.lent(valueLength);
    return valueLength;
  }

  @Override
  public MemorySegment valueBase() {
    return txn.map();
  }

  @Override
  public long valueOffset() {
    return valueOffset;
  }

  @Override
  public Slice value() {
    live();
    checkPositioned();
    txn.lent(valueLength);
    return new Slice(txn.map(), valueOffset, valueLength);
  }

  @Override
  public void close() {
    enter(false);
    var p = pooled;
    pooled = null;
    BUSY.setRelease(this, 0);
    if (p != null) {
      p.release(txn.lease()); // ignored if the transaction ended and the context moved on
      txn.forget(
          this); // after leaving: the transaction's end holds its monitor while it waits for us
    }
  }

  /**
   * The transaction is ending (its scope already ended): waits for a call in flight, then lets go.
   */
  void awaitIdleAndDetach() {
    for (int spins = 0; (int) BUSY.getVolatile(this) != 0; spins++) {
      if (spins < 1000) {
        Thread.onSpinWait();
      } else {
        Thread.yield();
      }
    }
    pooled = null; // the context takes its cursors back itself
  }

  private boolean move(Move op, byte[] key, int length, String action) {
    var p = enter(true);
    try {
      var c = p.cursor;
      var walk = p.walk;
      boolean found;
      try {
        if (op == Move.NEXT || op == Move.PREV) {
          var map = txn.map();
          if (walk.step(map, keyOffset, txn.pageSize(), op == Move.NEXT ? 1 : -1)) {
            keyOffset = walk.keyOffset();
            keyLength = walk.keyLength();
            valueOffset = walk.valueOffset();
            valueLength = walk.valueLength();
            return true;
          }
          if (walk.ahead()) { // LMDB's cursor is still where the walk began: put it back here
            p.keyAt(map.address() + keyOffset, keyLength);
            if (!c.move(Lmdb.SET_KEY)) {
              throw new KiteSqlException(
                  ErrorCode.INTERNAL_ERROR, "the entry a read cursor stands on is not in the map");
            }
          }
        }
        walk.forget();
        int cursorOp =
            switch (op) {
              case SEEK -> Lmdb.SET_RANGE;
              case SEEK_EXACT -> Lmdb.SET_KEY;
              case FIRST -> Lmdb.FIRST;
              case LAST -> Lmdb.LAST;
              case NEXT -> Lmdb.NEXT;
              case PREV -> Lmdb.PREV;
            };
        if (key != null) {
          p.key(key, length);
        }
        found = c.move(cursorOp);
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, action);
      }
      if (!found) {
        keyLength = -1;
        return false;
      }
      // The cursor's structs are overwritten by its next call: copy address and size out now.
      var at = c.key();
      keyLength = Math.toIntExact(at.size);
      keyOffset = txn.offsetOf(at.address, keyLength); // offsets into the map view
      at = c.value();
      valueLength = Math.toIntExact(at.size);
      valueOffset = txn.offsetOf(at.address, valueLength);
      return true;
    } finally {
      BUSY.setRelease(this, 0);
    }
  }

  /**
   * Marks this cursor busy and, if {@code live} is wanted, checks that its transaction has not
   * ended (in that order, see the class comment).
   *
   * @return the pooled cursor (null only when not {@code live})
   * @throws IllegalStateException if another thread is using the cursor, or (when {@code live}) it
   *     is closed or its transaction ended
   */
  private ReadContext.PooledCursor enter(boolean live) {
    if (!BUSY.compareAndSet(this, 0, 1)) {
      throw new IllegalStateException(
          "a cursor is used by two threads at once; run one query per thread");
    }
    var p = pooled;
    if (live && (p == null || !txn.scope().isLive())) {
      BUSY.setRelease(this, 0);
      throw new IllegalStateException(
          txn.isOpen() ? "cursor already closed" : "read transaction already closed");
    }
    return p;
  }

  private ReadContext.PooledCursor live() {
    if (pooled == null) {
      throw new IllegalStateException(
          txn.isOpen() ? "cursor already closed" : "read transaction already closed");
    }
    return pooled;
  }

  private void checkPositioned() {
    if (keyLength < 0) {
      throw new IllegalStateException("cursor does not stand on an entry");
    }
  }
}
