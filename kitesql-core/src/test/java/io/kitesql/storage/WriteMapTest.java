package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StorageOptions#withWriteMap}: LMDB's {@code MDB_WRITEMAP}, with the data file allocated to
 * the map's size before anything writes through the map, and no group commit.
 */
class WriteMapTest {
  private static final int ROWS = 6_000;
  private static final String NOTE = "n".repeat(300);

  @TempDir Path dir;

  @Test
  void writesGrowTheAllocatedMapAndTheDatabaseReopensWithAndWithoutIt() throws Exception {
    var options =
        StorageOptions.defaults()
            .withMapSize(1L << 20)
            .withWriteMap(true)
            .withDurability(Durability.NO_SYNC);
    try (var db = KiteSql.open(dir, options)) {
      assertThat(allocatedBytes()).as("allocated at open").isGreaterThanOrEqualTo(1L << 20);
      db.execute("create table t (id int primary key, note varchar)");
      db.execute("create index t_note on t (note)");
      insert(db, 0, ROWS);
      long mapSize = db.storage().stats().mapSize();
      assertThat(mapSize).as("the map grew past 1 MiB").isGreaterThan(1L << 20);
      assertThat(allocatedBytes()).as("allocated to the grown map").isGreaterThanOrEqualTo(mapSize);
    }
    try (var db =
        KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20))) { // without it
      assertRows(db, ROWS);
      insert(db, ROWS, 100);
    }
    try (var db = KiteSql.open(dir, options)) {
      insert(db, ROWS + 100, 100);
      assertRows(db, ROWS + 200);
      assertThat(allocatedBytes()).isGreaterThanOrEqualTo(db.storage().stats().mapSize());
    }
  }

  @Test
  void concurrentTransactionsEachCommitAlone() throws Exception {
    var options =
        StorageOptions.defaults()
            .withMapSize(8L << 20)
            .withWriteMap(true)
            .withDurability(Durability.NO_SYNC);
    try (var db = KiteSql.open(dir, options);
        var pool = Executors.newFixedThreadPool(4)) {
      db.execute("create table t (id int primary key, note varchar)");
      var before = db.storage().stats();
      var tasks = new ArrayList<Callable<Void>>();
      for (int thread = 0; thread < 4; thread++) {
        int first = thread * 100;
        tasks.add(
            () -> {
              for (int i = first; i < first + 100; i++) {
                db.execute("insert into t values (?, ?)", i, NOTE);
              }
              return null;
            });
      }
      for (var done : pool.invokeAll(tasks)) {
        done.get();
      }
      var after = db.storage().stats();
      assertThat(after.writeTransactions() - before.writeTransactions()).isEqualTo(400);
      assertThat(after.lmdbCommits() - before.lmdbCommits()).as("no commit shared").isEqualTo(400);
      assertRows(db, 400);
    }
  }

  @Test
  void aFailedStatementIsUndoneUnderTheWriteMap() {
    var options =
        StorageOptions.defaults()
            .withMapSize(1L << 20)
            .withWriteMap(true)
            .withDurability(Durability.NO_SYNC);
    try (var db = KiteSql.open(dir, options)) {
      db.execute("create table t (id int primary key, note varchar)");
      insert(db, 0, 10);
      assertThatThrownBy(
              () ->
                  db.write(
                      tx -> {
                        tx.execute("insert into t values (100, 'rolled back')");
                        return tx.execute("insert into t values (101, 'a'), (5, 'duplicate')");
                      }))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION));
      assertRows(db, 10);
      db.write(
          tx -> {
            tx.execute("insert into t values (100, 'kept')");
            assertThatThrownBy(
                    () -> tx.execute("insert into t values (101, 'a'), (5, 'duplicate')"))
                .isInstanceOfSatisfying(
                    KiteSqlException.class,
                    e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION));
            return null;
          });
      // The statement failed alone: 101 undone, 100 committed with the transaction.
      assertThat(ids(db))
          .isEqualTo(
              LongStream.concat(LongStream.range(0, 10), LongStream.of(100)).boxed().toList());
    }
  }

  private static List<Long> ids(Database db) {
    return db.read(
        tx -> {
          var ids = new ArrayList<Long>();
          try (var r = tx.query("select id from t order by id")) {
            while (r.next()) {
              ids.add(r.getLong(0));
            }
          }
          return ids;
        });
  }

  @Test
  void aReadOnlyDatabaseCannotUseIt() {
    var defaults = StorageOptions.defaults();
    assertThatThrownBy(
            () ->
                new StorageOptions(
                    defaults.mapSize(),
                    defaults.maxMapSize(),
                    defaults.maxReaders(),
                    defaults.readPoolSize(),
                    defaults.durability(),
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(1),
                    defaults.replayLimitBytes(),
                    StorageOptions.AccessMode.READ_ONLY,
                    true))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
              assertThat(e.getMessage()).contains("writeMap");
            });
    assertThat(defaults.withWriteMap(true).readOnly().writeMap()).isFalse();
  }

  private static void insert(Database db, int from, int count) {
    for (int batch = from; batch < from + count; batch += 500) {
      int first = batch;
      int last = Math.min(from + count, batch + 500);
      db.write(
          tx -> {
            for (int i = first; i < last; i++) {
              tx.execute("insert into t values (?, ?)", i, i + NOTE);
            }
            return null;
          });
    }
  }

  /** Row count and id sum as expected for ids 0..rows-1, and a clean integrity check. */
  private static void assertRows(Database db, int rows) {
    db.read(
        tx -> {
          try (var r = tx.query("select count(*), sum(id) from t")) {
            assertThat(r.next()).isTrue();
            assertThat(r.getLong(0)).isEqualTo(rows);
            assertThat(r.getLong(1)).isEqualTo((long) rows * (rows - 1) / 2);
          }
          return null;
        });
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  /**
   * The bytes of {@code data.mdb} allocated on disk ({@code stat}'s block count times its unit).
   */
  private long allocatedBytes() throws Exception {
    var stat =
        new ProcessBuilder("stat", "-c", "%b %B", dir.resolve("data.mdb").toString()).start();
    var out = new String(stat.getInputStream().readAllBytes()).strip().split(" ");
    assertThat(stat.waitFor()).isZero();
    return Long.parseLong(out[0]) * Long.parseLong(out[1]);
  }
}
