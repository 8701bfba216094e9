package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The LMDB side of one {@link WriteTransaction}: its LMDB transaction, its cursors, the write log
 * that replays it after a map growth, and the atomic blocks with their {@link UndoLog}. Every
 * method runs on the writer thread; {@link WriteTransaction} does the hand-offs, the owner checks
 * and the transaction's states.
 *
 * <p>When it has to give the whole transaction up (a block too large to undo, a map that cannot
 * grow), it rolls the LMDB transaction back and reports the reason to {@code failed}.
 */
final class LmdbWrite {
  private final WriteSide side;
  private final GroupCommit group;

  /** Told why the whole transaction was rolled back; the transaction is then failed. */
  private final Consumer<String> failed;

  private final List<WriteCursor> cursors = new ArrayList<>();
  private final List<WriteOp> log = new ArrayList<>();

  /**
   * For each open block, innermost first: the log size, cursor count and undo size when it began.
   */
  private final ArrayDeque<int[]> marks = new ArrayDeque<>();

  /**
   * What the open blocks replaced, to undo a failed one in place (no LMDB nested transaction: see
   * UndoLog).
   */
  private final UndoLog undo;

  /**
   * The cursors puts and deletes go through, kept positioned between writes; closed with {@link
   * #cursors}.
   */
  private final PositionedWrites positioned;

  /** Counters moved by this transaction, stored at commit. */
  private final Counters counters = new Counters();

  /** The LMDB transaction ({@code MDB_txn *}); 0 when none is open. */
  private long txn;

  /** Whether {@link #txn} is nested in a {@link GroupCommit} batch rather than the LMDB root. */
  private boolean nested;

  private long logBytes;
  private boolean logComplete = true;
  private long copied;

  LmdbWrite(WriteSide side, GroupCommit group, Consumer<String> failed) {
    this.side = side;
    this.group = group;
    this.failed = failed;
    this.undo = new UndoLog(side.options().replayLimitBytes());
    this.positioned = new PositionedWrites(side);
  }

  /** Begins the LMDB transaction, nested in the open group-commit batch if there is one. */
  void begin() {
    txn = group.begin(this);
    nested = group.isOpen();
  }

  /** Whether an LMDB transaction is open (begun and neither committed nor aborted). */
  boolean isOpen() {
    return txn != 0;
  }

  Optional<Slice> get(Keyspace keyspace, byte[] key, int length) {
    if (!counters.isEmpty() && length == key.length) {
      var pending = counters.value(keyspace, key);
      if (pending.isPresent()) {
        return Optional.of(copy(pending.getAsLong()));
      }
    }
    return get(keyspace, side.key(key, length));
  }

