package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.lmdb.LmdbException;
import java.nio.file.Path;

/**
 * Why LMDB could not open an environment, in terms the caller can act on: before, every failure of
 * {@code mdb_env_open} was reported as {@code INVALID_DATABASE_FILE}, so a read-only file system or
 * an oversized map looked like a damaged file.
 */
final class OpenFailures {
  /** errno values (Linux) that LMDB passes through as its result code. */
  static final int EPERM = 1;

  static final int ENOMEM = 12;
  static final int EACCES = 13;
  static final int EROFS = 30;

  private OpenFailures() {}

  /** Translates a failed {@code mdb_env_open} of {@code directory}. */
  static KiteSqlException environment(LmdbException e, Path directory, StorageOptions options) {
    int rc = e.code();
    var translated = LmdbErrors.translate(e, "open " + directory, directory);
    return switch (translated.errorCode()) {
      case DISK_FULL, INVALID_DATABASE_FILE -> translated;
      default ->
          switch (rc) {
            case EPERM, EACCES, EROFS -> notWritable(directory, e.getMessage(), options, e);
            case ENOMEM ->
                new KiteSqlException(
                    ErrorCode.MAP_SIZE_TOO_LARGE,
                    "cannot open "
                        + directory
                        + ": the map of "
                        + options.mapSize()
                        + " bytes (mapSize) does not fit in this process's address space ("
                        + e.getMessage()
                        + "); configure a smaller mapSize, or raise the address-space limit (ulimit -v)",
                    e);
            default ->
                new KiteSqlException(
                    ErrorCode.INVALID_DATABASE_FILE,
                    "cannot open " + directory + " as a KiteSQL database: " + e.getMessage(),
                    e);
          };
    };
  }

  /** The files in {@code directory} cannot be written; says how to open them anyway. */
  static KiteSqlException notWritable(
      Path directory, String reason, StorageOptions options, Exception cause) {
    var advice =
        options.isReadOnly()
            ? "; LMDB still needs to create or open its lock file there (on a read-only file system that nothing writes:"
                + " StorageOptions.readOnlyAssumingNoWriters())"
            : "; to read it, open it with StorageOptions.readOnly() (where LMDB's lock file cannot be written either:"
                + " readOnlyAssumingNoWriters(), if no process writes these files)";
    return new KiteSqlException(
        ErrorCode.DATABASE_NOT_WRITABLE,
        "cannot open "
            + directory
            + ": its files cannot be written by this process ("
            + reason
            + ")"
            + advice,
        cause);
  }
}
