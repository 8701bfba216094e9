package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What {@link Storage#open} does with the files before LMDB maps any of them. */
final class DatabaseFiles {
  static final String DATA_FILE = "data.mdb";
  static final String LOCK_FILE = "lock.mdb";

  private DatabaseFiles() {}

  /**
   * Creates the database directory; read-only, requires a database in it instead (nothing may be
   * created, and LMDB would otherwise report a missing file as a damaged one).
   */
  static void createDirectory(Path directory, StorageOptions options) {
    if (options.isReadOnly()) {
      if (!Files.isRegularFile(directory.resolve(DATA_FILE))) {
        throw new KiteSqlException(ErrorCode.READ_ONLY_DATABASE, "cannot open " + directory
            + " read-only: it holds no database (no " + DATA_FILE + "), and a read-only open creates none");
      }
      return;
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      var failure = DiskSpace.failure(e, "create the database directory " + directory, directory);
      throw failure.errorCode() == ErrorCode.DATABASE_NOT_WRITABLE ? failure
          : new KiteSqlException(ErrorCode.STORAGE_FAILURE, "cannot create database directory " + directory, e);
    }
  }

  /**
   * Checks the data file and writes a missing lock file, both before LMDB maps them: a truncated
   * data file, or a lock file without blocks on a full file system, crashes the JVM (SIGBUS) on
   * first touch instead of failing a call. Read-only, a lock file that cannot be created is left
   * to LMDB: on a read-only file system {@code MDB_RDONLY} runs without one.
   */
  static void checkBeforeMapping(Path directory, StorageOptions options) {
    DataFileCheck.validate(directory.resolve(DATA_FILE));
    try {
      LockFile.preallocate(directory.resolve(LOCK_FILE), options.maxReaders());
    } catch (KiteSqlException e) {
      if (!options.isReadOnly() || e.errorCode() != ErrorCode.DATABASE_NOT_WRITABLE) {
        throw e;
      }
    }
  }
}
