package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What {@code Storage.open} does with the files before LMDB maps any of them. */
public final class DatabaseFiles {
  public static final String DATA_FILE = "data.mdb";
  public static final String LOCK_FILE = "lock.mdb";

  private DatabaseFiles() {}

  /**
   * Creates the database directory; read-only, requires a database in it instead (nothing may be
   * created, and LMDB would otherwise report a missing file as a damaged one).
   */
  public static void createDirectory(Path directory, StorageOptions options) {
    if (options.isReadOnly()) {
      if (!Files.isRegularFile(directory.resolve(DATA_FILE))) {
        throw new KiteSqlException(
            ErrorCode.READ_ONLY_DATABASE,
            "cannot open "
                + directory
                + " read-only: it holds no database (no "
                + DATA_FILE
                + "), and a read-only open creates none");
      }
      return;
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      var failure = DiskSpace.failure(e, "create the database directory " + directory, directory);
      throw failure.errorCode() == ErrorCode.DATABASE_NOT_WRITABLE
          ? failure
          : new KiteSqlException(
              ErrorCode.STORAGE_FAILURE, "cannot create database directory " + directory, e);
    }
  }

  /**
   * Checks the data file and writes a missing lock file, both before LMDB maps them: a truncated
   * data file, or a lock file without blocks on a full file system, crashes the JVM (SIGBUS) on
   * first touch instead of failing a call. Read-only, a lock file that cannot be written is refused
   * ({@link #requireReaderRegistration}).
   */
  public static void checkBeforeMapping(Path directory, StorageOptions options) {
    DataFileCheck.validate(directory.resolve(DATA_FILE));
    try {
      LockFile.preallocate(directory.resolve(LOCK_FILE), options.maxReaders());
    } catch (KiteSqlException e) {
      if (!options.isReadOnly() || e.errorCode() != ErrorCode.DATABASE_NOT_WRITABLE) {
        throw e;
      }
    }
    if (options.accessMode() == StorageOptions.AccessMode.READ_ONLY) {
      requireReaderRegistration(directory);
    }
  }

  /**
   * Refuses a read-only open whose lock file cannot be written. LMDB's {@code MDB_RDONLY} then
   * quietly runs without a lock file (on EROFS): its readers are registered nowhere, so a process
   * writing the database reuses the pages they read (measured beside a writer through a read-only
   * mount: most snapshots changed or tore, and reads of a healthy file failed as damaged). Checked
   * with {@code access(2)}, which opens no descriptor (closing one on {@code lock.mdb} would drop
   * this process's LMDB locks on it).
   */
  private static void requireReaderRegistration(Path directory) {
    var lockFile = directory.resolve(LOCK_FILE);
    boolean registrable =
        Files.exists(lockFile) ? Files.isWritable(lockFile) : Files.isWritable(directory);
    if (!registrable) {
      throw new KiteSqlException(
          ErrorCode.DATABASE_NOT_WRITABLE,
          "cannot open "
              + directory
              + " read-only: LMDB's"
              + " lock file "
              + lockFile
              + " cannot be "
              + (Files.exists(lockFile) ? "written" : "created")
              + " (a read-only file system or mount, or no permission), so this process's read transactions could not be"
              + " registered and a process writing the database would reuse the pages they read. Let readers write the"
              + " lock file (they write nothing else), or, if no process writes these files while they are open (read-only"
              + " media, a backup), open with StorageOptions.readOnlyAssumingNoWriters()");
    }
  }
}
