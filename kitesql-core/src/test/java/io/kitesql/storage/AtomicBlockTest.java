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

/** Statement atomicity inside a transaction: a failed block leaves no partial writes, earlier ones stay. */
class AtomicBlockTest {
  @TempDir Path dir;

  static List<Integer> keys(Storage storage) {
    return storage.read(tx -> {
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
        assertThatThrownBy(() -> tx.atomically(() -> {
              tx.put(Keyspace.DATA, intKey(2), value(2, 8));
              tx.delete(Keyspace.DATA, intKey(1));
              throw new IllegalStateException("constraint violated");
            }))
            .hasMessage("constraint violated");
        assertThat(tx.get(Keyspace.DATA, intKey(1))).isPresent();
        assertThat(tx.get(Keyspace.DATA, intKey(2))).isEmpty();
        int inner = tx.atomically(() -> {
          tx.put(Keyspace.DATA, intKey(3), value(3, 8));
          try {
            tx.atomically(() -> {
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
      storage.write(tx -> {
        tx.put(Keyspace.DATA, intKey(-1), value(1, 100));
        assertThatThrownBy(() -> tx.atomically(() -> {
              for (int i = 0; i < 2000; i++) {
                tx.put(Keyspace.DATA, intKey(i), value(i, 2048)); // grows the map mid-block
              }
              throw new IllegalStateException("undo the whole block");
            }))
            .hasMessage("undo the whole block");
        tx.atomically(() -> {
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

  @Test
  void commitInsideABlockIsRefused() {
    try (var storage = Storage.open(dir, StorageTest.small())) {
      try (var tx = storage.beginWrite()) {
        assertThatThrownBy(() -> tx.atomically(() -> {
              tx.commit();
              return null;
            }))
            .hasMessageContaining("inside an atomically");
      }
    }
  }
}
