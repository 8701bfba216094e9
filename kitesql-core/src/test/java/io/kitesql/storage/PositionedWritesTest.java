package io.kitesql.storage;

import static io.kitesql.storage.MapGrowthTest.value;
import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.storage.lmdb.LmdbTxn;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes through the kept write cursors: {@code MDB_APPEND} for new keys past a keyspace's last
 * key, an ordinary put for keys out of order, and a fallback when the known last key is stale.
 * Expected contents come from a model map of the same writes.
 */
class PositionedWritesTest {
  @TempDir Path dir;

  /** Every (key, first value byte) of DATA in key order, read in a read-only transaction. */
  static TreeMap<Integer, Integer> contents(Storage storage) {
    return storage.read(
        tx -> {
          var found = new TreeMap<Integer, Integer>();
          try (var c = tx.openCursor(Keyspace.DATA)) {
            for (boolean ok = c.first(); ok; ok = c.next()) {
              var value = c.value().toByteArray();
              found.put(
                  ByteBuffer.wrap(c.key().toByteArray()).getInt(),
                  value.length == 0 ? -1 : (int) value[0]);
            }
          }
          return found;
        });
  }

  /**
   * Runs the keys through {@link PositionedWrites#reserveNew} in one LMDB transaction; returns
   * which went in and how many appended.
   */
  private static long putNew(Storage storage, List<Integer> keys, List<Integer> stored) {
    return storage
        .writer()
        .call(
            () -> {
              var txn = storage.writes().group().beginRoot();
              var at = new PositionedWrites(storage.writes().side());
              try {
                for (int k : keys) {
                  var target = at.reserveNew(txn, Keyspace.DATA, intKey(k), 4);
                  if (target != null) {
                    MemorySegment.copy(
                        value(k, 4), 0, MapMemory.ALL, Memory.BYTE, target.address, 4);
                    stored.add(k);
                  }
                }
                long appends = at.appends();
                at.close();
                LmdbTxn.commit(txn);
                return appends;
              } catch (RuntimeException e) {
                at.close();
                LmdbTxn.abort(txn);
                throw e;
              }
            });
  }

  @Test
  void keysPastTheLastOneAreAppendedOthersPutInPlace() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = new TreeMap<Integer, Integer>();
      var ascending = new ArrayList<Integer>();
      for (int k = 100; k < 200; k++) {
        ascending.add(k);
      }
      var stored = new ArrayList<Integer>();
      assertThat(putNew(storage, ascending, stored))
          .as("appends into an empty keyspace")
          .isEqualTo(100);
      // below the last key, mixed with keys past it and a duplicate that must be refused
      var mixed = List.of(5, 50, 200, 201, 150, 7, 300, 250, 301);
      stored.clear();
      long appends = putNew(storage, mixed, stored);
      assertThat(stored).containsExactly(5, 50, 200, 201, 7, 300, 250, 301);
      assertThat(appends).as("200, 201, 300, 301 go past the last key").isEqualTo(4);
      for (int k : ascending) {
        model.put(k, (int) (byte) k);
      }
      for (int k : List.of(5, 50, 200, 201, 7, 300, 250, 301)) {
        model.put(k, (int) (byte) k);
      }
      assertThat(contents(storage)).isEqualTo(model);
    }
  }

  @Test
  void aStaleLastKeyFallsBackToAnOrdinaryPut() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = new TreeMap<Integer, Integer>();
      storage.write(
          tx -> {
            for (int k = 10; k <= 100; k += 10) {
              tx.putIfAbsent(Keyspace.DATA, intKey(k), 4, value(k, 4));
              model.put(k, k);
            }
            return null;
          });
      storage.write(
          tx -> {
            // The block deletes the last key (100), then reads the last key for an insert (90
            // then);
            // its undo puts 100 back with mdb_put, behind the kept cursor's back.
            assertThatThrownBy(
                    () ->
                        tx.atomically(
                            () -> {
                              tx.delete(Keyspace.DATA, intKey(100));
                              tx.putIfAbsent(Keyspace.DATA, intKey(5), 4, value(5, 4));
                              throw new IllegalStateException("undo");
                            }))
                .hasMessage("undo");
            // 95 is past the stale last key (90) but not past the real one (100): LMDB refuses the
            // append.
            assertThat(tx.putIfAbsent(Keyspace.DATA, intKey(95), 4, value(95, 4))).isTrue();
            assertThat(tx.putIfAbsent(Keyspace.DATA, intKey(100), 4, value(1, 4))).isFalse();
            assertThat(tx.putIfAbsent(Keyspace.DATA, intKey(110), 4, value(110, 4))).isTrue();
            tx.put(Keyspace.DATA, intKey(20), value(21, 4));
            assertThat(tx.delete(Keyspace.DATA, intKey(30))).isTrue();
            assertThat(tx.delete(Keyspace.DATA, intKey(31))).isFalse();
            return null;
          });
      model.put(95, 95);
      model.put(110, 110);
      model.put(20, 21);
      model.remove(30);
      assertThat(contents(storage)).isEqualTo(model);
    }
  }

  @Test
  void aFailedBlockOfCursorWritesIsUndone() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      var model = new TreeMap<Integer, Integer>();
      storage.write(
          tx -> {
            for (int k = 0; k < 1000; k += 2) {
              tx.putIfAbsent(Keyspace.DATA, intKey(k), 4, value(k, 4));
              model.put(k, (int) (byte) k);
            }
            return null;
          });
      storage.write(
          tx -> {
            assertThatThrownBy(
                    () ->
                        tx.atomically(
                            () -> {
                              for (int k = 0;
                                  k < 2000;
                                  k++) { // appends past 998, puts in between, overwrites, deletes
                                if (k % 3 == 0) {
                                  tx.put(Keyspace.DATA, intKey(k), value(7, 4));
                                } else if (k % 3 == 1) {
                                  tx.delete(Keyspace.DATA, intKey(k));
                                } else {
                                  tx.putIfAbsent(Keyspace.DATA, intKey(k), 4, value(9, 4));
                                }
                              }
                              throw new IllegalStateException("undo all");
                            }))
                .hasMessage("undo all");
            return null;
          });
      assertThat(contents(storage)).isEqualTo(model);
    }
  }
}
