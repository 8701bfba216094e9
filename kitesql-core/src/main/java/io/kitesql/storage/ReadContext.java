package io.kitesql.storage;

import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Scope;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;

/**
 * What one read transaction needs, kept between transactions: the LMDB transaction (reset and
 * renewed rather than begun and closed: ~0.5 µs and no garbage instead of ~1.4 µs and ~950 B per
 * lookup), its cursors (renewed) and a scratch key buffer. The liveness {@link Scope} is not kept:
 * each transaction gets a new one, because an ended scope stays ended and so keeps the values of
 * earlier transactions dead while the context serves later ones.
 *
 * <p>Used by one transaction at a time; the pool hands it from thread to thread. That transaction
 * may run queries on several threads at once, so each query gets a cursor of its own from this
 * context's cursor pool (guarded by this object's monitor), each with its own scratch key buffer;
 * no LMDB cursor is ever used by two threads at once. A cursor released by a query of an earlier
 * transaction (a straggler on another thread) is ignored: the lease number tells them apart.
 */
final class ReadContext {
  private final LmdbEnv env;

  /** The storage's {@code MDB_dbi}s, by keyspace ordinal. */
  private final int[] dbis;

  private final EnumMap<Keyspace, List<PooledCursor>> cursors = new EnumMap<>(Keyspace.class);
  private final KeyBuffer keyBuffer;

  /** Where this context's and its cursors' call buffers come from, and go back to when closed. */
  private final KeyBufferPool keyBuffers;

  private final String name;

  /** The current transaction's scope; null before the first. */
  private Scope scope;

  /** The LMDB read transaction ({@code MDB_txn *}), 0 before the first begin. */
  private long txn;

  private boolean active;

  /** Set once closed for good, when the call buffer went back to the pool. */
  private boolean closed;

  private long lease;

  /**
   * When the current transaction began ({@link System#nanoTime}), 0 between transactions; and on
   * which thread. Read by a map resize to tell a drain that cannot succeed.
   */
  volatile long openedAt;

  volatile String openedBy;

  /**
   * Set by the idle sweep, cleared when the pool lends the context: idle for a whole sweep period
   * if still set.
   */
  boolean idleSeen;

  ReadContext(LmdbEnv env, int[] dbis, KeyBufferPool keyBuffers, String name) {
    this.env = env;
    this.dbis = dbis;
    this.keyBuffers = keyBuffers;
    this.keyBuffer = keyBuffers.take();
    this.name = name;
    for (var ks : Keyspace.values()) {
      cursors.put(ks, new ArrayList<>(2));
    }
  }

  /** Starts a transaction on a fresh snapshot, with a new scope. */
  void begin() {
    try {
      if (txn == 0) {
        txn = env.beginRead(keyBuffer);
      } else {
        LmdbTxn.renew(txn);
      }
    } catch (LmdbException.MapResized e) {
      forgetTransaction();
      throw e;
    }
    openedBy = Thread.currentThread().getName();
    openedAt = System.nanoTime() | 1; // never 0 while open
    synchronized (this) { // published to stragglers releasing cursors (PooledCursor.release)
      scope = new Scope(name);
      active = true;
      lease++;
    }
  }

  /**
   * Another process grew the map past ours: LMDB ended the transaction inside the failed renew (a
   * failed begin freed it already). Close its cursors and abort it, which gives its reader slot
   * back, so the next begin starts a fresh one once the map adopted the new size.
   */
  private void forgetTransaction() {
    closeCursors();
    LmdbTxn.abort(txn);
    txn = 0;
    active = false;
  }

  /**
   * Closes the cursors and gives their call buffers back (the transaction ended: no straggler uses
   * them).
   */
  private void closeCursors() {
    for (var list : cursors.values()) {
      for (var c : list) {
        c.cursor.close();
        keyBuffers.give(c.keyBuffer);
      }
      list.clear();
    }
  }

