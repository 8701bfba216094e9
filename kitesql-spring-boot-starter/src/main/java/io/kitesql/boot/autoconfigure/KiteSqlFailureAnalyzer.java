package io.kitesql.boot.autoconfigure;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;

/**
 * Explains why the KiteSQL database did not open, naming {@code kitesql.path}: the path is a file,
 * the directory is not writable, it holds something that is not a KiteSQL database (or a damaged or
 * newer one), or this JVM has it open already. Other engine errors during start-up are explained
 * with their code. Registered in {@code META-INF/spring.factories}.
 *
 * <p>LMDB lets several processes open one environment at once, so "locked by another process" is
 * not a failure here; opening it twice in one process is, and is refused before LMDB sees it.
 */
public class KiteSqlFailureAnalyzer implements FailureAnalyzer {
  private final Environment environment;

  /**
   * Boot passes the application's environment (the analyzer's only constructor, so Boot uses it).
   */
  public KiteSqlFailureAnalyzer(Environment environment) {
    this.environment = environment;
  }

  @Override
  public @Nullable FailureAnalysis analyze(Throwable failure) {
    for (var t = failure; t != null; t = t.getCause()) {
      if (t instanceof DatabaseAlreadyOpenException open) {
        return new FailureAnalysis(
            "The KiteSQL database at "
                + open.getDirectory()
                + " (kitesql.path) is already open in this JVM, by another"
                + " application context that has not closed it. LMDB must not open one environment twice in a process.",
            "Close the other context first, or give this one its own kitesql.path.",
            open);
      }
      if (t instanceof KiteSqlException e) {
        return analyze(e);
      }
    }
    return null;
  }

  private FailureAnalysis analyze(KiteSqlException e) {
    var where = "The KiteSQL database at " + path() + " (kitesql.path)";
    var code = e.errorCode();
    if (has(e, FileAlreadyExistsException.class)) {
      return new FailureAnalysis(
          where + " could not be opened: that path is a file, not a directory.",
          "Point kitesql.path at a directory (it is created if missing), or move the file away.",
          e);
    }
    if (has(e, AccessDeniedException.class) || code == ErrorCode.DATABASE_NOT_WRITABLE) {
      return new FailureAnalysis(
          where
              + " could not be opened: the directory or its files are not writable by this process ("
              + e.getMessage()
              + ").",
          "Make the directory writable by the application's user, or set kitesql.path to one that is.",
          e);
    }
    if (code == ErrorCode.INVALID_DATABASE_FILE) {
      return new FailureAnalysis(
          where
              + " could not be opened: it does not hold a KiteSQL database, or its data file is damaged ("
              + e.getMessage()
              + ").",
          "Set kitesql.path to an empty directory or to an existing KiteSQL database.",
          e);
    }
    if (code == ErrorCode.UNSUPPORTED_FORMAT_VERSION) {
      return new FailureAnalysis(
          where + " was written by a newer KiteSQL: " + e.getMessage(),
          "Upgrade KiteSQL, or point kitesql.path at a database of this version.",
          e);
    }
    if (code == ErrorCode.STORAGE_FAILURE && has(e, FileSystemException.class)) {
      return new FailureAnalysis(
          where + " could not be opened: " + e.getMessage(),
          "Check that kitesql.path names a directory this process can create and write.",
          e);
    }
    return new FailureAnalysis(
        "KiteSQL failed during start-up (database " + path() + "): " + e.getMessage(),
        "See the error code "
            + code
            + " ("
            + code.code()
            + ", SQLSTATE "
            + code.sqlState()
            + ") in the KiteSQL documentation.",
        e);
  }

  private String path() {
    return environment.getProperty("kitesql.path", "./data/kitesql");
  }

  private static boolean has(Throwable e, Class<? extends Throwable> type) {
    for (var t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
