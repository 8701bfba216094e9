package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.StorageOptions;
import io.kitesql.reliability.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LMDB's reader slots ({@code maxReaders}) are shared by every process of a database. A process
 * gives the slots of idle read contexts back, and the slots of a killed process are reclaimed while
 * another process keeps the database open. The other process is a child JVM ({@link
 * HoldReadersMain}).
 */
class ReaderSlotsTest {
  private static final int MAX_READERS = 16;

  @TempDir Path work;

  static StorageOptions options(int maxReaders) {
    return StorageOptions.defaults()
        .withMapSize(16L << 20)
        .withMaxReaders(maxReaders)
        .withReaderWait(Duration.ofMillis(500));
  }

  @Test
  void idleReadContextsGiveTheirSlotsToAnotherProcess() throws Exception {
    var dir = work.resolve("db");
    var options = options(MAX_READERS);
    int pool = options.readPoolSize(); // 12 of 16: two such processes cannot both hold a full pool
    try (var storage = Storage.open(dir, options)) {
      var held = new ArrayList<ReadTransaction>();
      for (int i = 0; i < pool; i++) {
        held.add(storage.beginRead());
      }
      held.forEach(ReadTransaction::close);
      assertThat(storage.readContexts()).isEqualTo(pool);

      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (storage.readContexts() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(storage.readContexts())
          .as("idle read contexts still holding reader slots")
          .isZero();

      var other =
          ChildJvm.run(
              work.resolve("child"),
              HoldReadersMain.class,
              dir.toString(),
              Integer.toString(MAX_READERS),
              Integer.toString(pool),
              "0");
      assertThat(other.crashed()).as("%s", other).isFalse();
      assertThat(other.stdout().strip()).isEqualTo("held " + pool);

      try (var txn = storage.beginRead()) { // and this process reads again, with a new context
        assertThat(txn.get(Keyspace.DATA, new byte[] {1}, 1)).isEmpty();
      }
    }
  }

  @Test
  void slotsOfAKilledProcessAreReclaimedWhileThisOneStaysOpen() throws Exception {
    var dir = work.resolve("db");
    var options = options(MAX_READERS);
    int pool = options.readPoolSize();
    try (var storage = Storage.open(dir, options)) {
      var child =
          ChildJvm.start(
              work.resolve("child"),
              HoldReadersMain.class,
              dir.toString(),
              Integer.toString(MAX_READERS),
              Integer.toString(pool),
              "60000");
      child.awaitOutput("holding");
      assertThat(child.stdout()).contains("held " + pool);
      child.kill(); // SIGKILL: its slots stay marked in lock.mdb, which this process keeps open

      var held = new ArrayList<ReadTransaction>();
      try {
        for (int i = 0; i < pool; i++) {
          held.add(storage.beginRead());
        }
      } finally {
        held.forEach(ReadTransaction::close);
      }
      assertThat(held).hasSize(pool);
    }
  }
}
