package io.kitesql.storage;

import io.kitesql.value.Scope;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.lmdbjava.LmdbException;

/**
 * A read-only snapshot whose values borrow the LMDB map until {@link #close()}.
 *
 * <p>Begun with {@link Storage#beginRead()}; holds one pooled read context until closed. Every
 * slice it returns is a view of the map; values built on them must check {@link #scope()}.
 */
public final class ReadTransaction implements KvTransaction {
  private final Storage storage;
  private final ReadContext ctx;
  /** Kept here, not asked of the context: once this transaction ends the context serves others. */
  private final Scope scope;
  private final List<ReadCursor> cursors = new ArrayList<>(2);
  /** Ends the transaction: run by close(), or by the cleaner if it is dropped unclosed. */
  private final Cleaner.Cleanable release;
  private boolean open = true;
  private long borrowed;

  ReadTransaction(Storage storage, ReadContext ctx) {
    this.storage = storage;
    this.ctx = ctx;
    this.scope = ctx.scope();
    this.release = LeakedReads.register(this, storage, ctx, scope);
  }

  @Override
  public Optional<Slice> get(Keyspace keyspace, byte[] key, int length) {
    checkOpen();
    try {
      var found = ctx.dbi(keyspace).get(ctx.txn(), ctx.key(key, length));
      if (found == null) {
        return Optional.empty();
      }
      var slice = Slice.borrow(found);
      borrowed += slice.length();
      return Optional.of(slice);
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "get");
    }
  }

  @Override
  public ReadCursor openCursor(Keyspace keyspace) {
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

  /** Ends the snapshot: every value it lent becomes unreadable, then the context goes back to the pool. */
  @Override
  public void close() {
    if (!open) {
      return;
    }
    open = false;
    for (var c : cursors) {
      c.detach();
    }
    cursors.clear();
    scope.end(); // tells the lease this is a close, not a leak
    release.clean();
  }

  void forget(ReadCursor cursor) {
    cursors.remove(cursor);
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
