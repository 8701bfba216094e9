package io.kitesql.storage;

import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;

/**
 * Applies a {@link WriteOp} to an LMDB write transaction and, inside an atomic block, records in
 * the {@link UndoLog} what it replaces; restores undo entries. On the writer thread.
 */
final class WriteApplier {
  private WriteApplier() {}

  /**
   * Applies {@code op} through the transaction's positioned cursors {@code at}; records what it
   * overwrites or deletes in {@code undo} unless that is null.
   *
   * @throws LmdbException.MapFull as is, for the caller's grow-and-replay
   */
  static boolean apply(WriteSide side, long txn, PositionedWrites at, WriteOp op, UndoLog undo) {
    try {
      return switch (op) {
        case WriteOp.Put p -> put(at, txn, p, undo);
        case WriteOp.Delete d -> delete(side, at, txn, d, undo);
        case WriteOp.DeletePrefix d -> deletePrefix(side, txn, d, undo);
      };
    } catch (LmdbException.MapFull e) {
      throw e;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, op.getClass().getSimpleName().toLowerCase(), side.directory());
    }
  }

  /**
   * Applies {@code op} through cursors of its own, closed again (a group commit's rare replay after
   * growing the map; a transaction's writes go through its kept {@link PositionedWrites}).
   */
  static boolean apply(WriteSide side, long txn, WriteOp op, UndoLog undo) {
    var at = new PositionedWrites(side);
    try {
      return apply(side, txn, at, op, undo);
    } finally {
      at.close();
    }
  }

  /** Puts back what {@code entry} says the key held before (deletes it if it held nothing). */
  static void restore(WriteSide side, long txn, UndoLog.Entry entry) {
    int dbi = side.dbi(entry.keyspace());
    var key = side.key(entry.key(), entry.key().length);
    if (entry.previous() == null) {
      LmdbTxn.delete(txn, dbi, key);
    } else {
      var target = LmdbTxn.reserve(txn, dbi, key, entry.previous().length);
      MemorySegment.copy(
          entry.previous(), 0, MapMemory.ALL, Memory.BYTE, target.address, entry.previous().length);
    }
  }

  private static boolean put(PositionedWrites at, long txn, WriteOp.Put p, UndoLog undo) {
    int size = p.value().length;
    if (p.onlyIfAbsent()) {
      var target = at.reserveNew(txn, p.keyspace(), p.key(), size);
      if (target == null) {
        return false;
      }
      MemorySegment.copy(p.value(), 0, MapMemory.ALL, Memory.BYTE, target.address, size);
      if (undo != null) {
        undo.record(p.keyspace(), p.key(), null); // it was absent: undone by a delete
      }
      return true;
    }
    if (undo != null) {
      undo.record(p.keyspace(), p.key(), bytes(at.find(txn, p.keyspace(), p.key())));
    }
    var target = at.reserve(txn, p.keyspace(), p.key(), size);
    MemorySegment.copy(p.value(), 0, MapMemory.ALL, Memory.BYTE, target.address, size);
    return true;
  }

  /**
   * A delete whose previous value is needed (for undo) finds the key with the positioned cursor and
   * deletes there: one search instead of a lookup and a delete that both descend. One whose
   * previous value the caller knows, or that records none, is one {@code mdb_del}: a cursor would
   * take two calls, which cost more than the descent saved (measured, docs/storage.md), unless the
   * keys come in ascending order ({@code inOrder}): the cursor then finds most on the leaf page it
   * stands on.
   */
  private static boolean delete(
      WriteSide side, PositionedWrites at, long txn, WriteOp.Delete d, UndoLog undo) {
    if (!d.inOrder() && (undo == null || d.previous() != null)) {
      boolean deleted =
          LmdbTxn.delete(txn, side.dbi(d.keyspace()), side.key(d.key(), d.key().length));
      if (deleted && undo != null) {
        undo.record(d.keyspace(), d.key(), d.previous());
      }
      return deleted;
    }
    var previous = at.find(txn, d.keyspace(), d.key());
    if (previous == null) {
      return false;
    }
    if (undo != null) {
      undo.record(d.keyspace(), d.key(), d.previous() != null ? d.previous() : bytes(previous));
    }
    at.deleteFound(d.keyspace());
    return true;
  }

  private static boolean deletePrefix(
      WriteSide side, long txn, WriteOp.DeletePrefix d, UndoLog undo) {
    boolean any = false;
    try (var cursor = LmdbCursor.open(txn, side.dbi(d.keyspace()), side.writerKey())) {
      var prefix = d.prefix();
      side.key(prefix, prefix.length);
      boolean found = cursor.move(Lmdb.SET_RANGE);
      while (found && startsWith(cursor.key(), prefix)) {
        if (undo != null) {
          undo.record(d.keyspace(), bytes(cursor.key()), bytes(cursor.value()));
        }
        cursor.delete();
        any = true;
        side.key(prefix, prefix.length);
        found = cursor.move(Lmdb.SET_RANGE);
      }
    }
    return any;
  }

  /**
   * A heap copy of the bytes {@code ptr} points at; null for null (not counted as a copy for the
   * caller).
   */
  static byte[] bytes(Ptr ptr) {
    if (ptr == null) {
      return null;
    }
    var copy = new byte[Math.toIntExact(ptr.size)];
    MemorySegment.copy(MapMemory.ALL, Memory.BYTE, ptr.address, copy, 0, copy.length);
    return copy;
  }

  private static boolean startsWith(Ptr key, byte[] prefix) {
    if (key.size < prefix.length) {
      return false;
    }
    var p = MemorySegment.ofArray(prefix);
    return MemorySegment.mismatch(
            MapMemory.ALL, key.address, key.address + prefix.length, p, 0, prefix.length)
        < 0;
  }
}
