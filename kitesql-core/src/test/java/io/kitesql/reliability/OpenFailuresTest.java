package io.kitesql.reliability;

import static io.kitesql.testing.QueryRows.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open reports what went wrong, not "damaged file" for everything; and a database opens read-only
 * ({@code StorageOptions.readOnly()}) for read-only media and replicas. (Damage inside the file:
 * {@link DamagedDataFileTest}; a full disk: {@link DiskFullTest}.)
 */
class OpenFailuresTest {
  private static final int ROWS = 50;

  @TempDir Path work;

  @Test
  void aMapLargerThanTheAddressSpaceIsReportedAsSuchAndLeavesNothingBehind() {
    var dir = work.resolve("huge-map");
    // 2^55 bytes: no 64-bit Linux process has that much address space (x86-64: 2^47).
    var huge = StorageOptions.defaults().withMapSize(1L << 55);

    assertThatThrownBy(() -> KiteSql.open(dir, huge))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MAP_SIZE_TOO_LARGE))
        .hasMessageContaining("mapSize")
        .hasMessageContaining(String.valueOf(1L << 55));

    try (var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(1L << 24))) {
      assertThat(db.catalog().tables()).isEmpty();
    }
  }

  @Test
  void readOnlyOpenReadsEverythingRefusesEveryWriteAndWritesNothing() throws Exception {
    var dir = work.resolve("db");
    createDatabase(dir);
    byte[] before = Files.readAllBytes(dir.resolve("data.mdb"));

    try (var db = KiteSql.open(dir, small().readOnly())) {
      assertThat(count(db, "t")).isEqualTo(ROWS);
      assertThat(db.checkIntegrity().isOk()).isTrue();
      for (var write :
          new String[] {
            "insert into t values (1000, 'x')",
            "update t set body = 'y'",
            "delete from t",
            "create table u (id int primary key)",
            "drop table t"
          }) {
        assertThatThrownBy(() -> db.execute(write))
            .as(write)
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.READ_ONLY_DATABASE))
            .hasMessageContaining("read-only");
      }
      assertThatThrownBy(db::beginWrite)
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("read-only");
      assertThat(count(db, "t")).isEqualTo(ROWS);
      db.backup(work.resolve("replica-backup")); // a replica can still be backed up
    }
    try (var copy = KiteSql.open(work.resolve("replica-backup"), small())) {
      assertThat(count(copy, "t")).isEqualTo(ROWS);
    }
    assertThat(Files.readAllBytes(dir.resolve("data.mdb"))).isEqualTo(before);
    try (var db = KiteSql.open(dir, small())) { // and read-write again afterwards
      db.execute("insert into t values (1000, 'x')");
      assertThat(count(db, "t")).isEqualTo(ROWS + 1);
    }
  }

  @Test
  void readOnlyOpenOfADirectoryWithoutADatabaseCreatesNothing() {
    var dir = work.resolve("nothing-here");

    assertThatThrownBy(() -> KiteSql.open(dir, small().readOnly()))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.READ_ONLY_DATABASE))
        .hasMessageContaining("holds no database");
    assertThat(dir).doesNotExist();
  }

  @Test
  void aReadOnlyFileSystemIsReportedAsNotWritableAndOpensReadOnly() throws Exception {
    try (var mount = TmpfsMount.mount(work, "4m", "a read-only file system")) {
      var dir = mount.point().resolve("db");
      createDatabase(dir);
      Files.delete(
          dir.resolve("lock.mdb")); // as on media written elsewhere: LMDB cannot create it either
      mount.remountReadOnly();

      var readWrite =
          ChildJvm.run(work.resolve("child-rw"), OpenDatabaseMain.class, dir.toString());
      assertThat(readWrite.crashed()).as("%s", readWrite).isFalse();
      assertThat(readWrite.stdout())
          .startsWith("refused DATABASE_NOT_WRITABLE")
          .contains("readOnly()");

      // Read-only, LMDB would run without a lock file: refused unless the caller asserts no
      // writers.
      var readOnly =
          ChildJvm.run(
              work.resolve("child-ro"), OpenDatabaseMain.class, dir.toString(), "read-only");
      assertThat(readOnly.crashed()).as("%s", readOnly).isFalse();
      assertThat(readOnly.stdout())
          .startsWith("refused DATABASE_NOT_WRITABLE")
          .contains("readOnlyAssumingNoWriters()");

      var noWriters =
          ChildJvm.run(
              work.resolve("child-nw"),
              OpenDatabaseMain.class,
              dir.toString(),
              "read-only-no-writers");
      assertThat(noWriters.crashed()).as("%s", noWriters).isFalse();
      var lines = noWriters.stdout().strip().lines().toList();
      assertThat(lines.getFirst()).isEqualTo("opened " + ROWS);
      assertThat(lines.get(1)).startsWith("write refused READ_ONLY_DATABASE");
    }
  }

  @Test
  void optionsOutOfRangeAreRefusedAsInvalidArguments() {
    assertThatThrownBy(() -> StorageOptions.defaults().withMapSize(100))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageContaining("mapSize");
    assertThatThrownBy(() -> StorageOptions.defaults().withReadPoolSize(126))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("readPoolSize");
    assertThatThrownBy(() -> StorageOptions.defaults().withDrainWait(null))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("drainWait");
  }

  private static StorageOptions small() {
    return StorageOptions.defaults().withMapSize(1L << 24).withDrainWait(Duration.ofSeconds(2));
  }

  private static void createDatabase(Path dir) {
    try (var db = KiteSql.open(dir, small())) {
      db.execute("create table t (id int primary key, body varchar)");
      db.write(
          tx -> {
            for (int i = 0; i < ROWS; i++) {
              tx.execute("insert into t values (?, ?)", i, "row " + i);
            }
            return null;
          });
    }
  }
}