  /** Ends the transaction: its values die first, for good, then LMDB releases the snapshot. */
  void end() {
    openedAt = 0;
    scope.end();
    synchronized (this) {
      for (var list : cursors.values()) {
        for (var c : list) {
          c.inUse = false;
        }
      }
      active = false;
    }
    LmdbTxn.reset(txn);
  }

  /** The scope of the current (or, between transactions, the last) transaction. */
  Scope scope() {
    return scope;
  }

  /**
   * The number of the current transaction of this context; a cursor remembers the one it served.
   */
  long lease() {
    return lease;
  }

  /**
   * Looks {@code key} up with {@code mdb_get} through the context's one call buffer (its structs
   * and scratch key): the caller serializes calls (the read transaction's monitor) and copies the
   * found address and size out at once. Null if absent.
   */
  Ptr get(Keyspace ks, byte[] key, int length) {
    return LmdbTxn.get(txn, dbis[ks.ordinal()], keyBuffer.load(key, length));
  }

  /**
   * A cursor of this transaction, renewed for it and used by no one else until {@link
   * PooledCursor#release}. Synchronized: queries on several threads take cursors at once, and
   * renewing a cursor is also when LMDB first reads the keyspace's root into the transaction.
   */
  synchronized PooledCursor cursor(Keyspace ks) {
    var list = cursors.get(ks);
    for (int i = 0; i < list.size(); i++) { // no iterator: runs at every scan
      var c = list.get(i);
      if (!c.inUse) {
        c.take(this);
        return c;
      }
    }
    var vals = keyBuffers.take();
    var c = new PooledCursor(this, LmdbCursor.open(txn, dbis[ks.ordinal()], vals), vals, lease);
    list.add(c);
    c.inUse = true;
    return c;
  }

  /**
   * Closes the cursors, then the transaction (a read cursor refers to its transaction until it is
   * closed), and gives the call buffers back to the pool; the context is not used again. {@code
   * mdb_txn_abort} of a reset transaction releases its reader slot, so it needs no renew first
   * (lmdbjava 0.9.3 leaked the slot otherwise, and the renew could fail with MDB_MAP_RESIZED).
   */
  void close() {
    closeCursors();
    LmdbTxn.abort(txn);
    txn = 0;
    if (!closed) {
      closed = true;
      keyBuffers.give(
          keyBuffer); // the next context reuses it: native memory stays flat over idle sweeps
    }
  }

  /** A cursor kept across transactions of its context, with its own scratch key buffer. */
  static final class PooledCursor {
    private final ReadContext ctx;
    final LmdbCursor cursor;
    private final KeyBuffer keyBuffer;

    /** Where this cursor stands on its leaf page, for the steps that need no LMDB call. */
    final LeafWalk walk = new LeafWalk();

    /** The lease the LMDB cursor was last renewed for; guarded by the context's monitor. */
    private long renewedFor;

    /** Guarded by the context's monitor. */
    private boolean inUse;

    PooledCursor(ReadContext ctx, LmdbCursor cursor, KeyBuffer keyBuffer, long lease) {
      this.ctx = ctx;
      this.cursor = cursor;
      this.keyBuffer = keyBuffer;
      this.renewedFor = lease;
    }

    /** Copies {@code key} into this cursor's call buffer, for the seek that follows. */
    void key(byte[] key, int length) {
      keyBuffer.load(key, length);
    }

    /** Points this cursor's call buffer at the key at {@code address} in the map. */
    void keyAt(long address, int length) {
      keyBuffer.point(address, length);
    }

    private void take(ReadContext ctx) {
      walk.forget();
      if (renewedFor != ctx.lease) {
        cursor.renew(ctx.txn);
        renewedFor = ctx.lease;
      }
      inUse = true;
    }

    /**
     * Gives the cursor back, if it still serves transaction {@code lease}: after that transaction
     * ended the context took every cursor back itself and may have lent this one again.
     */
    void release(long lease) {
      synchronized (ctx) {
        if (ctx.active && ctx.lease == lease) {
          inUse = false;
        }
      }
    }
  }
}
