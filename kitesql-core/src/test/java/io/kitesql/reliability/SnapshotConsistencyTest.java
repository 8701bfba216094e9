package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.PreparedStatement;
import io.kitesql.options.StorageOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshot isolation under one writer: readers (platform and virtual threads, more of them than
 * read slots) see a constant sum of balances while transfers commit, and the same rows twice within
 * one read transaction; readers beyond the pool wait or fail with READERS_EXHAUSTED, never
 * otherwise. A long-held reader makes the file grow; once it ends, the file stops growing.
 *
 * <p>Duration per phase: {@code -Dkitesql.snapshot.millis} (default 1500).
 */
class SnapshotConsistencyTest {
  private static final int ACCOUNTS = 100;
  private static final long TOTAL = ACCOUNTS * 1000L;

  @TempDir Path dir;

  @Test
  void readersSeeConsistentSnapshotsWhileTransfersCommit() throws Exception {
    var options =
        StorageOptions.defaults()
            .withMapSize(64L << 20)
            .withReadPoolSize(6)
            .withReaderWait(Duration.ofMillis(20));
    long millis = Long.getLong("kitesql.snapshot.millis", 1500);
    try (var db = KiteSql.open(dir, options)) {
      createAccounts(db);
      var sum = db.prepare("select sum(balance) from accounts");
      var all = db.prepare("select id, balance from accounts order by id");
      var stop = new AtomicBoolean();
      var errors = new ConcurrentLinkedQueue<Throwable>();
      var reads = new AtomicLong();
      var exhausted = new AtomicLong();
      var commits = new AtomicLong();

      var writer =
          Thread.ofPlatform()
              .start(
                  () -> {
                    var random = new Random(7);
                    try {
                      while (!stop.get()) {
                        transfer(db, random);
                        commits.incrementAndGet();
                      }
                    } catch (Throwable t) {
                      errors.add(t);
                    }
                  });
      var readers = new ArrayList<Thread>();
      for (int i = 0; i < 24; i++) {
        Runnable work = () -> readLoop(db, sum, all, stop, errors, reads, exhausted);
        readers.add(i % 2 == 0 ? Thread.ofPlatform().start(work) : Thread.ofVirtual().start(work));
      }
      Thread.sleep(millis);
      stop.set(true);
      writer.join();
      for (var t : readers) {
        t.join();
      }
      assertThat(errors).isEmpty();
      assertThat(commits.get()).isPositive();
      assertThat(reads.get()).isGreaterThan(commits.get() > 0 ? 10 : 0);
      System.out.printf(
          "snapshot: %d transfers, %d consistent reads, %d READERS_EXHAUSTED%n",
          commits.get(), reads.get(), exhausted.get());
      assertThat(querySum(db, sum)).isEqualTo(TOTAL);
      assertThat(db.checkIntegrity().problems()).isEmpty();
    }
  }

  private static void readLoop(
      Database db,
      PreparedStatement sum,
      PreparedStatement all,
      AtomicBoolean stop,
      ConcurrentLinkedQueue<Throwable> errors,
      AtomicLong reads,
      AtomicLong exhausted) {
    try {
      while (!stop.get()) {
        try (var tx = db.beginRead()) {
          long first;
          try (var rows = tx.query(sum)) {
            assertThat(rows.next()).isTrue();
            first = rows.getLong(0);
          }
          assertThat(first).isEqualTo(TOTAL);
          var before = balances(tx.query(all));
          Thread.yield(); // let the writer commit in between
          var after = balances(tx.query(all));
          assertThat(after).isEqualTo(before);
          assertThat(after.stream().mapToLong(Long::longValue).sum()).isEqualTo(TOTAL);
          reads.incrementAndGet();
        } catch (KiteSqlException e) {
          if (e.errorCode() != ErrorCode.READERS_EXHAUSTED) {
            throw e;
          }
          exhausted.incrementAndGet();
        }
      }
    } catch (Throwable t) {
      errors.add(t);
    }
  }

  private static List<Long> balances(io.kitesql.api.RowCursor rows) {
    try (rows) {
      var out = new ArrayList<Long>();
      while (rows.next()) {
        assertThat(rows.getLong(0)).isEqualTo(out.size());
        out.add(rows.getLong(1));
      }
      return out;
    }
  }

  @Test
  void longReaderMakesTheFileGrowAndSpaceIsReusedAfterIt() throws Exception {
    try (var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20))) {
      createAccounts(db);
      db.execute("create table blobs (id int primary key, body varchar)");
      for (int i = 0; i < 40; i++) {
        db.execute("insert into blobs values (?, ?)", i, "x".repeat(4000));
      }
      var sum = db.prepare("select sum(balance) from accounts");
      var random = new Random(11);
      rewrite(db, random, 30); // warm up: free pages exist
      long start = Files.size(db.dataFile());

      long held;
      try (var reader = db.beginRead()) {
        long seen = sumIn(reader.query(sum));
        rewrite(db, random, 150);
        held = Files.size(db.dataFile()) - start;
        assertThat(sumIn(reader.query(sum))).isEqualTo(seen);
      }
      rewrite(db, random, 30); // the pages the reader pinned become free
      long settled = Files.size(db.dataFile());
      rewrite(db, random, 150);
      long after = Files.size(db.dataFile()) - settled;
      System.out.printf(
          "space: grew %d KiB under a long reader, %d KiB for the same work after it%n",
          held >> 10, after >> 10);
      assertThat(held).as("the file grows while a reader pins old pages").isGreaterThan(1L << 20);
      assertThat(after).as("after the reader, freed pages are reused").isLessThan(held / 4);
      assertThat(querySum(db, sum)).isEqualTo(TOTAL);
      assertThat(db.checkIntegrity().problems()).isEmpty();
    }
  }

  /** {@code n} transactions, each a transfer plus a rewrite of every blob (≈160 KB of pages). */
  private static void rewrite(Database db, Random random, int n) {
    for (int i = 0; i < n; i++) {
      transfer(db, random);
      char c = (char) ('a' + i % 26);
      db.execute("update blobs set body = ?", String.valueOf(c).repeat(4000));
    }
  }

  private static void createAccounts(Database db) {
    db.execute("create table accounts (id int primary key, balance bigint not null)");
    db.execute("create index accounts_balance on accounts (balance)");
    db.write(
        tx -> {
          for (int i = 0; i < ACCOUNTS; i++) {
            tx.execute("insert into accounts values (?, 1000)", i);
          }
          return null;
        });
  }

  private static void transfer(Database db, Random random) {
    int from = random.nextInt(ACCOUNTS);
    int to = random.nextInt(ACCOUNTS);
    long amount = 1 + random.nextInt(100);
    db.write(
        tx -> {
          tx.execute("update accounts set balance = balance - ? where id = ?", amount, from);
          tx.execute("update accounts set balance = balance + ? where id = ?", amount, to);
          return null;
        });
  }

  private static long querySum(Database db, PreparedStatement sum) {
    return db.read(tx -> sumIn(tx.query(sum)));
  }

  private static long sumIn(io.kitesql.api.RowCursor rows) {
    try (rows) {
      assertThat(rows.next()).isTrue();
      return rows.getLong(0);
    }
  }
}
