package io.kitesql.storage;

import io.kitesql.value.Memory;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;

/** A cursor of a {@link ReadTransaction}: positions are read from the map, nothing is copied. */
public final class ReadCursor implements KvCursor {
  private final ReadTransaction txn;
  private ReadContext.PooledCursor pooled;
  private long keyAddress;
  private int keyLength = -1;
  private long valueAddress;
  private int valueLength;

  ReadCursor(ReadTransaction txn, ReadContext.PooledCursor pooled) {
    this.txn = txn;
    this.pooled = pooled;
  }

  /** The LMDB calls a read cursor makes; a switch instead of a lambda per call keeps moves allocation-free. */
  private enum Move { SEEK, SEEK_EXACT, FIRST, LAST, NEXT, PREV }

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
    return new Slice(Memory.ALL, keyAddress, keyLength);
  }

  @Override
  public Slice value() {
    live();
    checkPositioned();
    txn.lent(valueLength);
    return new Slice(Memory.ALL, valueAddress, valueLength);
  }

  @Override
  public void close() {
    if (pooled != null) {
      pooled.release();
      pooled = null;
      txn.forget(this);
    }
  }

  /** The transaction ended: the pooled cursor already went back with its context. */
  void detach() {
    pooled = null;
  }

  private boolean move(Move op, byte[] key, int length, String action) {
    var c = live().cursor;
    boolean found;
    try {
      found = switch (op) {
        case SEEK -> c.get(txn.context().key(key, length), GetOp.MDB_SET_RANGE);
        case SEEK_EXACT -> c.get(txn.context().key(key, length), GetOp.MDB_SET_KEY);
        case FIRST -> c.first();
        case LAST -> c.last();
        case NEXT -> c.next();
        case PREV -> c.prev();
      };
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, action);
    }
    if (!found) {
      keyLength = -1;
      return false;
    }
    // lmdbjava reuses these holders on the next call: copy address and size out now.
    var k = pooled.cursor.key();
    var v = pooled.cursor.val();
    keyAddress = k.address;
    keyLength = Math.toIntExact(k.size);
    valueAddress = v.address;
    valueLength = Math.toIntExact(v.size);
    return true;
  }

  private ReadContext.PooledCursor live() {
    if (pooled == null) {
      throw new IllegalStateException(txn.isOpen() ? "cursor already closed" : "read transaction already closed");
    }
    return pooled;
  }

  private void checkPositioned() {
    if (keyLength < 0) {
      throw new IllegalStateException("cursor does not stand on an entry");
    }
  }
}
