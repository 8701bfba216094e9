package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.lmdb.NativeBinding;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The files of an in-memory database ({@code Storage.openInMemory}): a new directory {@code
 * kitesql-mem-<pid>-<random>} on {@code /dev/shm} (memory) where that is a writable directory, else
 * in {@code java.io.tmpdir}, whose files are deleted right after LMDB opened them.
 *
 * <p>LMDB opens {@code data.mdb} and {@code lock.mdb} once, at open, and afterwards works on its
 * descriptors and its map only, so the files can be unlinked at once: the kernel keeps them while
 * they are open and frees them when the environment closes or the process ends, however it ends (a
 * {@code SIGKILL} included). Nothing is left on disk from then on. {@code writeMap} is refused: its
 * map growth allocates the data file by name, and on {@code /dev/shm} it would take the whole map
 * in memory; so is read-only access, since a new database is empty. Where the file system refuses
 * to delete open files (Windows), the directory is deleted when the database closes instead.
 *
 * <p>Only the moments between creating the directory and deleting its files leave something a crash
 * could strand; every in-memory open therefore first removes the {@code kitesql-mem-*} directories
 * of processes that no longer run (the pid is in the name).
 */
public final class InMemoryFiles {
  private static final String PREFIX = "kitesql-mem-";
  private static final System.Logger LOG = System.getLogger(InMemoryFiles.class.getName());

  private InMemoryFiles() {}

  /**
   * Creates the directory of a new in-memory database opened with {@code options}, after removing
   * the leftovers of processes that ended; the caller opens it, then {@link #deleteTree deletes}
   * it.
   *
   * @throws KiteSqlException {@link ErrorCode#INVALID_ARGUMENT} for read-only or {@code writeMap}
   *     options
   */
  public static Path createDirectory(StorageOptions options) {
    if (options.isReadOnly()) {
      throw invalid(
          "an in-memory database cannot be read-only: it starts empty, so there is nothing to read");
    }
    if (options.writeMap()) {
      throw invalid(
          "an in-memory database cannot use writeMap: it would allocate the whole map (mapSize) in memory");
    }
    NativeBinding.require(); // before the directory: without LMDB it would stay behind
    var base = baseDirectory();
    removeLeftovers(base);
    try {
      return Files.createTempDirectory(base, PREFIX + ProcessHandle.current().pid() + "-");
    } catch (IOException e) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE,
          "cannot create an in-memory database's directory in " + base,
          e);
    }
  }

  /** {@code /dev/shm} where it is a writable directory (Linux), else {@code java.io.tmpdir}. */
  private static Path baseDirectory() {
    var shm = Path.of("/dev/shm");
    if (Files.isDirectory(shm) && Files.isWritable(shm)) {
      return shm;
    }
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** Removes the in-memory directories in {@code base} of processes that no longer run. */
  private static void removeLeftovers(Path base) {
    var stale = new ArrayList<Path>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(base, PREFIX + "*")) {
      for (var entry : entries) {
        var pid = pidOf(entry.getFileName().toString());
        if (pid.isPresent()
            && ProcessHandle.of(pid.getAsLong()).filter(ProcessHandle::isAlive).isEmpty()) {
          stale.add(entry);
        }
      }
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.DEBUG,
          "cannot list " + base + " for the leftovers of in-memory databases",
          e);
      return;
    }
    for (var directory : stale) {
      if (deleteTree(directory)) {
        LOG.log(
            System.Logger.Level.INFO,
            "removed " + directory + ", left by an in-memory database of a process that ended");
      }
    }
  }

  /** The pid in {@code kitesql-mem-<pid>-<random>}; empty for a name of another shape. */
  private static OptionalLong pidOf(String name) {
    int end = name.indexOf('-', PREFIX.length());
    if (end < 0) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(name.substring(PREFIX.length(), end)));
    } catch (NumberFormatException _) {
      return OptionalLong.empty();
    }
  }

  /**
   * Deletes {@code directory} and what it holds; whether it is gone. A failure is expected where
   * open files cannot be deleted (Windows) and for other users' directories, so it is only logged.
   */
  public static boolean deleteTree(Path directory) {
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(directory)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList(); // children before their directory
    } catch (NoSuchFileException _) {
      return true;
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "cannot list " + directory + " to delete it", e);
      return false;
    }
    try {
      for (var path : paths) {
        Files.deleteIfExists(path);
      }
      return true;
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "cannot delete " + directory + " yet", e);
      return false;
    }
  }

  private static KiteSqlException invalid(String message) {
    return new KiteSqlException(ErrorCode.INVALID_ARGUMENT, message);
  }
}
