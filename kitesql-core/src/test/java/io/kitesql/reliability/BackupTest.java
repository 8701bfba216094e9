package io.kitesql.reliability;

import static io.kitesql.testing.QueryRows.count;
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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Database#backup} copies a consistent snapshot while a write transaction and a read
 * transaction stay open, the copy opens as a database with the same rows (compared row by row) and
 * passes the integrity check, and a target that holds anything is refused. Killing a process during
 * a backup: {@link CrashSafetyTest}.
 */
class BackupTest {
  private static final int ROWS = 3000;

  @TempDir Path work;

  @Test
  void backupWhileAWriterAndAReaderWorkHoldsExactlyTheCommittedRows() throws Exception {
    var options = StorageOptions.defaults().withMapSize(1L << 24);
    try (var db = KiteSql.open(work.resolve("db"), options)) {
      db.execute("create table t (id int primary key, body varchar, n bigint)");
      db.execute("create index t_n on t (n)");
      insert(db, 0, ROWS);
      var expected = rows(db);

      // A write transaction stays open (uncommitted rows) on another thread during the backup.
      var written = new CountDownLatch(1);
      var backedUp = new CountDownLatch(1);
      var writer =
          CompletableFuture.runAsync(
              () ->
                  db.write(
                      tx -> {
                        for (int i = ROWS; i < ROWS + 500; i++) {
                          tx.execute(
                              "insert into t values (?, ?, ?)",
                              i,
                              "uncommitted " + i,
                              (long) i * 7);
                        }
                        written.countDown();
                        await(backedUp);
                        return null;
                      }));
      assertThat(written.await(30, TimeUnit.SECONDS)).isTrue();
      try (var reader = db.beginRead()) { // and a reader, holding values
        var held = reader.query("select body from t where id = 5");
        assertThat(held.next()).isTrue();
        var body = held.getText(0);

        db.backup(work.resolve("backup"));

        assertThat(body.toString()).isEqualTo(("row 5 ").repeat(6)); // still readable: no remap
        held.close();
      } finally {
        backedUp.countDown();
      }
      writer.get(30, TimeUnit.SECONDS);
      assertThat(count(db, "t")).isEqualTo(ROWS + 500); // the writer committed after the backup

      try (var copy = KiteSql.open(work.resolve("backup"), options)) {
        assertThat(copy.checkIntegrity().problems()).isEmpty();
        assertThat(rows(copy)).isEqualTo(expected); // without the rows uncommitted at backup time
        assertThat(copy.catalog().requireTable("t").index("t_n")).isPresent();
      }
    }
  }

  @Test
  void aBackupOfAQuietDatabaseEqualsItAndIsSmallerAfterDeletes() throws Exception {
    try (var db =
        KiteSql.open(work.resolve("db"), StorageOptions.defaults().withMapSize(1L << 24))) {
      db.execute("create table t (id int primary key, body varchar, n bigint)");
      insert(db, 0, ROWS);
      db.execute("delete from t where id >= 1000");
      db.backup(work.resolve("backup"));

      assertThat(Files.size(work.resolve("backup/data.mdb")))
          .as("compacted: free pages left out")
          .isLessThan(Files.size(db.dataFile()));
      try (var copy = KiteSql.open(work.resolve("backup"))) {
        assertThat(rows(copy)).isEqualTo(rows(db)).hasSize(1000);
        assertThat(copy.checkIntegrity().isOk()).isTrue();
      }
    }
  }

  @Test
  void aTargetThatHoldsAnythingIsRefusedAndLeftAlone() throws Exception {
    try (var db =
        KiteSql.open(work.resolve("db"), StorageOptions.defaults().withMapSize(1L << 24))) {
      db.execute("create table t (id int primary key, body varchar, n bigint)");
      var full = Files.createDirectories(work.resolve("full"));
      Files.writeString(full.resolve("notes.txt"), "keep me");
      var file = Files.writeString(work.resolve("a-file"), "keep me too");

      assertThatThrownBy(() -> db.backup(full))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
          .hasMessageContaining("not empty");
      assertThatThrownBy(() -> db.backup(file))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
          .hasMessageContaining("not a directory");
      assertThatThrownBy(() -> db.backup(db.dataFile().getParent()))
          .isInstanceOf(KiteSqlException.class);
      assertThat(Files.readString(full.resolve("notes.txt"))).isEqualTo("keep me");
      try (var entries = Files.list(full)) {
        assertThat(entries.count()).isOne();
      }
      assertThat(Files.readString(file)).isEqualTo("keep me too");

      var empty = Files.createDirectories(work.resolve("empty"));
      db.backup(empty); // an existing empty directory is fine
      assertThat(empty.resolve("data.mdb")).exists();
    }
    var closed = KiteSql.open(work.resolve("db"));
    closed.close();
    assertThatThrownBy(() -> closed.backup(work.resolve("after-close")))
        .isInstanceOf(IllegalStateException.class);
  }

  private static void insert(Database db, int from, int to) {
    db.write(
        tx -> {
          for (int i = from; i < to; i++) {
            tx.execute(
                "insert into t values (?, ?, ?)",
                i,
                ("row " + i + " ").repeat(1 + i % 40),
                (long) i * 7);
          }
          return null;
        });
  }

  private static List<String> rows(Database db) {
    return db.read(
        tx -> {
          var rows = new ArrayList<String>();
          try (var r = tx.query("select id, body, n from t order by id")) {
            while (r.next()) {
              rows.add(r.getInt(0) + "|" + r.getText(1) + "|" + r.getLong(2));
            }
          }
          return rows;
        });
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
