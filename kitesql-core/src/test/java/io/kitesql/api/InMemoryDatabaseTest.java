package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link KiteSql#inMemory()} and {@link KiteSql#inMemoryShared}: on real LMDB, files deleted at
 * open.
 */
class InMemoryDatabaseTest {
  private static final Path SHM = Path.of("/dev/shm");

  @Test
  void dataIsWrittenAndReadBackAsViewsOfTheMapWithoutFilesOnDisk() throws IOException {
    Path directory;
    try (var db = KiteSql.inMemory()) {
      directory = db.dataFile().getParent();
      if (Files.isDirectory(SHM) && Files.isWritable(SHM)) {
        assertThat(directory.getParent()).isEqualTo(SHM);
      }
      assertThat(directory.getFileName().toString())
          .startsWith("kitesql-mem-" + ProcessHandle.current().pid() + "-");
      assertThat(directory).as("deleted right after the open").doesNotExist();
      assertThat(openDescriptorsOf(directory))
          .as("LMDB keeps the unlinked files open")
          .isNotEmpty();

      db.execute("create table notes (id int primary key, body varchar)");
      for (int id = 1; id <= 100; id++) {
        db.execute("insert into notes values (?, ?)", id, "note " + id);
      }
      var map = MappedRegions.of(db.dataFile());
      assertThat(map.isEmpty()).as("the unlinked data file is still mapped").isFalse();
      var bodies = new ArrayList<String>();
      try (var tx = db.beginRead();
          var rows = tx.query("select body from notes order by id")) {
        while (rows.next()) {
          var body = (Text) rows.get(0);
          assertThat(body.isBorrowed()).isTrue();
          assertThat(map.contains(body.asReadOnlySegment().address(), body.utf8Length()))
              .as("text lies in the map")
              .isTrue();
          bodies.add(body.toString());
        }
      }
      var expected = new ArrayList<String>();
      for (int id = 1; id <= 100; id++) {
        expected.add("note " + id);
      }
      assertThat(bodies).isEqualTo(expected);
    }
    assertThat(directory).doesNotExist();
    assertThat(openDescriptorsOf(directory))
        .as("closing released the files, so their memory is freed")
        .isEmpty();
  }

  @Test
  void theMapGrowsOnTheUnlinkedFiles() {
    var options = StorageOptions.inMemoryDefaults().withMapSize(1L << 20);
    var body = "x".repeat(1000);
    try (var db = KiteSql.inMemory(options)) {
      db.execute("create table t (id int primary key, body varchar)");
      for (int batch = 0; batch < 8; batch++) {
        int first = batch * 1000;
        db.write(
            tx -> {
              for (int id = first; id < first + 1000; id++) {
                tx.execute("insert into t values (?, ?)", id, body);
              }
              return null;
            });
      }
      assertThat(db.storage().stats().mapSize())
          .as("8 MB of rows in a 1 MiB map")
          .isGreaterThan(1L << 20);
      long[] countAndLength =
          db.read(
              tx -> {
                try (var rows = tx.query("select count(*), sum(length(body)) from t")) {
                  rows.next();
                  return new long[] {rows.getLong(0), rows.getLong(1)};
                }
              });
      assertThat(countAndLength).containsExactly(8000, 8000L * body.length());
    }
  }

  @Test
  void oneNameIsOneDatabaseUntilItsLastOpenerClosesIt() {
    var first = KiteSql.inMemoryShared("orders");
    var second = KiteSql.inMemoryShared("orders", StorageOptions.inMemoryDefaults());
    assertThat(second).isSameAs(first);
    try (var other = KiteSql.inMemoryShared("customers");
        var unnamed = KiteSql.inMemory()) {
      assertThat(other).isNotSameAs(first);
      assertThat(unnamed).isNotSameAs(first).isNotSameAs(other);
    }
    assertThatThrownBy(
            () ->
                KiteSql.inMemoryShared(
                    "orders", StorageOptions.inMemoryDefaults().withMapSize(1L << 20)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DATABASE_IN_USE))
        .hasMessageContaining("mem:orders");
    first.execute("create table t (id int primary key)");
    first.close();
    assertThat(second.isClosed()).isFalse();
    assertThat(second.execute("insert into t values (1)")).isEqualTo(1);
    second.close();
    assertThat(first.isClosed()).isTrue();
    try (var again = KiteSql.inMemoryShared("orders")) {
      assertThat(again).isNotSameAs(first);
      assertThat(again.catalog().table("t"))
          .as("a closed in-memory database's data is gone")
          .isEmpty();
    }
  }

  @Test
  void optionsItCannotHonourAndBlankNamesAreRefused() {
    assertInvalid(
        () -> KiteSql.inMemory(StorageOptions.inMemoryDefaults().readOnly()), "read-only");
    assertInvalid(
        () -> KiteSql.inMemory(StorageOptions.inMemoryDefaults().withWriteMap(true)), "writeMap");
    assertInvalid(() -> KiteSql.inMemoryShared(" "), "blank");
    assertInvalid(() -> KiteSql.inMemory(null), "must not be null");
  }

  @Test
  void leftoversOfEndedProcessesAreRemovedAtTheNextOpen() throws Exception {
    var base =
        Files.isDirectory(SHM) && Files.isWritable(SHM)
            ? SHM
            : Path.of(System.getProperty("java.io.tmpdir"));
    var ended =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    ended.waitFor();
    var stale = Files.createDirectory(base.resolve("kitesql-mem-" + ended.pid() + "-left"));
    Files.writeString(stale.resolve("data.mdb"), "left by a process that ended");
    var live =
        Files.createDirectory(
            base.resolve("kitesql-mem-" + ProcessHandle.current().pid() + "-live"));
    try {
      KiteSql.inMemory().close();
      assertThat(stale).doesNotExist();
      assertThat(live).as("a running process's directory stays").exists();
    } finally {
      Files.deleteIfExists(live);
      Files.deleteIfExists(stale.resolve("data.mdb"));
      Files.deleteIfExists(stale);
    }
  }

  private static void assertInvalid(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String message) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageContaining(message);
  }

  /** The descriptors of this process open on files of {@code directory} (Linux's /proc/self/fd). */
  static List<String> openDescriptorsOf(Path directory) throws IOException {
    var targets = new ArrayList<String>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (var fd : fds.toList()) {
        try {
          var target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith(directory + "/")) {
            targets.add(target);
          }
        } catch (IOException _) {
          // closed since the listing
        }
      }
    }
    return targets;
  }
}
