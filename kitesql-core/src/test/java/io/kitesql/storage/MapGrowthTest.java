package io.kitesql.storage;

import static io.kitesql.storage.WriterConcurrencyTest.intKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapGrowthTest {
  private static final int ONE_MIB = 1 << 20;

  @TempDir Path dir;

  static StorageOptions tinyMap() {
    return StorageOptions.defaults()
        .withMapSize(ONE_MIB)
        .withMaxMapSize(256L * ONE_MIB)
        .withDrainWait(Duration.ofMillis(200));
  }

  static byte[] value(int i, int size) {
    var v = new byte[size];
    Arrays.fill(v, (byte) i);
    return v;
  }

  @Test
  void largeInsertGrowsTheMapTransparently() {
    int rows = 4000;
    int size = 2048; // ~8 MiB of values into a 1 MiB map
    try (var storage = Storage.open(dir, tinyMap())) {
      storage.write(
          tx -> {
            for (int i = 0; i < rows; i++) {
              tx.put(Keyspace.DATA, intKey(i), value(i, size));
            }
            return null;
          });
      assertThat(storage.stats().mapSize()).isGreaterThan(8L * ONE_MIB);
      storage.read(
          tx -> {
            for (int i = 0; i < rows; i++) {
              assertThat(tx.get(Keyspace.DATA, intKey(i)).orElseThrow().toByteArray())
                  .isEqualTo(value(i, size));
            }
            return null;
          });
    }
    // The grown size persists and the data reopens.
    try (var storage = Storage.open(dir, tinyMap())) {
      int count =
          storage.read(
              tx -> {
                int n = 0;
                try (var c = tx.openCursor(Keyspace.DATA)) {
                  for (boolean ok = c.first(); ok; ok = c.next()) {
                    n++;
                  }
                }
                return n;
              });
      assertThat(count).isEqualTo(rows);
    }
  }

  @Test
  void growthWaitsForReadersAndFailsClearlyWhileOneHoldsValues() {
    try (var storage = Storage.open(dir, tinyMap())) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, intKey(-1), value(7, 100));
            return null;
          });
      var reader = storage.beginRead();
      var borrowed = reader.get(Keyspace.DATA, intKey(-1)).orElseThrow();
      assertThat(borrowed.isBorrowed()).isTrue();

      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> {
                        for (int i = 0; i < 2000; i++) {
                          tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
                        }
                        return null;
                      }))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("read transaction")
          .hasMessageContaining("retry")
          .satisfies(
              e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.MAP_FULL));

      // No remap happened under the reader: its borrowed bytes are intact.
      assertThat(borrowed.toByteArray()).isEqualTo(value(7, 100));
      reader.close();

      // Nothing of the failed transaction was written; after the reader left, the retry grows the
      // map.
      storage.read(
          tx -> {
            assertThat(tx.get(Keyspace.DATA, intKey(0))).isEmpty();
            return null;
          });
      storage.write(
          tx -> {
            for (int i = 0; i < 2000; i++) {
              tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
            }
            return null;
          });
      long present =
          storage.read(tx -> tx.get(Keyspace.DATA, intKey(1999)).map(Slice::length).orElse(0));
      assertThat(present).isEqualTo(2048);
    }
  }

  @Test
  void transactionTooLargeToReplayFailsWithRetryableErrorAndLeavesNothing() {
    try (var storage = Storage.open(dir, tinyMap().withReplayLimitBytes(64 * 1024))) {
      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> {
                        for (int i = 0; i < 2000; i++) {
                          tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
                        }
                        return null;
                      }))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("must retry")
          .satisfies(
              e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.MAP_FULL));
      storage.read(
          tx -> {
            assertThat(tx.get(Keyspace.DATA, intKey(0))).isEmpty();
            return null;
          });
      // The map was grown for the retry, which may need several rounds as data grows.
      for (int attempt = 0; ; attempt++) {
        try {
          storage.write(
              tx -> {
                for (int i = 0; i < 2000; i++) {
                  tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
                }
                return null;
              });
          break;
        } catch (KiteSqlException e) {
          assertThat(e.errorCode()).isEqualTo(ErrorCode.MAP_FULL);
          assertThat(attempt).isLessThan(6);
        }
      }
      boolean present = storage.read(tx -> tx.get(Keyspace.DATA, intKey(1999)).isPresent());
      assertThat(present).isTrue();
    }
  }

  @Test
  void mapNeverGrowsPastItsMaximum() {
    try (var storage = Storage.open(dir, tinyMap().withMaxMapSize(2 * ONE_MIB))) {
      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> {
                        for (int i = 0; i < 4000; i++) {
                          tx.put(Keyspace.DATA, intKey(i), value(i, 2048));
                        }
                        return null;
                      }))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("maximum map size");
      // Still healthy afterwards.
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, intKey(1), value(1, 16));
            return null;
          });
    }
  }
}
