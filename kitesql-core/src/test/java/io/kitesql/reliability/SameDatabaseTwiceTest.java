package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One database directory is open at most once per process: LMDB's reader table and locks are per
 * process, so a second environment on the same files reused pages the first one's snapshot still
 * read, and closing it dropped the first one's locks. The second open is refused with
 * DATABASE_IN_USE, whatever path names the directory, and the first instance is untouched.
 */
class SameDatabaseTwiceTest {
  @TempDir Path dir;

  private static StorageOptions small() {
    return StorageOptions.defaults().withMapSize(16L << 20);
  }

  private static Database openWithRows(Path dir) {
    var db = KiteSql.open(dir, small());
    db.execute("create table t (id int primary key, body varchar)");
    db.write(
        tx -> {
          for (int i = 0; i < 2000; i++) {
            tx.execute("insert into t values (?, ?)", i, "row " + i);
          }
          return null;
        });
    return db;
  }

  @Test
  void secondOpenIsRefusedAndTheFirstKeepsItsSnapshot() {
    try (var first = openWithRows(dir)) {
      try (var tx = first.beginRead()) {
        var rows = tx.query("select body from t where id = 7");
        assertThat(rows.next()).isTrue();
        var held = rows.getText(0);

        assertThatThrownBy(() -> KiteSql.open(dir, small()))
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DATABASE_IN_USE))
            .hasMessageContaining(dir.toString())
            .hasMessageContaining("already open in this process");

        first.execute("delete from t where id >= 10");
        assertThat(held.toString()).isEqualTo("row 7");
        assertThat(count(tx)).isEqualTo(2000);
      }
      assertThat(first.read(SameDatabaseTwiceTest::count)).isEqualTo(10);
    }
  }

  @Test
  void otherPathsToTheSameDirectoryAreRefused() throws Exception {
    var db = dir.resolve("db");
    var link = Files.createSymbolicLink(dir.resolve("link"), db.getFileName());
    try (var first = openWithRows(db)) {
      for (var other :
          new Path[] {link, dir.resolve("db/../db"), db.resolve("."), link.toAbsolutePath()}) {
        assertThatThrownBy(() -> KiteSql.open(other, small()))
            .as(other.toString())
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DATABASE_IN_USE));
      }
      assertThat(first.read(SameDatabaseTwiceTest::count)).isEqualTo(2000);
    }
  }

  @Test
  void closingReleasesTheDirectory() {
    openWithRows(dir).close();
    try (var again = KiteSql.open(dir, small())) {
      assertThat(again.read(SameDatabaseTwiceTest::count)).isEqualTo(2000);
    }
  }

  @Test
  void aFailedOpenReleasesTheDirectory() throws Exception {
    Files.write(dir.resolve("data.mdb"), new byte[100]);
    assertThatThrownBy(() -> KiteSql.open(dir, small()))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_DATABASE_FILE));
    Files.delete(dir.resolve("data.mdb"));
    try (var db = KiteSql.open(dir, small())) {
      assertThat(db.catalog().tables()).isEmpty();
    }
  }

  @Test
  void concurrentOpensOfANewDatabaseLetOneWin() throws Exception {
    var fresh = dir.resolve("fresh");
    int threads = 8;
    var start = new CountDownLatch(1);
    var outcomes = new ArrayList<Future<Database>>();
    try (var pool = Executors.newFixedThreadPool(threads)) {
      for (int i = 0; i < threads; i++) {
        outcomes.add(
            pool.submit(
                () -> {
                  start.await();
                  return KiteSql.open(fresh, small());
                }));
      }
      start.countDown();
    }
    var opened = new ArrayList<Database>();
    int refused = 0;
    for (var outcome : outcomes) {
      try {
        opened.add(outcome.get());
      } catch (java.util.concurrent.ExecutionException e) {
        assertThat(e.getCause())
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                k -> assertThat(k.errorCode()).isEqualTo(ErrorCode.DATABASE_IN_USE));
        refused++;
      }
    }
    opened.forEach(Database::close);
    assertThat(opened).hasSize(1);
    assertThat(refused).isEqualTo(threads - 1);
  }

  private static long count(io.kitesql.api.ReadOnlyTransaction tx) {
    try (var rows = tx.query("select count(*) from t")) {
      rows.next();
      return rows.getLong(0);
    }
  }
}
