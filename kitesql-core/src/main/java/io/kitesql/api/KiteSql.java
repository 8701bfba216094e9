package io.kitesql.api;

import io.kitesql.storage.Storage;
import io.kitesql.storage.StorageOptions;
import java.nio.file.Path;

/** Opens databases. */
public final class KiteSql {
  private KiteSql() {}

  /** Opens (or creates) the database in {@code directory} with default options. */
  public static Database open(Path directory) {
    return open(directory, StorageOptions.defaults());
  }

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
}
