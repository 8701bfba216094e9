package io.kitesql.storage;

import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.LmdbException;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/**
 * Applies a {@link WriteOp} to an LMDB write transaction and, inside an atomic block, records in
 * the {@link UndoLog} what it replaces; restores undo entries. On the writer thread.
 */
final class WriteApplier {
  private WriteApplier() {}

  /**
   * Applies {@code op}; records what it overwrites or deletes in {@code undo} unless that is null.
   *
   * @throws Env.MapFullException as is, for the caller's grow-and-replay
   */
  static boolean apply(Storage storage, Txn<Ptr> txn, WriteOp op, UndoLog undo) {
    try {
      return switch (op) {
        case WriteOp.Put p -> put(storage, txn, p, undo);
        case WriteOp.Delete d -> delete(storage, txn, d, undo);
        case WriteOp.DeletePrefix d -> deletePrefix(storage, txn, d, undo);
      };
    } catch (Env.MapFullException e) {
      throw e;
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, op.getClass().getSimpleName().toLowerCase(), storage.directory());
    }
  }

  /** Puts back what {@code entry} says the key held before (deletes it if it held nothing). */
  static void restore(Storage storage, Txn<Ptr> txn, UndoLog.Entry entry) {
    var dbi = storage.dbi(entry.keyspace());
    var key = storage.writerKey(entry.key(), entry.key().length);
    if (entry.previous() == null) {
      dbi.delete(txn, key);
    } else {
      var target = dbi.reserve(txn, key, entry.previous().length);
      MemorySegment.copy(entry.previous(), 0, Memory.ALL, Memory.BYTE, target.address, entry.previous().length);
    }
  }

  private static boolean put(Storage storage, Txn<Ptr> txn, WriteOp.Put p, UndoLog undo) {
    Dbi<Ptr> dbi = storage.dbi(p.keyspace());
    var key = storage.writerKey(p.key(), p.key().length);
    try {
      if (p.onlyIfAbsent()) {
        var target = dbi.reserve(txn, key, p.value().length, PutFlags.MDB_NOOVERWRITE);
        MemorySegment.copy(p.value(), 0, Memory.ALL, Memory.BYTE, target.address, p.value().length);
        if (undo != null) {
          undo.record(p.keyspace(), p.key(), null); // it was absent: undone by a delete
        }
        return true;
      }
      if (undo != null) {
        undo.record(p.keyspace(), p.key(), bytes(dbi.get(txn, key)));
      }
      var target = dbi.reserve(txn, key, p.value().length);
      MemorySegment.copy(p.value(), 0, Memory.ALL, Memory.BYTE, target.address, p.value().length);
      return true;
    } catch (Dbi.KeyExistsException _) {
      return false;
    }
  }

  private static boolean delete(Storage storage, Txn<Ptr> txn, WriteOp.Delete d, UndoLog undo) {
    var dbi = storage.dbi(d.keyspace());
    var key = storage.writerKey(d.key(), d.key().length);
    if (undo != null && d.previous() == null) {
      var previous = dbi.get(txn, key);
      if (previous == null) {
        return false;
      }
      undo.record(d.keyspace(), d.key(), bytes(previous));
    }
    boolean deleted = dbi.delete(txn, key);
    if (deleted && undo != null && d.previous() != null) {
      undo.record(d.keyspace(), d.key(), d.previous()); // what the caller knows it held: no lookup
    }
    return deleted;
  }

  private static boolean deletePrefix(Storage storage, Txn<Ptr> txn, WriteOp.DeletePrefix d, UndoLog undo) {
    boolean any = false;
    try (var cursor = storage.dbi(d.keyspace()).openCursor(txn)) {
      var prefix = d.prefix();
      boolean found = cursor.get(storage.writerKey(prefix, prefix.length), GetOp.MDB_SET_RANGE);
      while (found && startsWith(cursor.key(), prefix)) {
        if (undo != null) {
          undo.record(d.keyspace(), bytes(cursor.key()), bytes(cursor.val()));
        }
        cursor.delete();
        any = true;
        found = cursor.get(storage.writerKey(prefix, prefix.length), GetOp.MDB_SET_RANGE);
      }
    }
    return any;
  }

  /** A heap copy of the bytes {@code ptr} points at; null for null (not counted as a copy for the caller). */
  private static byte[] bytes(Ptr ptr) {
    if (ptr == null) {
      return null;
    }
    var copy = new byte[Math.toIntExact(ptr.size)];
    MemorySegment.copy(Memory.ALL, Memory.BYTE, ptr.address, copy, 0, copy.length);
    return copy;
  }

  private static boolean startsWith(Ptr key, byte[] prefix) {
    if (key.size < prefix.length) {
      return false;
    }
    var p = MemorySegment.ofArray(prefix);
    return MemorySegment.mismatch(Memory.ALL, key.address, key.address + prefix.length, p, 0, prefix.length) < 0;
  }
}
