package io.kitesql.storage;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The counters one write transaction moved ({@link WriteTransaction#addToCounter}), kept in memory
 * and written once, at commit: a one-row INSERT moves its table's row count, and a lookup plus a
 * put of the count per statement cost about a sixth of the statement.
 *
 * <p>Inside atomic blocks every change is recorded, so a failed block restores the counters it
 * moved. A write of a counter's key through the transaction (the count set outright, the key
 * deleted) makes the pending value void, as a later write replaces an earlier one. Used by the
 * writer's role only ({@link LmdbWrite}).
 */
final class Counters {
  private record Key(Keyspace keyspace, ByteBuffer bytes) {
    Key(Keyspace keyspace, byte[] key) {
      this(keyspace, ByteBuffer.wrap(key));
    }
  }

  /**
   * A counter's value before a change inside a block; {@code pending} false: it had none pending.
   */
  private record Undo(Key key, boolean pending, long value) {}

  private final Map<Key, long[]> values = new HashMap<>();
  private final List<Undo> undo = new ArrayList<>();

  boolean isEmpty() {
    return values.isEmpty();
  }

  /** The pending value of the counter under {@code key}, if this transaction moved it. */
  OptionalLong value(Keyspace keyspace, byte[] key) {
    if (values.isEmpty()) {
      return OptionalLong.empty();
    }
    var held = values.get(new Key(keyspace, key));
    return held == null ? OptionalLong.empty() : OptionalLong.of(held[0]);
  }

  /** Sets the pending value; recorded for undo when {@code inBlock}. Keeps {@code key}. */
  void set(Keyspace keyspace, byte[] key, long value, boolean inBlock) {
    var k = new Key(keyspace, key);
    var held = values.get(k);
    if (inBlock) {
      undo.add(held == null ? new Undo(k, false, 0) : new Undo(k, true, held[0]));
    }
    if (held == null) {
      values.put(k, new long[] {value});
    } else {
      held[0] = value;
    }
  }

  /** Forgets the pending value of a key just written through the transaction. */
  void forget(Keyspace keyspace, byte[] key, boolean inBlock) {
    var k = new Key(keyspace, key);
    var held = values.remove(k);
    if (held != null && inBlock) {
      undo.add(new Undo(k, true, held[0]));
    }
  }

  /** Forgets the pending values of every key starting with {@code prefix} (just deleted). */
  void forgetPrefix(Keyspace keyspace, byte[] prefix, boolean inBlock) {
    for (var k : List.copyOf(values.keySet())) {
      var bytes = k.bytes().array();
      if (k.keyspace() == keyspace
          && bytes.length >= prefix.length
          && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length)) {
        forget(keyspace, bytes, inBlock);
      }
    }
  }

  /** How many changes are recorded for undo: a block's mark. */
  int undoSize() {
    return undo.size();
  }

  /** Undoes the changes recorded since {@code mark}, newest first. */
  void undoTo(int mark) {
    for (int i = undo.size() - 1; i >= mark; i--) {
      var u = undo.remove(i);
      if (u.pending()) {
        values.put(u.key(), new long[] {u.value()});
      } else {
        values.remove(u.key());
      }
    }
  }

  /** Drops the undo records (the outermost block ended: nothing left to undo). */
  void clearUndo() {
    undo.clear();
  }

  /** The puts that store every pending value (8 bytes, big-endian); forgets them all. */
  List<WriteOp.Put> drain() {
    var puts = new ArrayList<WriteOp.Put>(values.size());
    values.forEach(
        (k, v) ->
            puts.add(
                new WriteOp.Put(
                    k.keyspace(),
                    k.bytes().array(),
                    ByteBuffer.allocate(8).putLong(v[0]).array(),
                    false)));
    values.clear();
    undo.clear();
    return puts;
  }
}
