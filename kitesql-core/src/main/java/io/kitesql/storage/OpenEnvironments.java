package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The LMDB environments this process has open, by the identity of their files.
 *
 * <p>LMDB forbids opening one environment twice in a process: its reader table and locks are per
 * process (POSIX {@code fcntl} locks belong to the process, so closing the second environment
 * drops the first one's locks), and a second environment's writer does not see the first one's
 * readers, so it reuses pages a live snapshot still reads (issue 14: a held {@code Text} turned
 * to garbage, {@code count(*)} returned 10 instead of 2000). The second open is refused instead.
 *
 * <p>The key is the file's identity, not its path: device and inode ({@code unix:dev,ino}, or the
 * file key elsewhere), so a symbolic link, {@code ..} or a bind mount reaches the same entry. The
 * directory is claimed (it exists before LMDB creates {@code data.mdb}, so two threads creating
 * one database race on it too) and so is an existing data file (a hard link elsewhere).
 */
final class OpenEnvironments {
  private static final Map<Object, Path> OPEN = new HashMap<>();

  private OpenEnvironments() {}

  /**
   * Claims {@code directory} (and {@code dataFile} if it exists) for one open environment.
   *
   * @return the claim, to release when the environment is closed or its open failed
   * @throws KiteSqlException DATABASE_IN_USE if this process already has it open
   */
  static Claim claim(Path directory, Path dataFile) {
    var keys = new ArrayList<>();
    keys.add(identity(directory));
    if (Files.exists(dataFile)) {
      keys.add(identity(dataFile));
    }
    synchronized (OPEN) {
      for (var key : keys) {
        var holder = OPEN.get(key);
        if (holder != null) {
          throw new KiteSqlException(
              ErrorCode.DATABASE_IN_USE,
              "database " + directory + " is already open in this process (as " + holder
                  + "); LMDB allows one open instance per process: share that Database instead of opening it again");
        }
      }
      for (var key : keys) {
        OPEN.put(key, directory);
      }
    }
    return new Claim(List.copyOf(keys));
  }

  private static Object identity(Path file) {
    try {
      var attributes = Files.readAttributes(file, "unix:dev,ino");
      return List.of(attributes.get("dev"), attributes.get("ino"));
    } catch (UnsupportedOperationException | IllegalArgumentException _) {
      return fileKey(file);
    } catch (IOException e) {
      throw new KiteSqlException(ErrorCode.STORAGE_FAILURE, "cannot read the attributes of " + file, e);
    }
  }

  private static Object fileKey(Path file) {
    try {
      var key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      // Without a file key (some file systems), the real path is the best identity there is.
      return Objects.requireNonNullElse(key, file.toRealPath().toString());
    } catch (IOException e) {
      throw new KiteSqlException(ErrorCode.STORAGE_FAILURE, "cannot read the attributes of " + file, e);
    }
  }

  /** One environment's hold on its files; {@link #release()} is idempotent. */
  static final class Claim {
    private List<Object> keys;

    private Claim(List<Object> keys) {
      this.keys = keys;
    }

    /**
     * Moves the hold to a new claim, which the caller releases later; releasing this one does
     * nothing afterwards. For an environment whose close is left to another thread.
     */
    Claim handOff() {
      synchronized (OPEN) {
        var moved = new Claim(keys == null ? List.of() : keys);
        keys = null;
        return moved;
      }
    }

    void release() {
      synchronized (OPEN) {
        if (keys != null) {
          keys.forEach(OPEN::remove);
          keys = null;
        }
      }
    }
  }
}
