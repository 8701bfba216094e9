package io.kitesql.storage;

import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.value.Scope;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A read-only snapshot whose values borrow the LMDB map until {@link #close()}.
 *
 * <p>Begun with {@link Storage#beginRead()}; holds one pooled read context until closed. Every
 * slice it returns is a view of the map; values built on them must check {@link #scope()}.
 *
 * <p><b>Threads.</b> Any thread may use it, several at once: each cursor is one LMDB cursor of its
 * own (queries running at once never share one), {@link #get} is serialized on this object, and
 * {@link #close()} ends the scope, then waits for every cursor operation in flight before LMDB
 * resets the transaction, so a cursor operation racing the end throws {@link IllegalStateException}
 * and never runs on a reset transaction or an unmapped map.
 */
public final class ReadTransaction implements KvTransaction {
  private final Storage storage;
  private final ReadContext ctx;

  /** Kept here, not asked of the context: once this transaction ends the context serves others. */
  private final Scope scope;

  /** The storage's map view when this transaction began (see {@link Storage#map()}). */
  private final MapView.Mapping map;

  /** The context's transaction number while this transaction holds it. */
  private final long lease;

  /** Open cursors; guarded by this object's monitor. */
  private final List<ReadCursor> cursors = new ArrayList<>(2);

  private volatile boolean open = true;

  /** Ends the transaction: run by close(), or by the cleaner if it is dropped unclosed. */
  private final Cleaner.Cleanable release;

  /** Plain on purpose: a statistic, which concurrent queries of one transaction may undercount. */
  private long borrowed;

  ReadTransaction(Storage storage, ReadContext ctx) {
    this.storage = storage;
    this.ctx = ctx;
    this.scope = ctx.scope();
    this.lease = ctx.lease();
    this.map = storage.map();
    this.release = LeakedReads.register(this, storage, ctx, scope);
  }

  /** Serialized: {@code mdb_get} uses the context's one call buffer (structs and scratch key). */
  @Override
  public synchronized Optional<Slice> get(Keyspace keyspace, byte[] key, int length) {
    checkOpen();
    try {
      var found = ctx.get(keyspace, key, length);
      if (found == null) {
        return Optional.empty();
      }
      int size = Math.toIntExact(found.size);
      long offset = map.offsetOf(found.address, size);
      var slice = new Slice(map.segment(), offset, size);
      borrowed += slice.length();
      return Optional.of(slice);
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "get");
    }
  }

  @Override
  public synchronized ReadCursor openCursor(Keyspace keyspace) {
    checkOpen();
    var cursor = new ReadCursor(this, ctx.cursor(keyspace));
    cursors.add(cursor);
    return cursor;
  }

  @Override
  public Scope scope() {
    return scope;
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  public long bytesBorrowed() {
    return borrowed;
  }

  @Override
  public long bytesCopied() {
    return 0;
  }

  /** A cursor lent {@code bytes} more bytes of the map. */
  void lent(int bytes) {
    borrowed += bytes;
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  /**
   * Ends the snapshot: every value it lent becomes unreadable, cursor operations in flight on other
   * threads finish (later ones throw), then the context goes back to the pool. Waiting while
   * holding the monitor is safe: a cursor operation never takes it.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (!open) {
        return;
      }
      open = false;
      scope.end();
      for (int i = 0; i < cursors.size(); i++) { // no iterator: runs at every transaction end
        cursors.get(i).awaitIdleAndDetach();
      }
      cursors.clear();
    }
    release.clean(); // returns the context to the pool (LeakedReads.Lease)
  }

  synchronized void forget(ReadCursor cursor) {
    cursors.remove(cursor);
  }

  MemorySegment map() {
    return map.segment();
  }

  int pageSize() {
    return map.pageSize();
  }

  /**
   * The offset in {@link #map()} of the {@code length} bytes at {@code address}, which LMDB handed
   * out.
   */
  long offsetOf(long address, int length) {
    return map.offsetOf(address, length);
  }

  long lease() {
    return lease;
  }

  ReadContext context() {
    return ctx;
  }

  void checkOpen() {
    if (!open) {
      throw new IllegalStateException("read transaction already closed");
    }
  }
}
