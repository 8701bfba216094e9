package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CallerAllocationTest {
  @TempDir Path dir;

  /**
   * A write statement handed to the writer thread is built there: the caller's own counter misses
   * those bytes, its credited total has them.
   */
  @Test
  void creditsTheWriterThreadsAllocationToTheCaller() {
    var value = new byte[1 << 20];
    try (var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20))) {
      db.storage().writes().callerThread(false);
      db.execute("create table blobs (id int primary key, body varbinary)");
      db.execute("insert into blobs values (?, ?)", 0, value); // warm-up: classes, plans
      long ownBefore = CallerAllocation.ownBytes();
      long creditedBefore = CallerAllocation.allocatedBytes();
      db.execute("insert into blobs values (?, ?)", 1, value);
      long own = CallerAllocation.ownBytes() - ownBefore;
      long credited = CallerAllocation.allocatedBytes() - creditedBefore;
      // the encoded row (at least the 1 MiB value) was made on the writer thread
      assertThat(credited - own).isGreaterThanOrEqualTo(value.length);
    }
  }

  /**
   * A write statement run on the caller's own thread (the default when it can) is in its own
   * counter.
   */
  @Test
  void aTransactionOnTheCallersThreadAllocatesThere() {
    var value = new byte[1 << 20];
    try (var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20))) {
      db.execute("create table blobs (id int primary key, body varbinary)");
      db.execute("insert into blobs values (?, ?)", 0, value);
      long ownBefore = CallerAllocation.ownBytes();
      long creditedBefore = CallerAllocation.allocatedBytes();
      db.execute("insert into blobs values (?, ?)", 1, value);
      long own = CallerAllocation.ownBytes() - ownBefore;
      long credited = CallerAllocation.allocatedBytes() - creditedBefore;
      assertThat(own).isGreaterThanOrEqualTo(value.length);
      assertThat(credited).isEqualTo(own);
    }
  }

  @Test
  void virtualThreadsAreNotMeasured() throws InterruptedException {
    var seen = new AtomicLong();
    var thread = Thread.ofVirtual().start(() -> seen.set(CallerAllocation.allocatedBytes()));
    thread.join();
    assertThat(seen.get()).isEqualTo(-1);
  }
}
