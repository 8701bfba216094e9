package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.StorageOptions;
import io.kitesql.reliability.ChildJvm;
import io.kitesql.storage.lmdb.KeyBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native memory of read contexts stays flat over any number of idle sweeps: a burst of
 * concurrent reads opens contexts (each with call buffers for itself and its cursors), the idle
 * sweep closes them, the next burst opens new ones. Before, each new context allocated fresh
 * buffers in the storage's arena, freed only by close(): ~1.6 KB per swept context, ~175 KB per
 * burst of 110 readers, linear in the number of cycles. Counted through the storage's own tally of
 * the bytes it allocated for the buffers, and measured with the JVM's Native Memory Tracking in a
 * child JVM ({@link ReadBurstsMain}).
 */
class ReadBufferReuseTest {
  private static final int BURST = 110;
  private static final int CYCLES = 40;

  @TempDir Path work;

  @Test
  void burstsOfReadersClosedByTheIdleSweepReuseTheirNativeBuffers() {
    try (var storage =
        Storage.open(work.resolve("db"), StorageOptions.defaults().withMapSize(16L << 20))) {
      storage.write(
          tx -> {
            tx.put(Keyspace.DATA, new byte[] {1}, new byte[] {42});
            return null;
          });
      burst(storage);
      long afterFirst = storage.readBufferBytes();
      // Each context's buffer plus its two cursors' buffers.
      assertThat(afterFirst).isGreaterThanOrEqualTo(3L * BURST * KeyBuffer.BYTES);

      for (int cycle = 1; cycle < CYCLES; cycle++) {
        burst(storage);
      }

      assertThat(storage.readBufferBytes())
          .as("native bytes of read buffers after %s sweeps", CYCLES)
          .isEqualTo(afterFirst);
    }
  }

  @Test
  void nativeMemoryTrackingSeesNoGrowthOverHundredsOfSweeps() throws Exception {
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("-XX:NativeMemoryTracking=summary"),
            ReadBurstsMain.class,
            work.resolve("db").toString(),
            "300");

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    var lines = outcome.stdout().strip().lines().map(line -> line.split(" ")).toList();
    assertThat(lines).as("%s", outcome).hasSize(2);
    long atCycle50 = Long.parseLong(lines.get(0)[2]);
    long atCycle300 = Long.parseLong(lines.get(1)[2]);
    // 250 more cycles leaked ~43 MB before (175 KB each); now the buffers of one burst are reused.
    assertThat(atCycle300 - atCycle50)
        .as("KB of native memory (NMT Other) added by 250 burst/sweep cycles")
        .isLessThan(2048);
  }

  /**
   * BURST read transactions at once, each with two cursors; then the idle sweep closes every
   * context.
   */
  private static void burst(Storage storage) {
    var held = new ArrayList<ReadTransaction>();
    try {
      for (int i = 0; i < BURST; i++) {
        var txn = storage.beginRead();
        held.add(txn);
        try (var data = txn.openCursor(Keyspace.DATA);
            var catalog = txn.openCursor(Keyspace.CATALOG)) {
          assertThat(data.first()).isTrue();
          assertThat(catalog.first()).isFalse();
        }
        assertThat(txn.get(Keyspace.DATA, new byte[] {1}, 1)).isPresent();
      }
      assertThat(storage.readContexts()).isEqualTo(BURST);
    } finally {
      held.forEach(ReadTransaction::close);
    }
    storage.sweepIdleReaders();
    assertThat(storage.readContexts()).as("contexts left after the idle sweep").isZero();
  }
}
