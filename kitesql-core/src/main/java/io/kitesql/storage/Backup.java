package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.files.DataFileCheck;
import io.kitesql.storage.files.DatabaseFiles;
import io.kitesql.storage.files.DiskSpace;
import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An online backup: LMDB's compacting copy ({@code mdb_env_copy2} with {@code MDB_CP_COMPACT})
 * writes the snapshot of one read transaction into a new directory, page by page, leaving out free
 * pages. It takes no writer lock, so the writer and readers keep working; the copy is a consistent
 * database (the last commit before it began) that {@link Storage#open} opens like any other. A copy
 * cut short (crash, full disk) is shorter than its meta page says and is refused on open as
 * truncated ({@link DataFileCheck}), never read as a partial database.
 */
final class Backup {
  private Backup() {}

  /** Creates {@code target} if needed; refuses anything in it: a backup never overwrites. */
  static void prepareTarget(Path target) {
    if (Files.exists(target) && !Files.isDirectory(target)) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT,
          "cannot back up into " + target + ": it exists and is not a directory");
    }
    try {
      if (Files.isDirectory(target)) {
        try (var entries = Files.list(target)) {
          if (entries.findAny().isPresent()) {
            throw new KiteSqlException(
                ErrorCode.INVALID_ARGUMENT,
                "cannot back up into "
                    + target
                    + ": the directory is not empty; a backup goes into a new or empty directory and never overwrites");
          }
        }
      }
      Files.createDirectories(target);
    } catch (IOException e) {
      throw DiskSpace.failure(e, "create the backup directory " + target, target);
    }
  }

  /**
   * Copies {@code env} into the empty directory {@code target}; the caller holds a read permit, so
   * the map is neither resized nor closed meanwhile (the copy's own read transaction would read a
   * remapped map). A failed copy removes what it wrote, so the same target can be retried. The
   * copy's read transaction needs a reader slot: when every slot is taken, the slots of dead
   * processes are reclaimed and the copy retried within {@code readerWait}, as for a read ({@link
   * ReaderSlots#withFreeSlot}); {@code ownInUse} is this process's open read transactions.
   */
  static void copy(LmdbEnv env, Path directory, Path target, Duration readerWait, int ownInUse) {
    try {
      ReaderSlots.withFreeSlot(() -> copyOnce(env, target), env, directory, readerWait, ownInUse);
    } catch (LmdbException e) {
      throw LmdbErrors.translate(e, "back up " + directory + " into " + target, target);
    }
  }

  private static void copyOnce(LmdbEnv env, Path target) {
    try {
      env.copy(target, Lmdb.CP_COMPACT);
    } catch (LmdbException e) {
      removePartialCopy(
          target); // mdb_env_copy2 creates data.mdb exclusively: a retry needs it gone
      throw e;
    }
  }

  private static void removePartialCopy(Path target) {
    try {
      Files.deleteIfExists(target.resolve(DatabaseFiles.DATA_FILE));
    } catch (IOException _) {
      // Refused on open anyway: shorter than its meta page says.
    }
  }
}
