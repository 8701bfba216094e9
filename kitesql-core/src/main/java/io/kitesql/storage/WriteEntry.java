package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.files.OtherProcesses;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How write transactions of a {@link Storage} begin: the fair write lock callers take (parks, never
 * pins a carrier), then the LMDB begin on the writer thread, waited for at most until {@code
 * writerWait} ran out (LMDB's writer mutex is shared with other processes, and {@code
 * mdb_txn_begin} waits for it without a timeout).
 *
 * <p>Three ways in, by how many hand-offs to the writer thread they cost: {@link #beginWrite}
 * begins at once (one hand-off); {@link #beginWriteLazily} begins with the transaction's first
 * statement, in that statement's hand-off ({@link WriteTransaction#onWriterThread}); {@link #write}
 * runs begin, work and commit as one.
 *
 * <p>It owns the write lock and the storage's {@link GroupCommit}, which watches who waits for that
 * lock, and hands both, with the {@link WriteSide}, to each transaction.
 */
final class WriteEntry {
  private final WriteSide side;
  private final WriterThread writer;
  private final ReentrantLock writeLock = new ReentrantLock(true);

  /** Shares LMDB commits between concurrent write transactions; the writer thread's. */
  private final GroupCommit group;

  /**
   * Whether transactions may run on their callers' threads ({@link
   * EngineSwitches#WRITER_CALLER_THREAD}, read when the database opens; a control for
   * measurements).
   */
  private volatile boolean callerThread;

  private final boolean noSync;

  WriteEntry(WriteSide side) {
    this.side = side;
    this.writer = side.writer();
    this.group = new GroupCommit(side, writeLock);
    this.callerThread = EngineSwitches.writerCallerThread();
    this.noSync = side.options().durability() == Durability.NO_SYNC;
  }

  WriteSide side() {
    return side;
  }

  GroupCommit group() {
    return group;
  }

  /** For tests: whether transactions may run on their callers' threads from now on. */
  void callerThread(boolean allowed) {
    callerThread = allowed;
  }

  /**
   * Takes the writer's role for the calling thread, which holds the write lock, so that it makes
   * its transaction's LMDB calls itself, with no hand-off; whether it did. Only a platform thread
   * (LMDB's writer mutex belongs to an OS thread, which a virtual thread may change), only while
   * the writer thread is idle, no group-commit batch is open ({@link
   * GroupCommit#allowsCallerThread}) and no other process has the environment open ({@link
   * OtherProcesses}): {@code mdb_txn_begin} waits for another process's writer without a timeout,
   * so only the writer thread can give up on it after {@code writerWait}. The caller must end the
   * LMDB transaction and then {@link WriterThread#endLease}.
   */
  boolean leaseWriter() {
    if (!callerThread || Thread.currentThread().isVirtual() || !writer.tryLease()) {
      return false;
    }
    if (group.allowsCallerThread(noSync) && side.otherProcesses().none()) {
      return true;
    }
    writer.endLease();
    return false;
  }

  /** Begins now; {@code atBegin} runs on the writer thread in the begin's hand-off. */
  WriteTransaction beginWrite(Consumer<? super WriteTransaction> atBegin) {
    long deadline = lockForWrite();
    try {
      var transaction = new WriteTransaction(this, deadline - System.nanoTime(), atBegin);
      transaction.begin();
      return transaction;
    } catch (RuntimeException | Error e) {
      unlock();
      throw e;
    }
  }

  /** Takes the write lock now; the LMDB transaction begins with the first storage call. */
  WriteTransaction beginWriteLazily(Consumer<? super WriteTransaction> atBegin) {
    long deadline = lockForWrite();
    return new WriteTransaction(this, deadline - System.nanoTime(), atBegin);
  }

  /**
   * Begin, {@code work} and commit (if {@code work} returns normally) as one task on the writer
   * thread.
   */
  <T> T write(Function<? super WriteTransaction, T> work) {
    long deadline = lockForWrite();
    var transaction =
        new WriteTransaction(
            this, deadline - System.nanoTime(), _ -> {}); // its close() releases the lock
    try (transaction) {
      return writer.callStartingWithin(
          () -> {
            transaction.beginOnWriter();
            return transaction;
          },
          deadline - System.nanoTime(),
          WriteTransaction::abortNative,
          txn -> {
            T result = work.apply(txn);
            if (txn.isOpen()) {
              txn.commit(); // on the writer thread: the commit costs no hand-off of its own
            }
            return result;
          },
          this::foreignWriterTimeout);
    }
  }

  /**
   * Checks that a write may begin and takes the write lock; returns the deadline for the LMDB begin
   * (the caller must release the lock if it then fails).
   */
  private long lockForWrite() {
    side.checkNotClosed();
    var options = side.options();
    if (options.isReadOnly()) {
      throw new KiteSqlException(
          ErrorCode.READ_ONLY_DATABASE,
          "database "
              + side.directory()
              + " is opened read-only (StorageOptions.readOnly()): writes are refused");
    }
    if (writeLock.isHeldByCurrentThread() || writer.isCurrent()) {
      throw new KiteSqlException(
          ErrorCode.NESTED_WRITE_TRANSACTION, "this thread already has a write transaction open");
    }
    long deadline = System.nanoTime() + options.writerWait().toNanos();
    lockWriter();
    try {
      side.checkNotClosed();
    } catch (RuntimeException e) {
      unlock();
      throw e;
    }
    return deadline;
  }

  /** Takes the write lock, waiting at most {@code writerWait}. */
  void lockWriter() {
    var wait = side.options().writerWait();
    boolean locked;
    try {
      locked = writeLock.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      group.afterUnlock(writer); // this caller will not come: the batch must not wait for it
      throw new KiteSqlException(
          ErrorCode.STATEMENT_CANCELLED,
          "cancelled: the thread was interrupted while waiting for the write lock",
          e);
    }
    if (!locked) {
      group.afterUnlock(writer);
      throw new KiteSqlException(
          ErrorCode.WRITE_LOCK_TIMEOUT,
          "another write transaction held the write lock for more than " + wait.toMillis() + " ms");
    }
  }

  /** Takes the write lock for a close, waiting at most {@code nanos}; whether it got it. */
  boolean tryLock(long nanos) throws InterruptedException {
    return writeLock.tryLock(nanos, TimeUnit.NANOSECONDS);
  }

  boolean isHeldByCurrentThread() {
    return writeLock.isHeldByCurrentThread();
  }

  /**
   * Releases the write lock; an open group-commit batch nobody else will commit is committed then.
   */
  void unlock() {
    writeLock.unlock();
    group.afterUnlock(writer);
  }

  /**
   * For tests: the age after which a group-commit batch is committed at the next begin or commit.
   */
  void groupCommitMaxAge(Duration age) {
    writer.run(() -> group.maxAge(age.toNanos()));
  }

  /** For tests: how many callers wait for the write lock. */
  int queuedWriters() {
    return writeLock.getQueueLength();
  }

  KiteSqlException foreignWriterTimeout() {
    return new KiteSqlException(
        ErrorCode.WRITE_LOCK_TIMEOUT,
        "the write lock of "
            + side.directory()
            + " stayed taken for more than "
            + side.options().writerWait().toMillis()
            + " ms (another process may hold a write transaction)");
  }
}
