package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.options.StorageOptions;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One environment per database directory per JVM, whatever the class loaders (two web applications
 * in one container, plugin loaders): a copy of the engine loaded by a second class loader has
 * registries of its own, so only a JVM-wide guard keeps it from opening the files a first copy has
 * open, which would make the first copy's snapshots read reused pages, and closing it would drop
 * the process's {@code fcntl} locks on {@code lock.mdb} (those belong to the process, and any close
 * of a descriptor on the file releases them).
 */
class SecondClassLoaderTest {
  private static final long ROWS = 2000;

  @TempDir Path dir;

  @Test
  void aSecondClassLoaderIsRefusedAndTheFirstKeepsItsSnapshotAndLocks() throws Exception {
    var db = dir.resolve("db");
    try (var first = KiteSql.open(db, small())) {
      first.execute("create table t (id int primary key, body varchar)");
      first.write(
          tx -> {
            for (int i = 0; i < ROWS; i++) {
              tx.execute("insert into t values (?, ?)", i, "row " + i);
            }
            return null;
          });
      try (var tx = first.beginRead()) {
        var rows = tx.query("select body from t where id = 7");
        assertThat(rows.next()).isTrue();
        var held = rows.getText(0);
        var lockFile = db.resolve("lock.mdb");
        long locksBefore = ownLocksOn(lockFile);
        assertThat(locksBefore).as("LMDB's locks of this process on lock.mdb").isPositive();

        try (var loader = engineLoader()) {
          assertThat(openInLoader(loader, db)).isEqualTo("refused DATABASE_IN_USE");
          assertThat(openInLoader(loader, dir.resolve("db/../db")))
              .isEqualTo("refused DATABASE_IN_USE");
        }
        assertThat(ownLocksOn(lockFile))
            .as("LMDB's locks of this process on lock.mdb")
            .isEqualTo(locksBefore);

        // Another process writes: it sees this process's reader (its locks are intact), so it
        // reuses none of the pages the held snapshot reads.
        var child =
            ChildJvm.run(
                dir.resolve("child"),
                ExecuteStatementsMain.class,
                db.toString(),
                "delete from t",
                rewrite(),
                "delete from t",
                rewrite(),
                "delete from t where id > 0");
        assertThat(child.crashed()).as(child.toString()).isFalse();
        assertThat(held.toString()).isEqualTo("row 7");
        assertThat(count(tx)).isEqualTo(ROWS);
      }
      assertThat(first.read(SecondClassLoaderTest::count)).isEqualTo(1);
    }
  }

  @Test
  void theSecondClassLoaderOpensOnceTheFirstClosed() throws Exception {
    var db = dir.resolve("db");
    KiteSql.open(db, small()).close();
    try (var loader = engineLoader()) {
      assertThat(openInLoader(loader, db)).isEqualTo("opened");
    }
    try (Database again = KiteSql.open(db, small())) {
      assertThat(again.isClosed()).isFalse();
    }
  }

  /** One statement inserting {@link #ROWS} rows of other text under the same keys. */
  private static String rewrite() {
    var values = new StringBuilder("insert into t values ");
    for (int i = 0; i < ROWS; i++) {
      values
          .append(i == 0 ? "" : ", ")
          .append("(")
          .append(i)
          .append(", 'rewritten by another process ")
          .append(i)
          .append("')");
    }
    return values.toString();
  }

  private static StorageOptions small() {
    return StorageOptions.defaults().withMapSize(16L << 20);
  }

  private static long count(ReadOnlyTransaction tx) {
    try (var rows = tx.query("select count(*) from t")) {
      rows.next();
      return rows.getLong(0);
    }
  }

  /**
   * A class loader with its own copy of the engine: the test class path, parent the platform
   * loader.
   */
  private static URLClassLoader engineLoader() throws MalformedURLException {
    var urls = new ArrayList<URL>();
    for (var entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      urls.add(Path.of(entry).toUri().toURL());
    }
    return new URLClassLoader(
        "second-engine", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /**
   * Opens {@code db} with the engine of {@code loader} (and closes it again): "opened", or
   * "refused" and the error code of the engine's exception.
   */
  private static String openInLoader(ClassLoader loader, Path db)
      throws ReflectiveOperationException {
    var kiteSql = loader.loadClass(KiteSql.class.getName());
    assertThat(kiteSql).isNotSameAs(KiteSql.class);
    var optionsClass = loader.loadClass(StorageOptions.class.getName());
    var options = optionsClass.getMethod("defaults").invoke(null);
    options = optionsClass.getMethod("withMapSize", long.class).invoke(options, 16L << 20);
    Object opened;
    try {
      opened = kiteSql.getMethod("open", Path.class, optionsClass).invoke(null, db, options);
    } catch (InvocationTargetException e) {
      var cause = e.getCause();
      assertThat(cause.getClass().getName())
          .as(cause.toString())
          .isEqualTo("io.kitesql.KiteSqlException");
      return "refused " + cause.getClass().getMethod("errorCode").invoke(cause);
    }
    ((AutoCloseable) opened).getClass().getMethod("close").invoke(opened);
    return "opened";
  }

  /** POSIX locks this process holds on {@code file}, from /proc/locks. */
  private static long ownLocksOn(Path file) throws Exception {
    var inode = Files.getAttribute(file, "unix:ino").toString();
    var pid = Long.toString(ProcessHandle.current().pid());
    return Files.readAllLines(Path.of("/proc/locks")).stream()
        .map(line -> line.trim().split("\\s+"))
        .filter(
            f ->
                f.length > 5
                    && f[1].equals("POSIX")
                    && f[4].equals(pid)
                    && f[5].endsWith(":" + inode))
        .count();
  }
}
