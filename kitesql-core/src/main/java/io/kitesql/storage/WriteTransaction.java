package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Memory;
import io.kitesql.value.Scope;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The environment's one write transaction. Begun with {@link Storage#beginWrite()} by the thread
 * that then owns it; every LMDB call is made by the storage's writer thread, or, when the owner
 * could lease the writer's role at the LMDB begin ({@link WriteEntry#leaseWriter}), by the owner
 * itself until the transaction ends.
 *
 * <p>Values it returns are owned copies. If the map fills up, the transaction is rolled back, the
 * map grown (after every read transaction ended) and the transaction's writes replayed, so the
 * caller does not notice; when that cannot be done, the call fails with {@link ErrorCode#MAP_FULL}
 * and the transaction is rolled back.
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

  /** How it began, and what releases its write lock. */
  private final WriteEntry entry;

  /** The storage's writer thread, which makes the LMDB calls unless the owner leased its role. */
  private final WriterThread writer;

  private final Thread owner;

  /**
   * How long the LMDB begin may wait, counted from when it is asked for (what {@code writerWait}
   * left after the wait for the write lock; statements planned before a lazy begin do not use it
   * up), and what runs on the writer thread right after it.
   */
  private final long beginWaitNanos;

  private final Consumer<? super WriteTransaction> atBegin;

  /**
   * Whether the LMDB transaction began; set on the writer thread, read by the owner after a
   * hand-off.
   */
  private boolean begun;

  /**
   * The owner gave up waiting for the begin: the writer thread aborts it when it comes; nothing to
   * hand off.
   */
  private boolean beginAbandoned;

  /**
   * The owner holds the writer's role: it began the LMDB transaction and makes its calls itself.
   */
  private boolean leased;

  /**
   * The LMDB transaction, its log, blocks and cursors: used on the writer thread (the owner reads
   * it after a hand-off).
   */
  private final LmdbWrite lmdb;

  private State state = State.OPEN;
  private boolean lockReleased;
  private String failure;

  /**
   * Owned by the calling thread, which holds the write lock; the LMDB transaction begins on the
   * writer thread ({@link #beginOnWriter}) within {@code beginWaitNanos}, then {@code atBegin}
   * runs.
   */
  WriteTransaction(
      WriteEntry entry, long beginWaitNanos, Consumer<? super WriteTransaction> atBegin) {
    this.entry = entry;
    this.writer = entry.side().writer();
    this.owner = Thread.currentThread();
    this.beginWaitNanos = beginWaitNanos;
    this.atBegin = atBegin;
    this.lmdb = new LmdbWrite(entry.side(), entry.group(), this::failed);
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
    if (begun || writer.isCurrent() || beganHere()) {
      return;
    }
    try {
      writer
          .callWithin(
              () -> {
                beginOnWriter();
                return this;
              },
              beginWaitNanos,
              WriteTransaction::abortNative)
          .orElseThrow(this::beginTimedOut);
    } catch (RuntimeException | Error e) {
      beginFailed(e);
      throw e;
    }
  }

  /**
   * Begins the LMDB transaction on the owner's thread if it can lease the writer's role; whether it
   * did. A failed begin gives the role back and fails the transaction.
   */
  private boolean beganHere() {
    if (!entry.leaseWriter()) {
      return false;
    }
    leased = true;
    try {
      beginOnWriter();
      return true;
    } catch (RuntimeException | Error e) {
      endLease();
      beginFailed(e);
      throw e;
    }
  }

  /**
   * Gives the writer's role back; an LMDB transaction still open (a commit refused before it began)
   * is aborted first, here: LMDB's writer mutex must be released by the thread that took it.
   */
  private void endLease() {
    if (leased) {
      leased = false;
      try {
        if (lmdb.isOpen()) {
          lmdb.abort();
        }
      } finally {
        writer.endLease();
      }
    }
  }

  /** Begins the LMDB transaction and runs {@code atBegin}; on the writer thread. */
  void beginOnWriter() {
    lmdb.begin();
    long copiedBefore = lmdb.copied();
    try {
      atBegin.accept(this);
    } catch (RuntimeException | Error e) {
      lmdb.abort();
      throw e;
    }
    // What the begin reads for the engine (the catalog version) is no copy made for the caller:
    // with a
    // lazy begin it would otherwise show in the first statement's bytesCopied.
    lmdb.uncountCopiesSince(copiedBefore);
    begun = true;
  }

  private KiteSqlException beginTimedOut() {
    beginAbandoned = true;
    return entry.foreignWriterTimeout();
  }

  private void beginFailed(Throwable e) {
    failure = "its begin failed: " + e.getMessage();
    state = State.FAILED;
  }

  /**
   * Aborts the LMDB transaction (a begin the caller gave up waiting for, or that failed); on the
   * writer thread.
   */
  void abortNative() {
    lmdb.abort();
  }

  /** The whole transaction was rolled back on the writer thread, for {@code reason}. */
  private void failed(String reason) {
    failure = reason;
    state = State.FAILED;
  }

  /**
   * Runs {@code work} on the writer thread in one hand-off: every storage call it makes there is
   * direct. A statement that makes several storage calls (a row, its index entries, an atomic block
   * around them) pays one round trip to the writer thread instead of one per call; a transaction
   * whose owner holds the writer's role runs it on the owner's thread, with none. {@code work} must
   * not wait for other threads that use this transaction.
   */
  public <T> T onWriterThread(Supplier<T> work) {
    checkUsable();
    if (begun || writer.isCurrent() || beganHere()) {
      return onWriter(work::get);
    }
    // Not begun yet: the begin (waited for at most until the deadline) and the work in one
    // hand-off.
    try {
      return writer.callStartingWithin(
          () -> {
            beginOnWriter();
            return this;
          },
          beginWaitNanos,
          WriteTransaction::abortNative,
          _ -> work.get(),
          this::beginTimedOut);
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
    return onWriter(() -> lmdb.get(keyspace, key, length));
  }

  @Override
  public OptionalLong getLong(Keyspace keyspace, byte[] key) {
    begin();
    return onWriter(
        () -> {
          long mark = lmdb.copied();
          try {
            return lmdb.get(keyspace, key, key.length)
                .map(s -> OptionalLong.of(s.base().get(Memory.LONG_BE, s.offset())))
                .orElse(OptionalLong.empty());
          } finally {
            lmdb.uncountCopiesSince(mark);
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
    return write(new WriteOp.Delete(keyspace, Arrays.copyOf(key, keyLength), null, false));
  }

  /**
   * Deletes {@code key}, which holds {@code previous} if present, as the caller knows (read in this
   * transaction after its last write to the key, or a constant like an index entry's empty value):
   * an atomic block then records it for undo without looking the key up. Keeps both arrays.
   */
  public boolean deleteHolding(Keyspace keyspace, byte[] key, byte[] previous) {
    return write(
        new WriteOp.Delete(keyspace, key, Objects.requireNonNull(previous, "previous"), false));
  }

  /**
   * {@link #deleteHolding} for one of many keys a statement deletes in ascending order: the key is
   * found with the transaction's positioned cursor, which looks at the leaf page it stands on
   * before descending the B-tree, and deleted there ({@code mdb_cursor_del}). Keeps both arrays.
   */
  public boolean deleteHoldingInOrder(Keyspace keyspace, byte[] key, byte[] previous) {
    return write(
        new WriteOp.Delete(keyspace, key, Objects.requireNonNull(previous, "previous"), true));
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
    return onWriter(() -> lmdb.openCursor(this, keyspace));
  }

  /**
   * Adds {@code delta} to the 8-byte big-endian counter stored under {@code key} (a row count),
   * returning false and changing nothing if none is stored there. The new value is kept in memory
   * and stored once, at commit: {@link #get} and {@link #getLong} of this transaction see it at
   * once, a cursor only after the commit; a write of the key itself replaces it, and a failed
   * atomic block undoes the additions it made. Keeps {@code key}: do not modify it afterwards.
   */
  public boolean addToCounter(Keyspace keyspace, byte[] key, long delta) {
    begin();
    return onWriter(() -> lmdb.addToCounter(keyspace, key, delta));
  }

  /**
   * Runs {@code work} as one atomic step of this transaction: if it throws, every write it made is
   * undone (from the {@link UndoLog}, or by replaying the transaction's earlier writes when a huge
   * block outgrew it) and the transaction stays usable with its earlier writes; when neither can be
   * done, the whole transaction is rolled back and fails. A failing SQL statement inside a larger
   * transaction uses this. Blocks may nest; cursors opened inside a block are closed when it ends.
   */
  public <T> T atomically(Supplier<T> work) {
    begin();
    onWriter(
        () -> {
          lmdb.beginBlock();
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
        writer.run(() -> lmdb.endBlock(commit));
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
    // Inside Storage.write the owner waits for the writer thread, which must never wait for a
    // batch; a
    // transaction begun on its owner's thread (which holds the writer's role then) commits alone.
    boolean mayWait = Thread.currentThread() == owner && !writer.isCurrent();
    GroupCommit.Member waiting = null;
    try {
      if (begun) { // else nothing was written or read: no LMDB transaction to commit
        waiting = writer.call(() -> lmdb.commit(mayWait));
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
      // An abandoned begin is aborted by the writer thread when it comes (maybe much later): don't
      // wait for it.
      if (!beginAbandoned && lmdb.isOpen()) {
        writer.run(lmdb::abort);
      }
    } finally {
      state = State.ROLLED_BACK;
      end();
    }
  }

  /**
   * Gives the writer's role back if the owner leased it, and releases the write lock, if this is
   * the owner's thread. Inside {@link Storage#write} the transaction may end on the writer thread;
   * the owner then releases the lock when it closes.
   */
  private void end() {
    if (!lockReleased && Thread.currentThread() == owner) {
      lockReleased = true;
      try {
        endLease(); // the LMDB transaction has ended: the writer thread may run tasks again
      } finally {
        entry.unlock();
      }
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
    return lmdb.copied();
  }

  /** A heap copy of the bytes {@code ptr} points at, counted; on the writer thread. */
  Slice copy(Ptr ptr) {
    return lmdb.copy(ptr);
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
        if (t != owner && !writer.isCurrent()) {
          throw new IllegalStateException(
              "write transaction used by " + t + " but owned by " + owner);
        }
      }
      case COMMITTED -> throw new IllegalStateException("write transaction already committed");
      case ROLLED_BACK -> throw new IllegalStateException("write transaction already rolled back");
      case FAILED ->
          throw new IllegalStateException(
              "write transaction failed and was rolled back: " + failure);
    }
  }

  <T> T onWriter(Callable<T> work) {
    return writer.call(work);
  }

  /** Loads {@code key} into the writer thread's call buffer; on the writer thread. */
  KeyBuffer keyPtr(byte[] key, int length) {
    return entry.side().key(key, length);
  }

  void closeCursor(WriteCursor cursor) {
    writer.run(() -> lmdb.closeCursor(cursor));
  }

  private boolean write(WriteOp op) {
    begin();
    return onWriter(() -> lmdb.write(op));
  }
}
