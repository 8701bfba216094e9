package io.kitesql.storage;

import static io.kitesql.storage.MapGrowthTest.value;
import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statement atomicity inside a transaction: a failed block leaves no partial writes, earlier ones
 * stay.
 */
class AtomicBlockTest {
  @TempDir Path dir;

  static List<Integer> keys(Storage storage) {
    return storage.read(
        tx -> {
          var found = new ArrayList<Integer>();
          try (var c = tx.openCursor(Keyspace.DATA)) {
            for (boolean ok = c.first(); ok; ok = c.next()) {
              found.add(java.nio.ByteBuffer.wrap(c.key().toByteArray()).getInt());
            }
          }
          return found;
        });
  }

  @Test
  void failedBlockIsUndoneAndTheTransactionGoesOn() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(1), value(1, 8));
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          tx.put(Keyspace.DATA, intKey(2), value(2, 8));
                          tx.delete(Keyspace.DATA, intKey(1));
                          throw new IllegalStateException("constraint violated");
                        }))
            .hasMessage("constraint violated");
        assertThat(tx.get(Keyspace.DATA, intKey(1))).isPresent();
        assertThat(tx.get(Keyspace.DATA, intKey(2))).isEmpty();
        int inner =
            tx.atomically(
                () -> {
                  tx.put(Keyspace.DATA, intKey(3), value(3, 8));
                  try {
                    tx.atomically(
                        () -> {
                          tx.put(Keyspace.DATA, intKey(4), value(4, 8));
                          throw new IllegalArgumentException("inner");
                        });
                  } catch (IllegalArgumentException expected) {
                    // the inner block alone is undone
                  }
                  return 3;
                });
        assertThat(inner).isEqualTo(3);
        tx.commit();
      }
      assertThat(keys(storage)).containsExactly(1, 3);
    }
  }

  @Test
  void mapFullInsideABlockReplaysTheBlockStructure() {
    try (var storage = Storage.open(dir, MapGrowthTest.tinyMap())) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, intKey(-1), value(1, 100));
            assertThatThrownBy(
                    () ->
                        tx.atomically(
                            () -> {
                              for (int i = 0; i < 2000; i++) {
                                tx.put(
                                    Keyspace.DATA,
                                    intKey(i),
                                    value(i, 2048)); // grows the map mid-block
                              }
                              throw new IllegalStateException("undo the whole block");
                            }))
                .hasMessage("undo the whole block");
            tx.atomically(
                () -> {
                  for (int i = 5000; i < 7000; i++) {
                    tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
                  }
                  return null;
                });
            return null;
          });
      var keys = keys(storage);
      assertThat(keys).hasSize(2001);
      // raw big-endian keys: -1 (0xFFFFFFFF) sorts last
      assertThat(keys.getFirst()).isEqualTo(5000);
      assertThat(keys.get(keys.size() - 2)).isEqualTo(6999);
      assertThat(keys.getLast()).isEqualTo(-1);
    }
  }

  /** The bytes stored under {@code key}, or null. */
  private static byte[] stored(WriteTransaction tx, int key) {
    return tx.get(Keyspace.DATA, intKey(key)).map(Slice::toByteArray).orElse(null);
  }

  /**
   * A failed block is undone in place (no nested LMDB transaction): overwritten values come back
   * byte for byte, deleted keys (one by one and by prefix) come back, new keys go, whether the
   * block or an enclosing one failed.
   */
  @Test
  void everyKindOfWriteIsUndone() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      try (var tx = storage.beginWrite()) {
        for (int k = 1; k <= 4; k++) {
          tx.put(Keyspace.DATA, intKey(k), value(k, 16));
        }
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          tx.put(
                              Keyspace.DATA, intKey(1), value(100, 300)); // overwrite, longer value
                          tx.delete(Keyspace.DATA, intKey(2));
                          assertThat(tx.putIfAbsent(Keyspace.DATA, intKey(5), 4, value(5, 16)))
                              .isTrue();
                          assertThat(tx.putIfAbsent(Keyspace.DATA, intKey(3), 4, value(300, 16)))
                              .isFalse(); // present: nothing to undo
                          tx.put(Keyspace.DATA, intKey(1), value(101, 8)); // the same key twice
                          tx.deletePrefix(
                              Keyspace.DATA,
                              new byte[] {0, 0, 0}); // keys 1..5 all start with 0,0,0
                          throw new IllegalStateException("constraint violated");
                        }))
            .hasMessage("constraint violated");
        for (int k = 1; k <= 4; k++) {
          assertThat(stored(tx, k)).as("key %d", k).isEqualTo(value(k, 16));
        }
        assertThat(stored(tx, 5)).isNull();

        // an inner block that succeeded is undone with the enclosing block that failed
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          tx.atomically(
                              () -> {
                                tx.put(Keyspace.DATA, intKey(4), value(40, 16));
                                return tx.delete(Keyspace.DATA, intKey(3));
                              });
                          throw new IllegalStateException("outer");
                        }))
            .hasMessage("outer");
        assertThat(stored(tx, 3)).isEqualTo(value(3, 16));
        assertThat(stored(tx, 4)).isEqualTo(value(4, 16));
        tx.commit();
      }
      assertThat(keys(storage)).containsExactly(1, 2, 3, 4);
    }
  }

  /**
   * Deletes in ascending order through the positioned cursor ({@link
   * WriteTransaction#deleteHoldingInOrder}, a bulk DELETE's rows and index entries): a failed block
   * puts every deleted key back with the value the caller said it held, absent keys are skipped,
   * and a block that succeeds deletes exactly the keys asked for.
   */
  @Test
  void deletesInOrderAreUndoneWithTheValuesTheyHeld() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      try (var tx = storage.beginWrite()) {
        for (int k = 0; k < 600; k++) {
          tx.put(Keyspace.DATA, intKey(k), value(k, 40));
        }
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          for (int k = 0; k < 700; k += 3) { // 600..699 are absent
                            assertThat(
                                    tx.deleteHoldingInOrder(Keyspace.DATA, intKey(k), value(k, 40)))
                                .isEqualTo(k < 600);
                          }
                          throw new IllegalStateException("undo the deletes");
                        }))
            .hasMessage("undo the deletes");
        for (int k = 0; k < 600; k++) {
          assertThat(stored(tx, k)).as("key %d", k).isEqualTo(value(k, 40));
        }
        tx.atomically(
            () -> {
              for (int k = 1; k < 600; k += 2) {
                tx.deleteHoldingInOrder(Keyspace.DATA, intKey(k), value(k, 40));
              }
              return null;
            });
        tx.commit();
      }
      var expected = new ArrayList<Integer>();
      for (int k = 0; k < 600; k += 2) {
        expected.add(k);
      }
      assertThat(keys(storage)).isEqualTo(expected);
    }
  }

  /** A map growth in the middle of in-order deletes replays them on the grown map. */
  @Test
  void deletesInOrderAreReplayedAfterTheMapGrows() {
    try (var storage = Storage.open(dir, MapGrowthTest.tinyMap())) {
      storage.write(
          tx -> {
            for (int k = 0; k < 3000; k++) {
              tx.put(Keyspace.DATA, intKey(k), value(k, 512));
            }
            return null;
          });
      long before = storage.stats().mapSize();
      storage.write(
          tx ->
              tx.atomically(
                  () -> {
                    for (int k = 0; k < 3000; k += 2) { // copying the touched pages fills the map
                      tx.deleteHoldingInOrder(Keyspace.DATA, intKey(k), value(k, 512));
                    }
                    for (int k = 10_000; k < 12_000; k++) {
                      tx.put(Keyspace.DATA, intKey(k), value(k, 512));
                    }
                    return null;
                  }));
      assertThat(storage.stats().mapSize())
          .as("the map grew during the deletes' transaction")
          .isGreaterThan(before);
      var expected = new ArrayList<Integer>();
      for (int k = 1; k < 3000; k += 2) {
        expected.add(k);
      }
      for (int k = 10_000; k < 12_000; k++) {
        expected.add(k);
      }
      assertThat(keys(storage)).isEqualTo(expected);
    }
  }

  /**
   * A block whose undo outgrew replayLimitBytes, in a transaction whose write log did too, cannot
   * be undone alone: the whole transaction is rolled back and refuses further use, and nothing of
   * it is committed.
   */
  @Test
  void aBlockTooLargeToUndoRollsTheWholeTransactionBack() {
    try (var storage = Storage.open(dir, StorageTest.small().withReplayLimitBytes(1024))) {
      storage.write(
          tx -> {
            for (int k = 0; k < 20; k++) {
              tx.put(Keyspace.DATA, intKey(k), value(k, 100));
            }
            return null;
          });
      try (var tx = storage.beginWrite()) {
        tx.put(Keyspace.DATA, intKey(100), value(100, 8));
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          for (int k = 0; k < 20; k++) {
                            tx.put(
                                Keyspace.DATA,
                                intKey(k),
                                value(-k, 100)); // 20 old values of 100 B: over 1 KiB
                          }
                          throw new IllegalStateException("constraint violated");
                        }))
            .hasMessage("constraint violated");
        assertThat(tx.isOpen()).isFalse();
        assertThatThrownBy(() -> tx.get(Keyspace.DATA, intKey(1)))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("whole transaction was rolled back");
      }
      storage.read(
          tx -> {
            for (int k = 0; k < 20; k++) {
              assertThat(tx.get(Keyspace.DATA, intKey(k)).map(Slice::toByteArray))
                  .contains(value(k, 100));
            }
            return null;
          });
      assertThat(keys(storage)).doesNotContain(100);
    }
  }

  @Test
  void commitInsideABlockIsRefused() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      try (var tx = storage.beginWrite()) {
        assertThatThrownBy(
                () ->
                    tx.atomically(
                        () -> {
                          tx.commit();
                          return null;
                        }))
            .hasMessageContaining("inside an atomically");
      }
    }
  }
}
