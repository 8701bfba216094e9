package io.kitesql.reliability;

import static io.kitesql.testing.QueryRows.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read that finds the map grown by another process adopts the new size without waiting for this
 * process's write lock: it used to take that lock, so while a local write transaction was doing
 * work before its first statement (holding the lock, no LMDB transaction open) the read waited
 * {@code writerWait} and failed with WRITE_LOCK_TIMEOUT. The adoption is serialized only with LMDB
 * write transactions actually open, and bounded by {@code readerWait}.
 */
class ForeignMapGrowthTest {
  /** 8 KiB rows the other process adds: about 3 MiB, three times this process's 1 MiB map. */
  private static final int GROWN_ROWS = 400;

  @TempDir Path dir;

  private static StorageOptions smallMap() {
    return StorageOptions.defaults()
        .withMapSize(1L << 20)
        .withWriterWait(Duration.ofMillis(500))
        .withReaderWait(Duration.ofSeconds(1));
  }

  @Test
  void aReadAdoptsTheGrownMapWhileALocalWriteHoldsTheWriteLock() throws Exception {
    try (var db = KiteSql.open(dir, smallMap())) {
      createTables(db);
      db.execute("insert into t values (1)");
      assertThat(count(db, "t")).isEqualTo(1);
      growFromAnotherProcess();

      // Another thread begins a write transaction: it holds the write lock, its first statement
      // comes later.
      var begun = new CountDownLatch(1);
      var readDone = new CountDownLatch(1);
      var writer =
          CompletableFuture.runAsync(
              () -> {
                try (var write = db.beginWrite()) {
                  begun.countDown();
                  await(readDone);
                  write.execute("insert into t values (2)");
                  write.commit();
                }
              });
      try {
        assertThat(begun.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(count(db, "t")).isEqualTo(1);
        assertThat(grownRows(db)).isEqualTo(GROWN_ROWS);
      } finally {
        readDone.countDown();
      }
      writer.get(60, TimeUnit.SECONDS);
      assertThat(count(db, "t")).isEqualTo(2);
    }
  }

  @Test
  void aReadWaitingForTheWriterThreadGivesUpAfterReaderWaitWithoutAWriteLockError()
      throws Exception {
    try (var db = KiteSql.open(dir, smallMap())) {
      createTables(db);
      assertThat(count(db, "t")).isZero();
      growFromAnotherProcess();

      // Another process holds LMDB's writer mutex: a local write gives up after writerWait, and
      // leaves the writer thread blocked in mdb_txn_begin until that process commits.
      var holder =
          ChildJvm.start(
              dir.resolve("holder"), HoldWriteTransactionMain.class, dir.toString(), "10000");
      try {
        holder.awaitOutput("holding");
        assertThatThrownBy(() -> db.execute("insert into t values (1)"))
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_LOCK_TIMEOUT));
        // The read needs the writer thread to adopt the grown map: it waits readerWait at most.
        assertThatThrownBy(() -> count(db, "t"))
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.READERS_EXHAUSTED))
            .hasMessageContaining("another process grew the map");
        assertThat(holder.process().isAlive())
            .as("the read gave up before the other process committed")
            .isTrue();
      } finally {
        holder.process().waitFor();
      }
      assertThat(holder.outcome().exitCode()).isZero();
      assertThat(count(db, "t")).isEqualTo(1); // the other process's row -1 committed
      assertThat(grownRows(db)).isEqualTo(GROWN_ROWS);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(60, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private void growFromAnotherProcess() throws Exception {
    var child =
        ChildJvm.run(
            dir.resolve("grower"), GrowMapMain.class, dir.toString(), Integer.toString(GROWN_ROWS));
    assertThat(child.crashed()).as(child.toString()).isFalse();
    assertThat(child.stdout()).contains("grown");
  }

  private static void createTables(Database db) {
    db.execute("create table t (id int primary key)");
    db.execute("create table big (id int primary key, body varchar)");
  }

  private static long grownRows(Database db) {
    return count(db, "big");
  }
}
