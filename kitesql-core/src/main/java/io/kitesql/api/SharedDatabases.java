package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The databases opened with {@link KiteSql#openShared}, by directory, each with the number of its
 * openers: LMDB allows one open instance of a database per process, so the openers of one directory
 * (the JDBC driver, an application's {@code Database} bean) share one instance, closed when the
 * last of them closes it.
 *
 * <p>The named in-memory databases of {@link KiteSql#inMemoryShared} are listed by their name
 * ({@link MemoryName}), the same way.
 *
 * <p>A directory opened with {@link KiteSql#open} is not listed: that open is exclusive, and a
 * shared open of its directory is refused with {@code DATABASE_IN_USE} by the storage layer.
 */
final class SharedDatabases {
  /** Guarded by itself. Keys: a directory's {@link Path}, or a {@link MemoryName}. */
  private static final Map<Object, Database> OPEN = new HashMap<>();

  /** The key of a named in-memory database. */
  record MemoryName(String name) {
    @Override
    public String toString() {
      return "mem:" + name;
    }
  }

  private SharedDatabases() {}

  /**
   * The open database of {@code directory} with one more opener, or the database opened now.
   *
   * @param options the options to open with; empty to take those of the instance already open (or
   *     the defaults if none is)
   */
  static Database open(Path directory, Optional<StorageOptions> options) {
    synchronized (OPEN) {
      var open = OPEN.get(key(directory));
      if (open != null) {
        return joined(open, directory, options);
      }
      var database = KiteSql.open(directory, options.orElseGet(StorageOptions::defaults));
      return registered(database, key(directory)); // exists now: the real path
    }
  }

  /** Like {@link #open(Path, Optional)}, for the in-memory database named {@code name}. */
  static Database openInMemory(String name, Optional<StorageOptions> options) {
    var key = new MemoryName(name);
    synchronized (OPEN) {
      var open = OPEN.get(key);
      if (open != null) {
        return joined(open, key, options);
      }
      return registered(KiteSql.inMemory(options.orElseGet(StorageOptions::inMemoryDefaults)), key);
    }
  }

  /** {@code open} with one more opener, if {@code options} (when given) are those it has. */
  private static Database joined(Database open, Object key, Optional<StorageOptions> options) {
    options.ifPresent(asked -> requireSameOptions(key, open.storage().options(), asked));
    open.openers++;
    return open;
  }

  private static Database registered(Database database, Object key) {
    database.openers = 1;
    database.sharedAs = key;
    OPEN.put(key, database);
    return database;
  }

  /**
   * Closes {@code database} for one opener; the last one closes it (and may be refused, staying
   * counted).
   */
  static void close(Database database) {
    synchronized (OPEN) {
      if (database.openers > 1) {
        database.openers--;
        return;
      }
      database.storage().close(); // refused while transactions are open: the opener may retry
      if (database.openers == 1) {
        database.openers = 0;
        OPEN.remove(database.sharedAs);
      }
    }
  }

  private static void requireSameOptions(
      Object directory, StorageOptions open, StorageOptions asked) {
    if (!open.equals(asked)) {
      throw new KiteSqlException(
          ErrorCode.DATABASE_IN_USE,
          "database "
              + directory
              + " is already open in this process with other options ("
              + open
              + ", asked for "
              + asked
              + "); open it with the same options, or without options to share the open instance");
    }
  }

  /**
   * The directory's real path if it exists (so every path to it is one key), else its normalized
   * absolute path.
   */
  private static Path key(Path directory) {
    try {
      return Files.exists(directory)
          ? directory.toRealPath()
          : directory.toAbsolutePath().normalize();
    } catch (IOException e) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE, "cannot resolve the database directory " + directory, e);
    }
  }
}