  private Optional<Slice> get(Keyspace keyspace, KeyBuffer key) {
    try {
      var found = LmdbTxn.get(txn, side.dbi(keyspace), key);
      return found == null ? Optional.empty() : Optional.of(copy(found));
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "get");
    }
  }

  /**
   * Adds {@code delta} to the 8-byte big-endian counter under {@code key}, in memory until the
   * commit; false (nothing changed) if no counter is stored there. Keeps {@code key}.
   */
  boolean addToCounter(Keyspace keyspace, byte[] key, long delta) {
    var pending = counters.value(keyspace, key);
    long value;
    if (pending.isPresent()) {
      value = pending.getAsLong();
    } else {
      var found = get(keyspace, side.key(key, key.length));
      if (found.isEmpty()) {
        return false;
      }
      var slice = found.get();
      copied -= slice.length(); // read for the engine, not the caller (KvTransaction.getLong)
      value = slice.base().get(Memory.LONG_BE, slice.offset());
    }
    counters.set(keyspace, key, value + delta, !marks.isEmpty());
    return true;
  }

  /** Applies {@code op} (growing the map if it must) and logs it for a replay. */
  boolean write(WriteOp op) {
    if (!counters.isEmpty()) {
      forgetCounter(op);
    }
    boolean result = applyGrowingMap(op);
    remember(op);
    return result;
  }

  WriteCursor openCursor(WriteTransaction owner, Keyspace keyspace) {
    try {
      var cursor =
          new WriteCursor(owner, LmdbCursor.open(txn, side.dbi(keyspace), side.writerKey()));
      cursors.add(cursor);
      return cursor;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "open cursor");
    }
  }

  void closeCursor(WriteCursor cursor) {
    cursor.closeNative();
    cursors.remove(cursor);
  }

  /** A pending counter's value as a stored one reads. */
  private Slice copy(long counter) {
    var bytes = ByteBuffer.allocate(8).putLong(counter).array();
    copied += bytes.length;
    return new Slice(MemorySegment.ofArray(bytes), 0, bytes.length);
  }

  /** A write of a pending counter's key replaces its pending value. */
  private void forgetCounter(WriteOp op) {
    switch (op) {
      case WriteOp.Put p -> counters.forget(p.keyspace(), p.key(), !marks.isEmpty());
      case WriteOp.Delete d -> counters.forget(d.keyspace(), d.key(), !marks.isEmpty());
      case WriteOp.DeletePrefix d ->
          counters.forgetPrefix(d.keyspace(), d.prefix(), !marks.isEmpty());
    }
  }

  /** A heap copy of the bytes {@code ptr} points at, counted. */
  Slice copy(Ptr ptr) {
    copied += ptr.size;
    return Slice.copyOf(ptr);
  }

  long copied() {
    return copied;
  }

  /**
   * Forgets the copies counted since {@code mark} (reads the engine made for itself, not for the
   * caller).
   */
  void uncountCopiesSince(long mark) {
    copied = mark;
  }

  void beginBlock() {
    marks.push(new int[] {log.size(), cursors.size(), undo.size(), counters.undoSize()});
  }

  /**
   * Ends the innermost block: kept, or undone when {@code commit} is false. Returns false when
   * undoing it failed the whole transaction (reported to {@code failed}).
   */
  boolean endBlock(boolean commit) {
    var mark = marks.peek();
    while (cursors.size() > mark[1]) {
      cursors.removeLast().closeNative();
    }
    if (!commit) {
      counters.undoTo(mark[3]);
      if (!undoBlock(mark)) {
        return false;
      }
    }
    marks.pop();
    if (marks.isEmpty()) {
      undo.clear(); // what the outermost block did stays; nothing left to undo
      counters.clearUndo();
    }
    return true;
  }

  /**
   * Undoes the innermost block's writes inside the LMDB transaction; if the undo log overflowed,
   * replays the writes before the block on a fresh one; if neither works, fails the transaction
   * (rolled back as a whole: still no partial effects) without throwing over the block's own
   * failure. Returns whether the transaction goes on.
   */
  private boolean undoBlock(int[] mark) {
    try {
      if (!undo.overflowed()) {
        for (var entry : undo.takeFrom(mark[2])) {
          WriteApplier.restore(side, txn, entry);
        }
        if (logComplete) {
          log.subList(mark[0], log.size()).clear();
        }
        return true;
      }
      if (logComplete) {
        log.subList(mark[0], log.size()).clear();
        abort();
        replay();
        return true;
      }
      failWhole("a failed statement was too large to undo");
    } catch (LmdbException | KiteSqlException e) {
      failWhole("undoing a failed statement failed (" + e.getMessage() + ")");
    }
    return false;
  }

  private void failWhole(String reason) {
    abort();
    marks.clear();
    undo.clear();
    failed.accept(reason + "; the whole transaction was rolled back");
  }

  /**
   * Commits: alone (a root transaction nobody waits behind), by opening a group-commit batch (a
   * root transaction while others wait for the lock), or into the open batch (a nested one).
   * Returns the batch membership to wait on, or null when the commit is done.
   */
  GroupCommit.Member commit(boolean mayWait) {
    if (!marks.isEmpty()) {
      throw new IllegalStateException("cannot commit inside an atomically(...) block");
    }
    for (var put : counters.drain()) {
      write(put); // logged like any write: a map growth or a group commit's replay stores it too
    }
    while (true) {
      closeCursors();
      try {
        if (!nested && mayWait && group.shouldDefer(logComplete)) {
          var member = group.open(txn, log);
          txn = 0;
          return member;
        }
        long committing = txn;
        txn = 0; // mdb_txn_commit frees the transaction, failed or not
        LmdbTxn.commit(committing);
        if (!nested) {
          group.committedAlone();
          return null;
        }
        return group.join(log, logComplete, mayWait);
      } catch (LmdbException.MapFull _) {
        recoverFromMapFull();
      } catch (LmdbException e) {
        throw LmdbErrors.translate(e, "commit", side.directory());
      }
    }
  }

  /** Aborts the LMDB transaction, if one is open, and closes its cursors. */
  void abort() {
    closeCursorsQuietly();
    long aborting = txn;
    txn = 0;
    LmdbTxn.abort(aborting);
  }

  private void remember(WriteOp op) {
    if (!logComplete) {
      return;
    }
    logBytes += op.bytes();
    if (logBytes > side.options().replayLimitBytes()) {
      log.clear();
      logComplete = false;
    } else {
      log.add(op);
    }
  }

  /**
   * Applies {@code op}; on MDB_MAP_FULL grows the map, replays what came before and tries again.
   */
  private boolean applyGrowingMap(WriteOp op) {
    while (true) {
      try {
        return WriteApplier.apply(side, txn, positioned, op, marks.isEmpty() ? null : undo);
      } catch (LmdbException.MapFull _) {
        recoverFromMapFull();
      }
    }
  }

  /**
   * Rolls the LMDB transaction back, grows the map and replays the log on a fresh transaction.
   * Fails with MAP_FULL (the transaction stays rolled back) when the log is incomplete, cursors are
   * open, or the map cannot grow now.
   */
  private void recoverFromMapFull() {
    boolean hadCursors = !cursors.isEmpty();
    abort();
    if (!logComplete || hadCursors) {
      var e =
          new KiteSqlException(
              ErrorCode.MAP_FULL,
              "the LMDB map is full and this transaction is too large "
                  + "(or had cursors open) to replay after growing it; the transaction was rolled back, the caller must retry it");
      failed.accept(e.getMessage());
      side.growth().growQuietly(group);
      throw e;
    }
    try {
      side.growth().grow(group);
    } catch (KiteSqlException e) {
      failed.accept(e.getMessage());
      throw e;
    }
    replay();
  }

  /**
   * Rebuilds the LMDB transaction from the log after a rollback. Open blocks stay open: their undo
   * entries still hold, since the same writes lead to the same state.
   */
  private void replay() {
    begin(); // the map growth before committed any open batch: this is a root again
    for (var op : log) {
      WriteApplier.apply(
          side, txn, positioned, op, null); // MAP_FULL again here goes back to the caller's loop.
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
