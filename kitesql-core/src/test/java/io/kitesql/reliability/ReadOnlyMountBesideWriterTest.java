package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-only open through a read-only mount (a replica or sidecar with a {@code :ro} volume)
 * beside a process that writes the database. LMDB's {@code MDB_RDONLY} quietly runs without its
 * lock file when it cannot open it for writing, so the reader's snapshots were registered nowhere:
 * the writer reused the pages they read (most snapshots changed or tore, and reads of a healthy
 * file failed as damaged). Such an open is refused unless the caller asserts that nothing writes
 * the files; through a writable directory a read-only open registers its readers and works.
 */
class ReadOnlyMountBesideWriterTest {
  private static final int ROWS = 500;

  @TempDir Path work;

  @Test
  void aReadOnlyOpenThatCannotRegisterItsReadersIsRefused() throws Exception {
    var source = work.resolve("db");
    try (var writer = openWithRows(source);
        var mount = ReadOnlyBindMount.of(source, work.resolve("ro"))) {
      var child =
          ChildJvm.run(
              work.resolve("child-ro"),
              OpenDatabaseMain.class,
              mount.point().toString(),
              "read-only");
      assertThat(child.crashed()).as("%s", child).isFalse();
      assertThat(child.stdout())
          .startsWith("refused DATABASE_NOT_WRITABLE")
          .contains("lock.mdb", "readOnlyAssumingNoWriters()");

      // Through the writable path, the same read-only open registers its readers and opens.
      var beside =
          ChildJvm.run(
              work.resolve("child-rw-dir"), OpenDatabaseMain.class, source.toString(), "read-only");
      assertThat(beside.crashed()).as("%s", beside).isFalse();
      assertThat(beside.stdout())
          .startsWith("opened " + ROWS + "\nwrite refused READ_ONLY_DATABASE");

      writer.execute("insert into t values (" + ROWS + ", 'after')");
      long count =
          writer.read(
              tx -> {
                try (var rows = tx.query("select count(*) from t")) {
                  rows.next();
                  return rows.getLong(0);
                }
              });
      assertThat(count).isEqualTo(ROWS + 1);
    }
  }

  @Test
  void filesNothingWritesOpenThroughAReadOnlyMountOnTheCallersWord() throws Exception {
    var source = work.resolve("db");
    openWithRows(source).close();
    try (var mount = ReadOnlyBindMount.of(source, work.resolve("ro"))) {
      var plain =
          ChildJvm.run(
              work.resolve("child-ro"),
              OpenDatabaseMain.class,
              mount.point().toString(),
              "read-only");
      assertThat(plain.stdout()).as("%s", plain).startsWith("refused DATABASE_NOT_WRITABLE");

      var asserted =
          ChildJvm.run(
              work.resolve("child-nw"),
              OpenDatabaseMain.class,
              mount.point().toString(),
              "read-only-no-writers");
      assertThat(asserted.crashed()).as("%s", asserted).isFalse();
      assertThat(asserted.stdout())
          .startsWith("opened " + ROWS + "\nwrite refused READ_ONLY_DATABASE");
    }
  }

  private static Database openWithRows(Path dir) {
    var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(1L << 24));
    db.execute("create table t (id int primary key, body varchar)");
    db.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            tx.execute("insert into t values (?, ?)", i, "row " + i);
          }
          return null;
        });
    return db;
  }
}
