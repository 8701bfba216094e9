package io.kitesql.reliability;

import static io.kitesql.testing.QueryRows.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup reclaims the LMDB reader slots of processes that died holding them ({@code
 * mdb_reader_check}) and retries within {@code readerWait}, as a read does: it used to fail with
 * READERS_EXHAUSTED at once while every slot was held by killed processes.
 */
class BackupReclaimsDeadReadersTest {
  private static final int ROWS = 300;

  @TempDir Path work;

  @Test
  void aBackupReclaimsTheSlotsOfKilledReaders() throws Exception {
    var source = work.resolve("db");
    // Four reader slots in the lock file, which this process creates; the child fills them all.
    var options =
        StorageOptions.defaults()
            .withMapSize(16L << 20)
            .withMaxReaders(4)
            .withReaderWait(Duration.ofSeconds(1));
    try (var db = KiteSql.open(source, options)) {
      db.execute("create table t (id int primary key, body varchar)");
      db.write(
          tx -> {
            for (int i = 0; i < ROWS; i++) {
              tx.execute("insert into t values (?, ?)", i, "row " + i);
            }
            return null;
          });

      // This process holds one slot in use (an idle one could be given back by the idle sweep at
      // any time, and the backup would find it free); the child takes the others.
      try (var _ = db.beginRead()) {
        var child =
            ChildJvm.start(work.resolve("child"), FillReaderSlotsMain.class, source.toString());
        try {
          child.awaitOutput("holding");
          // While the child lives, its slots are taken: the backup waits readerWait, then gives up.
          assertThatThrownBy(() -> db.backup(work.resolve("refused")))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.READERS_EXHAUSTED));
        } finally {
          child.kill(); // SIGKILL: its reader slots stay marked with its pid
        }

        db.backup(work.resolve("backup"));
      }
    }
    try (var copy =
        KiteSql.open(work.resolve("backup"), StorageOptions.defaults().withMapSize(16L << 20))) {
      assertThat(count(copy, "t")).isEqualTo(ROWS);
    }
  }
}
