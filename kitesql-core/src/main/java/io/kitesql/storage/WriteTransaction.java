package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Scope;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.lmdbjava.Env;
import org.lmdbjava.LmdbException;
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
  /**
   * How long the LMDB begin may wait, counted from when it is asked for (what {@code writerWait}
   * left after the wait for the write lock; statements planned before a lazy begin do not use it
   * up), and what runs on the writer thread right after it.
   */
  private final long beginWaitNanos;
  private final Consumer<? super WriteTransaction> atBegin;
  /** Whether the LMDB transaction began; set on the writer thread, read by the owner after a hand-off. */
  private boolean begun;
  /** The owner gave up waiting for the begin: the writer thread aborts it when it comes; nothing to hand off. */
  private boolean beginAbandoned;
  private final List<WriteCursor> cursors = new ArrayList<>();
  /** The transaction's writes, to replay them after the map grew. */
  private final WriteLog log;
  /** For each open {@link #atomically} block, innermost first: the log size, cursor count and undo size when it began. */
  private final ArrayDeque<int[]> marks = new ArrayDeque<>();
  /** What the open blocks replaced, to undo a failed one in place (no LMDB nested transaction: see UndoLog). */
  private final UndoLog undo;
  /** The cursors puts and deletes go through, kept positioned between writes; closed with {@link #cursors}. */
  private final PositionedWrites positioned;
  private Txn<Ptr> txn;
  /** Whether {@link #txn} is nested in a {@link GroupCommit} batch rather than the LMDB root. */
  private boolean nested;
  private State state = State.OPEN;
  private boolean lockReleased;
  private long copied;
  private String failure;

  /**
   * Owned by the calling thread, which holds the write lock; the LMDB transaction begins on the
   * writer thread ({@link #beginOnWriter}) within {@code beginWaitNanos}, then {@code atBegin} runs.
   */
  WriteTransaction(Storage storage, long beginWaitNanos, Consumer<? super WriteTransaction> atBegin) {
    this.storage = storage;
    this.owner = Thread.currentThread();
    this.beginWaitNanos = beginWaitNanos;
    this.atBegin = atBegin;
    this.undo = new UndoLog(storage.options().replayLimitBytes());
    this.positioned = new PositionedWrites(storage);
    this.log = new WriteLog(storage.options().replayLimitBytes());
  }

  /**
   * Begins the LMDB transaction now if it has not begun yet (a transaction from {@link
   * Storage#beginWriteLazily} begins with its first storage call). One hand-off.
   *
   * @throws KiteSqlException WRITE_LOCK_TIMEOUT if another process kept LMDB's writer mutex past
   *     {@code writerWait}; the transaction is then failed
   */
  public void begin() {
    checkUsable();
    if (begun || storage.writer().isCurrent()) {
      return;
    }
    try {
      storage.writer().callWithin(() -> {
        beginOnWriter();
        return this;
      }, beginWaitNanos, WriteTransaction::abortNative).orElseThrow(this::beginTimedOut);
    } catch (RuntimeException | Error e) {
      beginFailed(e);
      throw e;
    }
  }

  /** Begins the LMDB transaction and runs {@code atBegin}; on the writer thread. */
  void beginOnWriter() {
    beginNative();
    long copiedBefore = copied;
    try {
      atBegin.accept(this);
    } catch (RuntimeException | Error e) {
      abortOnWriter();
      throw e;
    }
    // What the begin reads for the engine (the catalog version) is no copy made for the caller: with a
    // lazy begin it would otherwise show in the first statement's bytesCopied.
    copied = copiedBefore;
    begun = true;
  }

  /** Begins the LMDB transaction, nested in the open group-commit batch if there is one; on the writer thread. */
  private void beginNative() {
    var group = storage.groupCommit();
    txn = group.begin();
    nested = group.isOpen();
  }

  private KiteSqlException beginTimedOut() {
    beginAbandoned = true;
    return storage.writes().foreignWriterTimeout();
  }

  private void beginFailed(Throwable e) {
    failure = "its begin failed: " + e.getMessage();
    state = State.FAILED;
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
    if (begun || storage.writer().isCurrent()) {
      return onWriter(work::get);
    }
    // Not begun yet: the begin (waited for at most until the deadline) and the work in one hand-off.
    try {
      return storage.writer().callStartingWithin(() -> {
        beginOnWriter();
        return this;
      }, beginWaitNanos, WriteTransaction::abortNative, _ -> work.get(), this::beginTimedOut);
    } catch (RuntimeException | Error e) {
      if (!begun || beginAbandoned) {
        beginFailed(e); // the work never ran
      }
      throw e;
    }
  }

  @Override
  public Optional<Slice> get(Keyspace keyspace, byte[] key, int length) {
    begin();
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
    return write(new WriteOp.Delete(keyspace, Arrays.copyOf(key, keyLength), null));
  }

  /**
   * Deletes {@code key}, which holds {@code previous} if present, as the caller knows (read in this
   * transaction after its last write to the key, or a constant like an index entry's empty value):
   * an atomic block then records it for undo without looking the key up. Keeps both arrays.
   */
  public boolean deleteHolding(Keyspace keyspace, byte[] key, byte[] previous) {
    return write(new WriteOp.Delete(keyspace, key, Objects.requireNonNull(previous, "previous")));
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
    begin();
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
   * Runs {@code work} as one atomic step of this transaction: if it throws, every write it made is
   * undone (from the {@link UndoLog}, or by replaying the transaction's earlier writes when a huge
   * block outgrew it) and the transaction stays usable with its earlier writes; when neither can be
   * done, the whole transaction is rolled back and fails. A failing SQL statement inside a larger transaction uses this. Blocks may nest;
   * cursors opened inside a block are closed when it ends.
   */
  public <T> T atomically(Supplier<T> work) {
    begin();
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
    marks.push(new int[] {log.size(), cursors.size(), undo.size()});
  }

  private void endBlock(boolean commit) {
    var mark = marks.peek();
    while (cursors.size() > mark[1]) {
      cursors.removeLast().closeNative();
    }
    if (!commit) {
      undoBlock(mark);
      if (state != State.OPEN) {
        return; // rolled back as a whole
      }
    }
    marks.pop();
    if (marks.isEmpty()) {
      undo.clear(); // what the outermost block did stays; nothing left to undo
    }
  }

  /**
   * Undoes the innermost block's writes inside the LMDB transaction; if the undo log overflowed,
   * replays the writes before the block on a fresh one; if neither works, fails the transaction
   * (rolled back as a whole: still no partial effects) without throwing over the block's own failure.
   */
  private void undoBlock(int[] mark) {
    try {
      if (!undo.overflowed()) {
        for (var entry : undo.takeFrom(mark[2])) {
          WriteApplier.restore(storage, txn, entry);
        }
        log.truncate(mark[0]);
        return;
      }
      if (log.isComplete()) {
        log.truncate(mark[0]);
        abortOnWriter();
        replay();
        return;
      }
      failWhole("a failed statement was too large to undo");
    } catch (LmdbException | KiteSqlException e) {
      failWhole("undoing a failed statement failed (" + e.getMessage() + ")");
    }
  }

  /** Rolls the whole transaction back and marks it failed; the caller's exception goes on. */
  private void failWhole(String reason) {
    abortOnWriter();
    marks.clear();
    undo.clear();
    failure = reason + "; the whole transaction was rolled back";
    state = State.FAILED;
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
      if (begun) { // else nothing was written or read: no LMDB transaction to commit
        waiting = storage.writer().call(() -> commitOnWriter(mayWait));
      }
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
      // An abandoned begin is aborted by the writer thread when it comes (maybe much later): don't wait for it.
      if (!beginAbandoned && txn != null) {
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
    begin();
    return onWriter(() -> {
      boolean result = applyGrowingMap(op);
      log.add(op);
      return result;
    });
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
        if (!nested && mayWait && group.shouldDefer(log.isComplete())) {
          var member = group.open(txn, log.ops());
          txn = null;
          return member;
        }
        txn.commit();
        txn = null;
        if (!nested) {
          group.committedAlone();
          return null;
        }
        return group.join(log.ops(), log.isComplete(), mayWait);
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
    if (!log.isComplete() || hadCursors) {
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

  /**
   * Rebuilds the LMDB transaction from the log after a rollback. Open blocks stay open: their undo
   * entries still hold, since the same writes lead to the same state.
   */
  private void replay() {
    beginNative(); // the map growth before committed any open batch: this is a root again
    for (var op : log.ops()) {
      WriteApplier.apply(storage, txn, positioned, op, null); // MAP_FULL again here goes back to the caller's loop.
    }
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
    return WriteApplier.apply(storage, txn, positioned, op, marks.isEmpty() ? null : undo);
  }

  /** Aborts the LMDB transaction. */
  private void abortOnWriter() {
    closeCursorsQuietly();
    if (txn != null) {
      txn.abort();
      txn = null;
    }
  }

  private void closeCursors() {
    for (var c : cursors) {
      c.closeNative();
    }
    cursors.clear();
    positioned.close();
  }

  private void closeCursorsQuietly() {
    try {
      closeCursors();
    } catch (LmdbException _) {
      cursors.clear(); // The transaction is being discarded; its cursors go with it.
      positioned.forget();
    }
  }
}
