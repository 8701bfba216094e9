package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.options.EngineSwitches;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.LmdbTxn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit: concurrent write transactions share one LMDB commit (and, with {@link
 * Durability#SYNC}, one fsync).
 *
 * <p>A write transaction that commits while another caller waits for the write lock does not commit
 * its LMDB transaction: that transaction stays open as the <em>batch</em>, the caller releases the
 * Java write lock and waits ({@link Member#await}). The next callers' transactions are LMDB nested
 * transactions inside the batch: a rollback or failure undoes only their own work, and their commit
 * merges into the batch. The batch is committed by the member whose commit finds nobody waiting for
 * the lock (a lone caller therefore commits at once, as without batching: its transaction is the
 * LMDB root, no nested level, no allocation; only right after a shared commit does the next caller
 * give the others {@link #SIBLING_WAIT_NANOS} to reach the lock), or a bound is reached, or before
 * anything that needs no write transaction open (map growth, close); the waiting members return
 * only then, all with its outcome. So a caller returns only after the LMDB commit holding its work
 * (readers begun afterwards see it), and a failed batch commit fails every member, none of which
 * has returned yet. Members see the work of earlier members of their batch; those cannot be undone
 * any more except by the failure of the whole batch, which fails the later members too.
 *
 * <p>All state is the writer thread's, except {@link #pending} (read by threads releasing the write
 * lock) and the waiting in {@link Member}.
 */
final class GroupCommit {
  /** Members per batch: a member waits for the transactions of the members after it. */
  static final int MAX_MEMBERS = 256;

  /** Replay log bytes per batch: what a map growth during the batch commit would replay. */
  static final long MAX_LOG_BYTES = 16L << 20;

  /** A batch older than this is committed at the next begin or commit. */
  static final long DEFAULT_MAX_AGE_NANOS = 50_000_000L;

  /**
   * How long a caller that opened a batch while the last one was shared, with nobody queued yet,
   * lets the other writers (just woken by that batch's commit) reach the lock before it commits the
   * batch itself.
   */
  static final long SIBLING_WAIT_NANOS = 200_000L;

  private final WriteSide side;
  private final ReentrantLock writeLock;

  /**
   * Off under {@link StorageOptions#writeMap()}: LMDB refuses nested transactions with
   * MDB_WRITEMAP. {@link EngineSwitches#GROUP_COMMIT} turns it off for storages opened afterwards
   * (every transaction commits alone): a control for measurements.
   */
  private final boolean enabled;

  private final List<Member> members = new ArrayList<>();

  /** The open batch: an LMDB root transaction holding the members' work; null when none. */
  private long batch;

  private long openedAt;
  private long logBytes;
  private boolean replayable;
  private long maxAgeNanos = DEFAULT_MAX_AGE_NANOS;

  /** Whether a batch is open; read without the lock by threads that just released it. */
  private volatile boolean pending;

  /**
   * Whether the last LMDB commit was shared: concurrent writers are about, probably just woken by
   * it.
   */
  private boolean lastShared;

  /** Counters, written on the writer thread only. */
  private long transactions;

  private long lmdbCommits;

  /** The LMDB side of the last write transaction begun (one at a time). */
  private LmdbWrite lastBegun;

  GroupCommit(WriteSide side, ReentrantLock writeLock) {
    this.side = side;
    this.writeLock = writeLock;
    this.enabled = EngineSwitches.groupCommit() && !side.options().writeMap();
  }

  /** A caller whose work is in the open batch, waiting for its LMDB commit. */
  static final class Member {
    private final List<WriteOp> log;
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile RuntimeException failure;

    private Member(List<WriteOp> log) {
      this.log = log;
    }

    /**
     * Waits (uninterruptibly; an interrupt is restored) until the batch committed; throws if it
     * failed.
     */
    void await() {
      boolean interrupted = false;
      while (true) {
        try {
          done.await();
          break;
        } catch (InterruptedException _) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      if (failure != null) {
        throw failure;
      }
    }

    private void complete(RuntimeException failed) {
      failure = failed;
      done.countDown();
    }
  }

  /**
   * Begins {@code write}'s LMDB transaction: nested in the open batch, or the root when there is
   * none (the batch is committed first when it is older than the age bound). On the writer thread.
   */
  long begin(LmdbWrite write) {
    if (batch != 0 && System.nanoTime() - openedAt > maxAgeNanos) {
      flush();
    }
    long txn = batch != 0 ? beginNested(batch) : beginRoot();
    lastBegun = write;
    return txn;
  }

  /**
   * Whether the last write transaction begun still has its LMDB transaction open; on the writer
   * thread.
   */
  boolean writeOpen() {
    return lastBegun != null && lastBegun.isOpen();
  }

  /**
   * Begins a root LMDB write transaction, adopting the size another process gave the map first if
   * LMDB asks for it; on the writer thread.
   */
  long beginRoot() {
    var growth = side.growth();
    growth.requireAllocated();
    try {
      try {
        return side.env().beginWrite(side.writerKey());
      } catch (LmdbException.MapResized e) {
        growth.adoptForeignSize(this);
        growth.requireAllocated();
        return side.env().beginWrite(side.writerKey());
      }
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "begin write transaction");
    }
  }

  /** Begins a transaction nested inside {@code parent}; on the writer thread. */
  private long beginNested(long parent) {
    try {
      return side.env().beginNested(parent, side.writerKey());
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "begin nested write transaction");
    }
  }

  /**
   * Whether a transaction may begin on its caller's thread now ({@link WriteEntry#leaseWriter}): no
   * batch is open (its root belongs to another thread) and, unless commits skip the fsync, this one
   * is unlikely to be wanted as a batch (nobody waits for the lock, the last commit was not
   * shared), since a transaction begun on its caller's thread commits alone. On the writer thread
   * (or its lessee).
   */
  boolean allowsCallerThread(boolean noSync) {
    return batch == 0 && (noSync || !enabled || (!lastShared && !writeLock.hasQueuedThreads()));
  }

  /** Whether a batch is open: a transaction begun now is nested in it. On the writer thread. */
  boolean isOpen() {
    return batch != 0;
  }

  /**
   * Whether a root transaction committing now should become a batch rather than commit: its log can
   * be replayed, and someone waits for the write lock, or the last commit was shared (its members,
   * just woken, are likely on their way to the lock: see {@link #afterUnlock}). Without the second,
   * the first writer after a shared commit committed alone nearly every time, and under SYNC every
   * other fsync served one transaction. On the writer thread.
   */
  boolean shouldDefer(boolean logComplete) {
    return enabled && logComplete && (lastShared || writeLock.hasQueuedThreads());
  }

  /**
   * Opens a batch with {@code root}, the committing first member's transaction; it waits on the
   * result.
   */
  Member open(long root, List<WriteOp> log) {
    batch = root;
    openedAt = System.nanoTime();
    replayable = true;
    logBytes = 0;
    pending = true;
    return add(log);
  }

  /**
   * Takes a member whose nested transaction was just committed into the batch. Commits the batch
   * now if nobody waits for the lock, a bound is reached or the member cannot wait ({@code mayWait}
   * false: it runs on the writer thread); returns the member to wait on, or null when the batch
   * committed here. Throws what the batch commit threw (every other member fails with it).
   */
  Member join(List<WriteOp> log, boolean logComplete, boolean mayWait) {
    var member = add(log);
    replayable &= logComplete;
    if (mayWait
        && replayable
        && writeLock.hasQueuedThreads()
        && members.size() < MAX_MEMBERS
        && logBytes < MAX_LOG_BYTES
        && System.nanoTime() - openedAt <= maxAgeNanos) {
      return member;
    }
    commitBatch();
    if (member.failure != null) {
      throw member.failure;
    }
    return null;
  }

  private Member add(List<WriteOp> log) {
    var member = new Member(log);
    members.add(member);
    for (var op : log) {
      logBytes += op.bytes();
    }
    return member;
  }

  /** Counts a transaction committed alone (its own LMDB commit). On the writer thread. */
  void committedAlone() {
    transactions++;
    lmdbCommits++;
    lastShared = false;
  }

  /** Write transactions committed; on the writer thread. */
  long transactions() {
    return transactions;
  }

  /** LMDB write transactions committed (a batch counts once); on the writer thread. */
  long lmdbCommits() {
    return lmdbCommits;
  }

  /** For tests: the age bound of a batch. On the writer thread. */
  void maxAge(long nanos) {
    maxAgeNanos = nanos;
  }

  /**
   * Commits the open batch, if any, before something that needs no write transaction open (map
   * growth, close). A failure goes to the members (they wait for it), not to the caller, whose own
   * work is not in the batch. On the writer thread, with no member's nested transaction open.
   */
  void flush() {
    if (batch != 0) {
      try {
        commitBatch();
      } catch (RuntimeException _) {
        // Every member got the failure.
      }
    }
  }

  /**
   * After a thread released the write lock: if a batch is open and nobody holds or waits for the
   * lock (a queued caller gave up, say), take the lock and commit the batch, so its members never
   * wait for a caller that will not come.
   */
  void afterUnlock(WriterThread writer) {
    long waitUntil = System.nanoTime() + SIBLING_WAIT_NANOS;
    while (pending && !writeLock.isLocked() && !writeLock.hasQueuedThreads()) {
      if (System.nanoTime() < waitUntil) {
        Thread.yield(); // let the other writers reach the lock: the first of them joins the batch
        continue;
      }
      if (!writeLock.tryLock()) {
        return; // whoever took it releases it again and checks then
      }
      try {
        if (!side.isClosed()) {
          writer.run(this::flush);
        }
      } finally {
        writeLock.unlock();
      }
    }
  }

  /**
   * Commits the batch, growing the map and replaying the members' logs on MAP_FULL; completes every
   * member.
   */
  private void commitBatch() {
    RuntimeException failed = null;
    try {
      commitGrowing();
    } catch (KiteSqlException e) {
      failed = e;
    } catch (RuntimeException | Error e) {
      failed =
          new KiteSqlException(
              ErrorCode.STORAGE_FAILURE, "the commit of a write group failed: " + e, e);
    } finally {
      LmdbTxn.abort(batch);
      batch = 0;
      pending = false;
      int n = members.size();
      if (failed == null) {
        transactions += n;
        lmdbCommits++;
      }
      lastShared = n > 1;
      for (var m : members) {
        m.complete(failed == null ? null : failedMember(failed, n));
      }
      members.clear();
    }
    if (failed != null) {
      throw failed;
    }
  }

  private void commitGrowing() {
    while (true) {
      long committing = batch;
      batch = 0; // mdb_txn_commit frees the transaction, failed or not
      try {
        LmdbTxn.commit(committing);
        return;
      } catch (LmdbException.MapFull _) {
        regrowAndReplay();
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, "commit", side.directory());
      }
    }
  }

  /** Grows the map and rebuilds the batch from the members' logs, until it fits. */
  private void regrowAndReplay() {
    if (!replayable) {
      side.growth().growQuietly(this);
      throw new KiteSqlException(
          ErrorCode.MAP_FULL,
          "the LMDB map is full and a transaction of this write group is too"
              + " large to replay after growing it; the transaction was rolled back, the caller must retry it");
    }
    while (true) {
      side.growth().grow(this);
      batch = beginRoot();
      try {
        for (var m : members) {
          for (var op : m.log) {
            WriteApplier.apply(side, batch, op, null);
          }
        }
        return;
      } catch (LmdbException.MapFull _) {
        LmdbTxn.abort(batch);
        batch = 0;
      }
    }
  }

  private static KiteSqlException failedMember(RuntimeException failed, int members) {
    var code = failed instanceof KiteSqlException k ? k.errorCode() : ErrorCode.STORAGE_FAILURE;
    return new KiteSqlException(
        code,
        "the commit shared by " + members + " write transaction(s) failed: " + failed.getMessage(),
        failed);
  }
}
