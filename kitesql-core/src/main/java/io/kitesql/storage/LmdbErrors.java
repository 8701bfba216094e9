package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.nio.file.Path;
import org.lmdbjava.Dbi;
import org.lmdbjava.Env;
import org.lmdbjava.LmdbException;
import org.lmdbjava.LmdbNativeException;

/** The one place where lmdbjava's exceptions become the engine's. */
final class LmdbErrors {
  /** LMDB's compiled-in maximum key size (MDB_MAXKEYSIZE). */
  static final int MAX_KEY_SIZE = 511;

  private LmdbErrors() {}

  static KiteSqlException translate(LmdbException e, String action) {
    return translate(e, action, null);
  }

  /**
   * Translates an exception of a call that may write to the files in {@code directory} (null if
   * unknown): ENOSPC and EDQUOT, and EIO while the file system is nearly full (LMDB reports a
   * short write as EIO), become {@link ErrorCode#DISK_FULL}.
   */
  static KiteSqlException translate(LmdbException e, String action, Path directory) {
    if (e instanceof LmdbNativeException n && DiskSpace.isNoSpace(n.getResultCode(), directory)) {
      return new KiteSqlException(ErrorCode.DISK_FULL, action + " failed: no space left on device ("
          + e.getMessage() + ", LMDB code " + n.getResultCode() + "); nothing of it was committed", e);
    }
    if (isDamage(e)) {
      return new KiteSqlException(ErrorCode.INVALID_DATABASE_FILE, action + " failed: the database file is damaged ("
          + e.getMessage() + "); restore it from a backup (Database.backup)", e);
    }
    var code =
        switch (e) {
          case Env.ReadersFullException _ -> ErrorCode.READERS_EXHAUSTED;
          case Env.MapFullException _ -> ErrorCode.MAP_FULL;
          case Env.FileInvalidException _, Env.VersionMismatchException _ -> ErrorCode.INVALID_DATABASE_FILE;
          case Dbi.BadValueSizeException _ -> ErrorCode.KEY_TOO_LARGE;
          case Env.AlreadyClosedException _ -> ErrorCode.DATABASE_CLOSED;
          default -> ErrorCode.STORAGE_FAILURE;
        };
    var native_ = e instanceof LmdbNativeException n ? " (LMDB code " + n.getResultCode() + ")" : "";
    return new KiteSqlException(code, action + " failed: " + e.getMessage() + native_, e);
  }

  /**
   * LMDB found a page that is not what its parent says (MDB_CORRUPTED, MDB_PAGE_NOTFOUND), a
   * named database record of the wrong kind (MDB_INCOMPATIBLE), or gave up (MDB_PANIC): the
   * file is damaged inside, where the check before opening ({@link DataFileCheck}) does not look.
   */
  private static boolean isDamage(LmdbException e) {
    return e instanceof LmdbNativeException.PageCorruptedException
        || e instanceof LmdbNativeException.PageNotFoundException
        || e instanceof LmdbNativeException.PanicException
        || e instanceof Dbi.IncompatibleException;
  }

  static void checkKey(int length) {
    if (length > MAX_KEY_SIZE) {
      throw new KiteSqlException(
          ErrorCode.KEY_TOO_LARGE,
          "key of " + length + " bytes exceeds LMDB's limit of " + MAX_KEY_SIZE + " bytes");
    }
    if (length == 0) {
      throw new KiteSqlException(ErrorCode.KEY_TOO_LARGE, "empty keys are not allowed by LMDB");
    }
  }
}
