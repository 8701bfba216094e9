package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Memory;
import io.kitesql.value.Scope;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * The environment's one write transaction. Begun with {@link Storage#beginWrite()} by the thread
 * that then owns it; every LMDB call is made by the storage's writer thread.
 *
 * <p>Values it returns are owned copies. If the map fills up, the transaction is rolled back, the
 * map grown (after every read transaction ended) and the transaction's writes replayed, so the
 * caller does not notice; when that cannot be done, the call fails with {@link
 * ErrorCode#MAP_FULL} and the transaction is rolled back.
 *
 * <p>Not committing means rolling back: {@link #close()} aborts an uncommitted transaction.
 */
public final class WriteTransaction implements KvTransaction {
  private enum State {
    OPEN,
    COMMITTED,
    ROLLED_BACK,
    FAILED
  }

  private final Storage storage;
  private final Thread owner;
  private final List<WriteCursor> cursors = new ArrayList<>();
  private final List<WriteOp> log = new ArrayList<>();
  /** Enclosing LMDB transactions of {@link #atomically} blocks, innermost first. */
  private final ArrayDeque<Txn<Ptr>> outer = new ArrayDeque<>();
  /** For each open block, innermost first: the log size and cursor count when it began. */
  private final ArrayDeque<int[]> marks = new ArrayDeque<>();
  private Txn<Ptr> txn;
  /** Whether the base of {@link #txn} is nested in a {@link GroupCommit} batch rather than the LMDB root. */
  private boolean nested;
  private State state = State.OPEN;
  private long logBytes;
  private boolean logComplete = true;
  private boolean lockReleased;
  private long copied;
  private String failure;

  /** Owned by the calling thread; its LMDB transaction is {@linkplain #beginNative begun} on the writer thread. */
  WriteTransaction(Storage storage) {
    this.storage = storage;
    this.owner = Thread.currentThread();
  }

  /** Begins the LMDB transaction, nested in the open group-commit batch if there is one; on the writer thread. */
  void beginNative() {
    var group = storage.groupCommit();
    txn = group.begin();
    nested = group.isOpen();
  }

  /** Aborts the LMDB transaction (a begin the caller gave up waiting for, or that failed); on the writer thread. */
  void abortNative() {
    abortOnWriter();
  }

  /**
   * Runs {@code work} on the writer thread in one hand-off: every storage call it makes there is
   * direct. A statement that makes several storage calls (a row, its index entries, an atomic
   * block around them) pays one round trip to the writer thread instead of one per call. {@code
   * work} must not wait for other threads that use this transaction.
   */
  public <T> T onWriterThread(Supplier<T> work) {
    checkUsable();
    return onWriter(work::get);
  }

  @Override
  public Optional<Slice> get(Keyspace keyspace, byte[] key, int length) {
    checkUsable();
    return onWriter(() -> {
      try {
        var found = storage.dbi(keyspace).get(txn, keyPtr(key, length));
        return found == null ? Optional.<Slice>empty() : Optional.of(copy(found));
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, "get");
      }
    });
  }

  /**
   * Stores {@code value} under the first {@code keyLength} bytes of {@code key}, replacing any
   * value there. The transaction keeps a reference to {@code value} until it ends (to replay it
   * after growing the map): do not modify the array afterwards.
   */
  public void put(Keyspace keyspace, byte[] key, int keyLength, byte[] value) {
    write(new WriteOp.Put(keyspace, Arrays.copyOf(key, keyLength), value, false));
  }

  public void put(Keyspace keyspace, byte[] key, byte[] value) {
    put(keyspace, key, key.length, value);
  }

  /** Like {@link #put} but only if the key is absent; returns whether it stored the value. */
  public boolean putIfAbsent(Keyspace keyspace, byte[] key, int keyLength, byte[] value) {
    return write(new WriteOp.Put(keyspace, Arrays.copyOf(key, keyLength), value, true));
  }

  /** Deletes the key; returns whether it was present. */
  public boolean delete(Keyspace keyspace, byte[] key, int keyLength) {
    return write(new WriteOp.Delete(keyspace, Arrays.copyOf(key, keyLength)));
  }

  public boolean delete(Keyspace keyspace, byte[] key) {
    return delete(keyspace, key, key.length);
  }

  /** Deletes every key that starts with {@code prefix}; returns whether any was present. */
  public boolean deletePrefix(Keyspace keyspace, byte[] prefix) {
    return write(new WriteOp.DeletePrefix(keyspace, prefix.clone()));
  }

  @Override
  public WriteCursor openCursor(Keyspace keyspace) {
    checkUsable();
    return onWriter(() -> {
      try {
        var cursor = new WriteCursor(this, storage.dbi(keyspace).openCursor(txn));
        cursors.add(cursor);
        return cursor;
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, "open cursor");
      }
    });
  }

  /**
   * Runs {@code work} as one atomic step of this transaction (an LMDB nested transaction): if it
   * throws, every write it made is undone and the transaction stays usable with its earlier
   * writes. A failing SQL statement inside a larger transaction uses this. Blocks may nest;
   * cursors opened inside a block are closed when it ends.
   */
  public <T> T atomically(Supplier<T> work) {
    checkUsable();
    onWriter(() -> {
      beginBlock();
      return null;
    });
    boolean completed = false;
    try {
      T result = work.get();
      completed = true;
      return result;
    } finally {
      if (state == State.OPEN) {
        boolean commit = completed;
        storage.writer().run(() -> endBlock(commit));
      }
    }
  }

  private void beginBlock() {
    var child = storage.beginNestedWrite(txn);
    outer.push(txn);
    marks.push(new int[] {log.size(), cursors.size()});
    txn = child;
  }

  private void endBlock(boolean commit) {
    while (true) {
      var mark = marks.peek();
      while (cursors.size() > mark[1]) {
        cursors.removeLast().closeNative();
      }
      try {
        if (commit) {
          txn.commit();
        } else {
          txn.abort();
          if (logComplete) {
            log.subList(mark[0], log.size()).clear();
          }
        }
        marks.pop();
        txn = outer.pop();
        return;
      } catch (Env.MapFullException _) {
        txn = null; // A failed commit frees the nested transaction.
        recoverFromMapFull();
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, commit ? "commit of an atomic block" : "rollback of an atomic block");
      }
    }
  }

  /**
   * Makes the writes durable (as the environment's {@link Durability} says) and ends the
   * transaction. While other callers wait for the write lock, the commit is shared with theirs
   * ({@link GroupCommit}): this releases the write lock at once and returns after the shared LMDB
   * commit holding these writes, or throws if it failed.
   */
  public void commit() {
    checkUsable();
    // Inside Storage.write the owner waits for the writer thread, which must never wait for a batch.
    boolean mayWait = Thread.currentThread() == owner && !storage.writer().isCurrent();
    GroupCommit.Member waiting = null;
    try {
      waiting = storage.writer().call(() -> commitOnWriter(mayWait));
      state = State.COMMITTED;
    } finally {
      if (state != State.COMMITTED) {
        state = State.FAILED;
      }
      end();
    }
    if (waiting != null) {
      try {
        waiting.await();
      } catch (RuntimeException e) {
        state = State.FAILED;
        failure = e.getMessage();
        throw e;
      }
    }
  }

  /** Discards the writes and ends the transaction; does nothing if it already ended. */
  public void rollback() {
    if (state != State.OPEN && state != State.FAILED) {
      end();
      return;
    }
    try {
      if (txn != null) {
        storage.writer().run(this::abortOnWriter);
      }
    } finally {
      state = State.ROLLED_BACK;
      end();
    }
  }

  /**
   * Releases the write lock if this is the owner's thread. Inside {@link Storage#write} the
   * transaction may end on the writer thread; the owner then releases the lock when it closes.
   */
  private void end() {
    if (!lockReleased && Thread.currentThread() == owner) {
      lockReleased = true;
      storage.unlockWriter();
    }
  }

  @Override
  public void close() {
    rollback();
  }

  @Override
  public Scope scope() {
    return Scope.OWNED;
  }

  @Override
  public boolean isReadOnly() {
    return false;
  }

  @Override
  public long bytesBorrowed() {
    return 0;
  }

  @Override
  public long bytesCopied() {
    return copied;
  }

  /** A heap copy of the bytes {@code ptr} points at, counted; on the writer thread. */
  Slice copy(Ptr ptr) {
    copied += ptr.size;
    return Slice.copyOf(ptr);
  }

  @Override
  public boolean isOpen() {
    return state == State.OPEN;
  }

  Thread owner() {
    return owner;
  }

  void checkUsable() {
    switch (state) {
      case OPEN -> {
        var t = Thread.currentThread();
        if (t != owner && !storage.writer().isCurrent()) {
          throw new IllegalStateException("write transaction used by " + t + " but owned by " + owner);
        }
      }
      case COMMITTED -> throw new IllegalStateException("write transaction already committed");
      case ROLLED_BACK -> throw new IllegalStateException("write transaction already rolled back");
      case FAILED -> throw new IllegalStateException("write transaction failed and was rolled back: " + failure);
    }
  }

  <T> T onWriter(Callable<T> work) {
    return storage.writer().call(work);
  }

  Ptr keyPtr(byte[] key, int length) {
    return storage.writerKey(key, length);
  }

  void closeCursor(WriteCursor cursor) {
    storage.writer().run(() -> {
      cursor.closeNative();
      cursors.remove(cursor);
    });
  }

  private boolean write(WriteOp op) {
    checkUsable();
    return onWriter(() -> {
      boolean result = applyGrowingMap(op);
      remember(op);
      return result;
    });
  }

  private void remember(WriteOp op) {
    if (!logComplete) {
      return;
    }
    logBytes += op.bytes();
    if (logBytes > storage.options().replayLimitBytes()) {
      log.clear();
      logComplete = false;
    } else {
      log.add(op);
    }
  }

  /** Applies {@code op}; on MDB_MAP_FULL grows the map, replays what came before and tries again. */
  private boolean applyGrowingMap(WriteOp op) {
    while (true) {
      try {
        return apply(op);
      } catch (Env.MapFullException _) {
        recoverFromMapFull();
      }
    }
  }

  /**
   * Commits on the writer thread: alone (a root transaction nobody waits behind), by opening a
   * group-commit batch (a root transaction while others wait for the lock), or into the open batch
   * (a nested one). Returns the batch membership to wait on, or null when the commit is done.
   */
  private GroupCommit.Member commitOnWriter(boolean mayWait) {
    if (!marks.isEmpty()) {
      throw new IllegalStateException("cannot commit inside an atomically(...) block");
    }
    var group = storage.groupCommit();
    while (true) {
      closeCursors();
      try {
        if (!nested && mayWait && group.shouldDefer(logComplete)) {
          var member = group.open(txn, log);
          txn = null;
          return member;
        }
        txn.commit();
        txn = null;
        if (!nested) {
          group.committedAlone();
          return null;
        }
        return group.join(log, logComplete, mayWait);
      } catch (Env.MapFullException _) {
        txn = null; // mdb_txn_commit frees the transaction when it fails.
        recoverFromMapFull();
      } catch (LmdbException e) {
        txn = null;
        throw LmdbErrors.translate(e, "commit", storage.directory());
      }
    }
  }

  /**
   * Rolls the LMDB transaction back, grows the map and replays the log on a fresh transaction.
   * Fails with MAP_FULL (the transaction stays rolled back) when the log is incomplete, cursors
   * are open, or the map cannot grow now.
   */
  private void recoverFromMapFull() {
    boolean hadCursors = !cursors.isEmpty();
    abortOnWriter();
    if (!logComplete || hadCursors) {
      fail("the LMDB map is full and this transaction is too large (or had cursors open) to replay after growing it");
    }
    try {
      storage.growMap();
    } catch (KiteSqlException e) {
      failure = e.getMessage();
      state = State.FAILED;
      throw e;
    }
    replay();
  }

  /** Rebuilds the LMDB transaction (and open blocks) from the log after a rollback. */
  private void replay() {
    beginNative(); // the map growth before committed any open batch: this is a root again
    var blockStarts = new ArrayList<int[]>(marks);
    java.util.Collections.reverse(blockStarts); // outermost first
    var parents = new ArrayDeque<Txn<Ptr>>();
    int applied = 0;
    for (var mark : blockStarts) {
      for (; applied < mark[0]; applied++) {
        apply(log.get(applied)); // MAP_FULL again here goes back to the caller's loop.
      }
      parents.push(txn);
      txn = storage.beginNestedWrite(txn);
    }
    for (; applied < log.size(); applied++) {
      apply(log.get(applied));
    }
    outer.clear();
    outer.addAll(parents);
  }

  private void fail(String message) {
    var e = new KiteSqlException(
        ErrorCode.MAP_FULL, message + "; the transaction was rolled back, the caller must retry it");
    failure = e.getMessage();
    state = State.FAILED;
    storage.growMapQuietly();
    throw e;
  }

  private boolean apply(WriteOp op) {
    return applyTo(storage, txn, op);
  }

  /** Applies {@code op} in {@code txn} (a group-commit batch replays its members with this); MAP_FULL is rethrown as is. */
  static boolean applyTo(Storage storage, Txn<Ptr> txn, WriteOp op) {
    try {
      return switch (op) {
        case WriteOp.Put p -> put(storage, txn, p);
        case WriteOp.Delete d -> storage.dbi(d.keyspace()).delete(txn, storage.writerKey(d.key(), d.key().length));
        case WriteOp.DeletePrefix d -> deletePrefix(storage, txn, d);
      };
    } catch (Env.MapFullException e) {
      throw e;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, op.getClass().getSimpleName().toLowerCase(), storage.directory());
    }
  }

  private static boolean put(Storage storage, Txn<Ptr> txn, WriteOp.Put p) {
    Dbi<Ptr> dbi = storage.dbi(p.keyspace());
    var key = storage.writerKey(p.key(), p.key().length);
    try {
      var target = p.onlyIfAbsent()
          ? dbi.reserve(txn, key, p.value().length, PutFlags.MDB_NOOVERWRITE)
          : dbi.reserve(txn, key, p.value().length);
      MemorySegment.copy(p.value(), 0, Memory.ALL, Memory.BYTE, target.address, p.value().length);
      return true;
    } catch (Dbi.KeyExistsException _) {
      return false;
    }
  }

  private static boolean deletePrefix(Storage storage, Txn<Ptr> txn, WriteOp.DeletePrefix d) {
    boolean any = false;
    try (var cursor = storage.dbi(d.keyspace()).openCursor(txn)) {
      var prefix = d.prefix();
      boolean found = cursor.get(storage.writerKey(prefix, prefix.length), GetOp.MDB_SET_RANGE);
      while (found && startsWith(cursor.key(), prefix)) {
        cursor.delete();
        any = true;
        found = cursor.get(storage.writerKey(prefix, prefix.length), GetOp.MDB_SET_RANGE);
      }
    }
    return any;
  }

  private static boolean startsWith(Ptr key, byte[] prefix) {
    if (key.size < prefix.length) {
      return false;
    }
    var p = MemorySegment.ofArray(prefix);
    return MemorySegment.mismatch(Memory.ALL, key.address, key.address + prefix.length, p, 0, prefix.length) < 0;
  }

  /** Aborts the innermost LMDB transaction and every enclosing one. */
  private void abortOnWriter() {
    closeCursorsQuietly();
    if (txn != null) {
      txn.abort();
      txn = null;
    }
    while (!outer.isEmpty()) {
      outer.pop().abort();
    }
  }

  private void closeCursors() {
    for (var c : cursors) {
      c.closeNative();
    }
    cursors.clear();
  }

  private void closeCursorsQuietly() {
    try {
      closeCursors();
    } catch (LmdbException _) {
      cursors.clear(); // The transaction is being discarded; its cursors go with it.
    }
  }
}
