package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Tells "the file system is full" apart from other I/O failures, for {@link ErrorCode#DISK_FULL}.
 */
public final class DiskSpace {
  /** errno values of Linux (and most Unixes) LMDB passes through as its result code. */
  static final int EIO = 5;

  static final int ENOSPC = 28;
  static final int EDQUOT = 122;

  /**
   * Below this many usable bytes, an EIO from a write is taken for a full file system: LMDB reports
   * a short write (what a filling disk produces) as EIO (mdb_page_flush).
   */
  private static final long NEARLY_FULL = 1 << 20;

  private DiskSpace() {}

  /** A KiteSqlException for a failed file operation: DISK_FULL when it ran out of space. */
  public static KiteSqlException failure(IOException e, String action, Path file) {
    String reason = e.getMessage() == null ? e.toString() : e.getMessage();
    // The JDK's message is strerror's, in the process locale; the free space is the fallback. A
    // FileSystemException (access denied, no such file, ...) is never about space.
    if (isNotWritable(e)) {
      return new KiteSqlException(
          ErrorCode.DATABASE_NOT_WRITABLE,
          "cannot "
              + action
              + ": it cannot be written by this"
              + " process ("
              + reason
              + "); a database on read-only media opens with StorageOptions.readOnly()",
          e);
    }
    boolean noSpace =
        !(e instanceof FileSystemException)
            && (reason.toLowerCase(Locale.ROOT).contains("no space left") || nearlyFull(file));
    return noSpace
        ? new KiteSqlException(
            ErrorCode.DISK_FULL,
            "cannot " + action + ": no space left on device (" + reason + ")",
            e)
        : new KiteSqlException(ErrorCode.STORAGE_FAILURE, "cannot " + action + ": " + reason, e);
  }

  /** Permission denied, or a read-only file system (the JDK reports EROFS by strerror's text). */
  static boolean isNotWritable(IOException e) {
    return e instanceof AccessDeniedException
        || (e instanceof FileSystemException f
            && f.getReason() != null
            && f.getReason().toLowerCase(Locale.ROOT).contains("read-only file system"));
  }

  /** Whether LMDB result code {@code rc} from a call that wrote means the file system is full. */
  public static boolean isNoSpace(int rc, Path directory) {
    return rc == ENOSPC
        || rc == EDQUOT
        || (rc == EIO && directory != null && nearlyFull(directory));
  }

  /**
   * Whether the file system holding {@code path} (or its nearest existing parent) is nearly full.
   */
  static boolean nearlyFull(Path path) {
    for (var p = path; p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        try {
          return Files.getFileStore(p).getUsableSpace() < NEARLY_FULL;
        } catch (IOException _) {
          return false;
        }
      }
    }
    return false;
  }
}
