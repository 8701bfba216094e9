package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many platform and virtual threads committing one-row SQL transactions at once (group commit):
 * every committed row is there, seen by a read begun after its commit returned; no row of a
 * rolled-back transaction or of a failed statement is.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class GroupCommitSqlTest {
  @TempDir Path dir;

  private static final int PER_THREAD = 24;

  /** What thread {@code t}'s transaction {@code i} does, decided by its number. */
  private enum Kind {
    COMMIT,
    ROLLBACK,
    FAILED_STATEMENT_THEN_COMMIT,
    FAILED_STATEMENT_ROLLS_BACK;

    static Kind of(int i) {
      return switch (i % 6) {
        case 1 -> ROLLBACK;
        case 3 -> FAILED_STATEMENT_THEN_COMMIT;
        case 5 -> FAILED_STATEMENT_ROLLS_BACK;
        default -> COMMIT;
      };
    }
  }

  @Test
  void platformAndVirtualWritersKeepExactlyTheirCommittedRows() throws Exception {
    runWriters(Durability.NO_SYNC, 24, 24);
  }

  @Test
  void syncedWritersShareCommits() throws Exception {
    var stats = runWriters(Durability.SYNC, 8, 8);
    // Writers that commit while others wait for the lock share LMDB commits; never more commits
    // than transactions.
    assertThat(stats[1]).isLessThanOrEqualTo(stats[0]);
  }

  /** Returns {write transactions, LMDB commits} of the run. */
  private long[] runWriters(Durability durability, int platform, int virtual) throws Exception {
    var options =
        StorageOptions.defaults()
            .withMapSize(64L << 20)
            .withDurability(durability)
            .withWriterWait(Duration.ofSeconds(120));
    try (var db = KiteSql.open(dir, options)) {
      db.execute("create table t (id int primary key, writer int, note varchar)");
      db.execute("insert into t values (-1, -1, 'taken')");
      var before = db.storage().stats();
      var expected = ConcurrentHashMap.<Integer>newKeySet();
      var notSeen = ConcurrentHashMap.<Integer>newKeySet();
      var start = new CountDownLatch(1);
      var threads = new ArrayList<Thread>();
      for (int w = 0; w < platform + virtual; w++) {
        int writer = w;
        var builder = w < platform ? Thread.ofPlatform() : Thread.ofVirtual();
        threads.add(
            builder.start(
                () -> {
                  try {
                    start.await();
                  } catch (InterruptedException e) {
                    throw new AssertionError(e);
                  }
                  for (int i = 0; i < PER_THREAD; i++) {
                    int id = writer * 1000 + i;
                    if (transaction(db, writer, id, Kind.of(i))) {
                      expected.add(id);
                      boolean seen =
                          db.read(
                              tx -> {
                                try (var rows = tx.query("select id from t where id = ?", id)) {
                                  return rows.next();
                                }
                              });
                      if (!seen) {
                        notSeen.add(id);
                      }
                    }
                  }
                }));
      }
      start.countDown();
      for (var t : threads) {
        t.join();
      }
      assertThat(notSeen).as("rows a read begun after their commit returned did not see").isEmpty();
      Set<Integer> stored =
          db.read(
              tx -> {
                Set<Integer> ids = ConcurrentHashMap.newKeySet();
                try (var rows = tx.query("select id from t where id >= 0")) {
                  while (rows.next()) {
                    ids.add(rows.getInt(0));
                  }
                }
                return ids;
              });
      assertThat(stored).isEqualTo(expected);
      // Derived from the transaction kinds: 4 of every 6 commit.
      int committedPerThread = 0;
      for (int i = 0; i < PER_THREAD; i++) {
        committedPerThread +=
            Kind.of(i) == Kind.COMMIT || Kind.of(i) == Kind.FAILED_STATEMENT_THEN_COMMIT ? 1 : 0;
      }
      assertThat(stored).hasSize((platform + virtual) * committedPerThread);
      var after = db.storage().stats();
      return new long[] {
        after.writeTransactions() - before.writeTransactions(),
        after.lmdbCommits() - before.lmdbCommits()
      };
    }
  }

  /** Runs one transaction of the given kind; whether it committed. */
  private static boolean transaction(Database db, int writer, int id, Kind kind) {
    try (var tx = db.beginWrite()) {
      tx.execute("insert into t values (?, ?, ?)", id, writer, "row " + id);
      if (kind == Kind.ROLLBACK) {
        tx.rollback();
        return false;
      }
      if (kind == Kind.FAILED_STATEMENT_THEN_COMMIT || kind == Kind.FAILED_STATEMENT_ROLLS_BACK) {
        try {
          // Fails mid-statement: the first row is written, then the taken key -1 violates the
          // primary key.
          tx.execute("insert into t values (?, ?, 'x'), (-1, ?, 'dup')", id + 500, writer, writer);
          throw new AssertionError("the duplicate key was accepted");
        } catch (KiteSqlException expected) {
          // the statement's writes are undone, the transaction's earlier ones stay
        }
        if (kind == Kind.FAILED_STATEMENT_ROLLS_BACK) {
          return false; // closed without commit
        }
      }
      tx.commit();
      return true;
    }
  }
}
