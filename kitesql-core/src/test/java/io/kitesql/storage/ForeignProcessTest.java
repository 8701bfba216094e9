package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.reliability.ChildJvm;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LMDB environments may be shared between processes. When another process grows the map beyond
 * ours, LMDB answers our next transaction with MDB_MAP_RESIZED; the storage adopts the new size
 * (after its readers drained) and carries on.
 */
class ForeignProcessTest {
  @TempDir Path dir;

  /** The child JVM's output and crash reports. */
  @TempDir Path work;

  @Test
  void mapGrownByAnotherProcessIsAdopted() throws Exception {
    int rows = 4000; // ~8 MiB, far past our 1 MiB map
    try (var storage = Storage.open(dir, MapGrowthTest.tinyMap())) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, WriterConcurrencyTest.intKey(-1), MapGrowthTest.value(1, 10));
            return null;
          });
      try (var tx = storage.beginRead()) {
        assertThat(tx.get(Keyspace.DATA, WriterConcurrencyTest.intKey(-1))).isPresent();
      } // the pooled context now holds a reset transaction that must be renewed later

      runForeignWriter(rows);

      int seen =
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
      assertThat(seen).isEqualTo(rows + 1);
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, WriterConcurrencyTest.intKey(rows), MapGrowthTest.value(2, 10));
            return null;
          });
      assertThat(storage.stats().mapSize()).isGreaterThanOrEqualTo(64L << 20);
    }
  }

  private void runForeignWriter(int rows) throws Exception {
    var writer =
        ChildJvm.run(work, ForeignWriterMain.class, dir.toString(), Integer.toString(rows));
    assertThat(writer.exitCode()).as("%s", writer).isZero();
  }
}
