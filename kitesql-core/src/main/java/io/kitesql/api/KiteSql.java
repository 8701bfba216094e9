package io.kitesql.api;

import io.kitesql.storage.Storage;
import io.kitesql.storage.StorageOptions;
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
    var storage = Storage.open(directory, options);
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
   * returns that instance, and it closes when each opener has called {@link Database#close()}
   * once. Close exactly once per open: the instance is the same object for every opener.
   *
   * @throws io.kitesql.KiteSqlException {@code DATABASE_IN_USE} if the directory is open with other options,
   *     or opened exclusively with {@link #open}
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
