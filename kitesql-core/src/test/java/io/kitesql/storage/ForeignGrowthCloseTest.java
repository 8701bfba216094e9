package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.reliability.ChildJvm;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After another process grew the map, closing must close: it threw a raw {@code
 * org.lmdbjava.Dbi$MapResizedException} from renewing a pooled read transaction and left the
 * environment open.
 */
class ForeignGrowthCloseTest {
  @TempDir Path dir;

  /** The child JVM's output and crash reports. */
  @TempDir Path work;

  @Test
  void closeAfterAnotherProcessGrewTheMap() throws Exception {
    var storage = Storage.open(dir, MapGrowthTest.tinyMap());
    storage.write(
        tx -> {
          tx.put(Keyspace.DATA, WriterConcurrencyTest.intKey(-1), MapGrowthTest.value(1, 10));
          return null;
        });
    try (var tx = storage.beginRead()) {
      assertThat(tx.get(Keyspace.DATA, WriterConcurrencyTest.intKey(-1))).isPresent();
    } // the pooled context keeps a reset transaction, renewed when it is closed

    runForeignWriter(4000); // ~8 MiB, far past the 1 MiB map

    storage.close();
    assertThat(storage.isClosed()).isTrue();
    try (var again =
        Storage.open(dir, MapGrowthTest.tinyMap())) { // released: opens again in this process
      int rows =
          again.read(
              tx -> {
                int n = 0;
                try (var c = tx.openCursor(Keyspace.DATA)) {
                  for (boolean ok = c.first(); ok; ok = c.next()) {
                    n++;
                  }
                }
                return n;
              });
      assertThat(rows).isEqualTo(4001);
    }
  }

  private void runForeignWriter(int rows) throws Exception {
    var writer =
        ChildJvm.run(work, ForeignWriterMain.class, dir.toString(), Integer.toString(rows));
    assertThat(writer.exitCode()).as("%s", writer).isZero();
  }
}
