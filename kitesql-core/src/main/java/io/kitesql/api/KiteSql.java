package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Storage;
import java.nio.file.Path;
import java.util.Optional;

/** Opens databases. */
public final class KiteSql {
  private KiteSql() {}

  /** Opens (or creates) the database in {@code directory} with default options. */
  public static Database open(Path directory) {
    return open(directory, StorageOptions.defaults());
  }

  /**
   * Opens (or creates) the database in {@code directory} for this caller alone: a second open of
   * the directory in this process, exclusive or shared, is refused with {@code DATABASE_IN_USE}.
   */
  public static Database open(Path directory, StorageOptions options) {
    Arguments.required(directory, "the database directory");
    Arguments.required(options, "the storage options");
    return wrap(Storage.open(directory, options));
  }

  /**
   * Opens a new, empty in-memory database for this caller alone, with {@link
   * StorageOptions#inMemoryDefaults()}: for tests and throwaway data. <strong>Not durable</strong>:
   * its data is gone when it closes (or the process ends). Reads lend values from LMDB's map as
   * with any database.
   *
   * <p>Its files lie on {@code /dev/shm} (memory) where that is a writable directory, else in
   * {@code java.io.tmpdir}, and are deleted right after the open: the operating system frees them
   * when the database closes or the process ends, a crash included, so nothing is left behind. Its
   * size is bounded by that file system ({@code /dev/shm} holds half the RAM by default, a Docker
   * container's 64 MiB unless {@code --shm-size} says otherwise); past it a write fails with {@code
   * DISK_FULL}.
   */
  public static Database inMemory() {
    return inMemory(StorageOptions.inMemoryDefaults());
  }

  /**
   * Opens a new, empty in-memory database (see {@link #inMemory()}) with {@code options}.
   *
   * @throws io.kitesql.KiteSqlException {@code INVALID_ARGUMENT} for read-only options or {@code
   *     writeMap} (which would allocate the whole map in memory)
   */
  public static Database inMemory(StorageOptions options) {
    Arguments.required(options, "the storage options");
    return wrap(Storage.openInMemory(options));
  }

  /**
   * Opens the in-memory database named {@code name}, shared within this process like {@link
   * #openShared(Path, StorageOptions)}: while one is open, every shared open of the name returns
   * that instance (the JDBC driver's {@code jdbc:kitesql:mem:<name>} and the Spring Boot starter's
   * {@code kitesql.path=mem:<name>} meet on it). It closes, and its data is gone, when each opener
   * has called {@link Database#close()} once; the next open of the name starts empty.
   *
   * @throws io.kitesql.KiteSqlException {@code INVALID_ARGUMENT} for a blank name; {@code
   *     DATABASE_IN_USE} if the name is open with other options
   */
  public static Database inMemoryShared(String name, StorageOptions options) {
    Arguments.required(options, "the storage options");
    return SharedDatabases.openInMemory(requireName(name), Optional.of(options));
  }

  /**
   * Opens the in-memory database named {@code name} shared (see {@link #inMemoryShared(String,
   * StorageOptions)}), with the options of the instance already open, or {@link
   * StorageOptions#inMemoryDefaults()} if none is.
   */
  public static Database inMemoryShared(String name) {
    return SharedDatabases.openInMemory(requireName(name), Optional.empty());
  }

  private static String requireName(String name) {
    Arguments.required(name, "the in-memory database's name");
    if (name.isBlank()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT, "the in-memory database's name must not be blank");
    }
    return name;
  }

  private static Database wrap(Storage storage) {
    try {
      return new Database(storage);
    } catch (RuntimeException e) {
      storage.close();
      throw e;
    }
  }

  /**
   * Opens the database in {@code directory} shared with the other shared openers of this process
   * (the JDBC driver, the Spring Boot starter's {@code Database} bean): LMDB allows one open
   * instance of a database per process, so while one is open every shared open of the directory
   * returns that instance, and it closes when each opener has called {@link Database#close()} once.
   * Close exactly once per open: the instance is the same object for every opener.
   *
   * @throws io.kitesql.KiteSqlException {@code DATABASE_IN_USE} if the directory is open with other
   *     options, or opened exclusively with {@link #open}
   */
  public static Database openShared(Path directory, StorageOptions options) {
    Arguments.required(directory, "the database directory");
    Arguments.required(options, "the storage options");
    return SharedDatabases.open(directory, Optional.of(options));
  }

  /**
   * Opens the database in {@code directory} shared (see {@link #openShared(Path, StorageOptions)}),
   * with the options of the instance already open, or the defaults if none is.
   */
  public static Database openShared(Path directory) {
    Arguments.required(directory, "the database directory");
    return SharedDatabases.open(directory, Optional.empty());
  }
}
