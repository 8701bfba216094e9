package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write waits for another process's write transaction at most {@code writerWait}: LMDB's writer
 * mutex, shared between processes, has no timeout, so the wait used to last as long as the other
 * process held it (25 s with a writerWait of 2 s). Now the write fails with WRITE_LOCK_TIMEOUT, and
 * writes work again once the other process committed.
 */
class ForeignWriteLockTest {
  @TempDir Path dir;

  @Test
  void aWriteWaitsForAnotherProcessAtMostWriterWait() throws Exception {
    var options =
        StorageOptions.defaults().withMapSize(16L << 20).withWriterWait(Duration.ofMillis(500));
    try (var db = KiteSql.open(dir, options)) {
      db.execute("create table t (id int primary key)");
      var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      var child =
          new ProcessBuilder(
                  List.of(
                      java,
                      "--enable-native-access=ALL-UNNAMED",
                      "-cp",
                      System.getProperty("java.class.path"),
                      HoldWriteTransactionMain.class.getName(),
                      dir.toString(),
                      "8000"))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      try {
        var out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        assertThat(out.readLine()).isEqualTo("holding");

        for (int attempt = 0;
            attempt < 3;
            attempt++) { // the writer thread is still blocked on the first
          assertThatThrownBy(() -> db.execute("insert into t values (1)"))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_LOCK_TIMEOUT));
          assertThat(child.isAlive())
              .as("the write waited until the other process committed")
              .isTrue();
          // writeOnWriterThread begins, works and commits in one hand-off; it waits for the begin
          // the same way,
          // and its work never runs once it gave up (the count below would be 3)
          assertThatThrownBy(
                  () -> db.writeOnWriterThread(tx -> tx.execute("insert into t values (2)")))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRITE_LOCK_TIMEOUT));
          assertThat(child.isAlive())
              .as("the write waited until the other process committed")
              .isTrue();
        }
        int readable = db.read(tx -> tx.query("select id from t").toList().size());
        assertThat(readable).isZero(); // reads go on meanwhile
      } finally {
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(child.exitValue()).isZero();
      db.execute("insert into t values (1)");
      long rows =
          db.read(
              tx -> {
                try (var cursor = tx.query("select count(*) from t")) {
                  cursor.next();
                  return cursor.getLong(0);
                }
              });
      assertThat(rows).isEqualTo(2);
    }
  }
}
