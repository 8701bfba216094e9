package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.files.DataFileCheck;
import io.kitesql.storage.files.DiskSpace;
import io.kitesql.storage.lmdb.Lmdb;
import io.kitesql.storage.lmdb.LmdbException;
import java.nio.file.Path;

/**
 * The one place where LMDB's result codes ({@link LmdbException}) become the engine's {@link
 * KiteSqlException}s. The message keeps LMDB's own text for the code ({@code mdb_strerror}) and the
 * code itself.
 */
final class LmdbErrors {
  private LmdbErrors() {}

  static KiteSqlException translate(LmdbException e, String action) {
    return translate(e, action, null);
  }

  /**
   * Translates a failure of a call that may write to the files in {@code directory} (null if
   * unknown): ENOSPC and EDQUOT, and EIO while the file system is nearly full (LMDB reports a short
   * write as EIO), become {@link ErrorCode#DISK_FULL}.
   */
  static KiteSqlException translate(LmdbException e, String action, Path directory) {
    int rc = e.code();
    if (DiskSpace.isNoSpace(rc, directory)) {
      return new KiteSqlException(
          ErrorCode.DISK_FULL,
          action
              + " failed: no space left on device ("
              + e.getMessage()
              + ", LMDB code "
              + rc
              + "); nothing of it was committed",
          e);
    }
    if (isDamage(rc)) {
      return new KiteSqlException(
          ErrorCode.INVALID_DATABASE_FILE,
          action
              + " failed: the database file is damaged ("
              + e.getMessage()
              + "); restore it from a backup (Database.backup)",
          e);
    }
    var code =
        switch (rc) {
          case Lmdb.READERS_FULL -> ErrorCode.READERS_EXHAUSTED;
          case Lmdb.MAP_FULL -> ErrorCode.MAP_FULL;
          case Lmdb.INVALID, Lmdb.VERSION_MISMATCH -> ErrorCode.INVALID_DATABASE_FILE;
          case Lmdb.BAD_VALSIZE -> ErrorCode.KEY_TOO_LARGE;
          default -> ErrorCode.STORAGE_FAILURE;
        };
    return new KiteSqlException(
        code, action + " failed: " + e.getMessage() + " (LMDB code " + rc + ")", e);
  }

  /**
   * LMDB found a page that is not what its parent says (MDB_CORRUPTED, MDB_PAGE_NOTFOUND), a named
   * database record of the wrong kind (MDB_INCOMPATIBLE), or gave up (MDB_PANIC): the file is
   * damaged inside, where the check before opening ({@link DataFileCheck}) does not look.
   */
  private static boolean isDamage(int rc) {
    return rc == Lmdb.CORRUPTED
        || rc == Lmdb.PAGE_NOTFOUND
        || rc == Lmdb.PANIC
        || rc == Lmdb.INCOMPATIBLE;
  }
}
