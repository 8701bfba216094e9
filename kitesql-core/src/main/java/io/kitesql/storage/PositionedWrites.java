package io.kitesql.storage;

import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbCursor;
import io.kitesql.storage.lmdb.Ptr;
import java.util.Arrays;
import java.util.EnumMap;

/**
 * The LMDB cursors a write transaction's puts and deletes go through: one per keyspace, opened at
 * the first write and kept until the LMDB transaction ends (the owner {@link #close closes} them
 * before every commit, abort or replay). On the writer thread.
 *
 * <p>Why a kept cursor rather than {@code mdb_put}/{@code mdb_del}: those descend the B-tree from
 * the root for every key, while a positioned cursor first looks at the leaf page it stands on
 * ({@code mdb_cursor_set}), so keys written in ascending order (a bulk statement's row keys, its
 * sorted index entries) mostly skip the descent. A random LMDB lookup costs about 220 ns, of which
 * the call itself is about 20 (design-measurements.md section 3): the descent dominates.
 *
 * <p>A new key past the last key of its keyspace is written with {@code MDB_APPEND}: no search at
 * all, and a full page is split by starting a new page rather than halving it. The last key is read
 * once per transaction and keyspace and then tracked from the writes; when it is stale (an undo put
 * back a larger key through {@code mdb_put}) LMDB refuses the append with {@code MDB_KEYEXIST} and
 * the key is written by an ordinary put, so a wrong guess costs time, never correctness.
 */
final class PositionedWrites {
  private static final byte[] NO_KEY = new byte[0];

  private final WriteSide side;
  private final EnumMap<Keyspace, LmdbCursor> cursors = new EnumMap<>(Keyspace.class);

  /** Per keyspace, its largest key as far as known ({@link #NO_KEY}: empty); absent: unknown. */
  private final EnumMap<Keyspace, byte[]> lastKeys = new EnumMap<>(Keyspace.class);

  private long txn;
  private long appends;

  PositionedWrites(WriteSide side) {
    this.side = side;
  }

  /**
   * Reserves {@code size} bytes for {@code key} if it is absent ({@code MDB_NOOVERWRITE}); returns
   * where to write them (copy the address out at once), or null if the key is present.
   */
  Ptr reserveNew(long txn, Keyspace keyspace, byte[] key, int size) {
    var cursor = cursor(txn, keyspace);
    if (Arrays.compareUnsigned(key, lastKey(keyspace, cursor)) > 0) {
      side.key(key, key.length);
      var target = cursor.reserve(size, Lmdb.APPEND);
      if (target != null) {
        lastKeys.put(keyspace, key);
        appends++;
        return target;
      }
      lastKeys.remove(
          keyspace); // MDB_KEYEXIST: a larger key is there after all; read it again next time
    }
    side.key(key, key.length);
    var target = cursor.reserve(size, Lmdb.NOOVERWRITE);
    if (target != null) {
      wrote(keyspace, key);
    }
    return target;
  }

  /** Reserves {@code size} bytes for {@code key}, replacing its value if present. */
  Ptr reserve(long txn, Keyspace keyspace, byte[] key, int size) {
    var cursor = cursor(txn, keyspace);
    side.key(key, key.length);
    var target = cursor.reserve(size, 0);
    wrote(keyspace, key);
    return target;
  }

  /**
   * Moves the keyspace's cursor onto {@code key}; returns its value (copy it out at once), or null
   * if absent.
   */
  Ptr find(long txn, Keyspace keyspace, byte[] key) {
    var cursor = cursor(txn, keyspace);
    side.key(key, key.length);
    return cursor.move(Lmdb.SET_KEY) ? cursor.value() : null;
  }

  /** Deletes the entry the keyspace's cursor stands on (after a {@link #find} that found it). */
  void deleteFound(Keyspace keyspace) {
    cursors.get(keyspace).delete();
  }

  /** How many keys went in with {@code MDB_APPEND} (tests look at it). */
  long appends() {
    return appends;
  }

  /**
   * Closes the cursors; call before the LMDB transaction ends (LMDB frees a write transaction's
   * cursors with it).
   */
  void close() {
    try {
      for (var cursor : cursors.values()) {
        cursor.close();
      }
    } finally {
      forget();
    }
  }

  /**
   * Drops the cursors without closing them: their transaction is being aborted, which frees them.
   */
  void forget() {
    cursors.clear();
    lastKeys.clear();
    txn = 0;
  }

  private LmdbCursor cursor(long txn, Keyspace keyspace) {
    if (txn != this.txn) {
      if (!cursors.isEmpty()) {
        throw new IllegalStateException(
            "positioned cursors of an ended transaction were not closed");
      }
      this.txn = txn;
    }
    var cursor = cursors.get(keyspace);
    if (cursor == null) {
      cursor = LmdbCursor.open(txn, side.dbi(keyspace), side.writerKey());
      cursors.put(keyspace, cursor);
    }
    return cursor;
  }

  private byte[] lastKey(Keyspace keyspace, LmdbCursor cursor) {
    var last = lastKeys.get(keyspace);
    if (last == null) {
      last = cursor.last() ? WriteApplier.bytes(cursor.key()) : NO_KEY;
      lastKeys.put(keyspace, last);
    }
    return last;
  }

  /** Keeps the known last key when {@code key} went in past it by an ordinary put. */
  private void wrote(Keyspace keyspace, byte[] key) {
    var last = lastKeys.get(keyspace);
    if (last != null && Arrays.compareUnsigned(key, last) > 0) {
      lastKeys.put(keyspace, key);
    }
  }
}
