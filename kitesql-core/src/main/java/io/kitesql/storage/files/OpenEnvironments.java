package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The LMDB environments this process has open, by the identity of their files.
 *
 * <p>LMDB forbids opening one environment twice in a process: its reader table and locks are per
 * process (POSIX {@code fcntl} locks belong to the process, so closing the second environment drops
 * the first one's locks), and a second environment's writer does not see the first one's readers,
 * so it reuses pages a live snapshot still reads (a held {@code Text} turned to garbage, {@code
 * count(*)} returned 10 instead of 2000). The second open is refused instead.
 *
 * <p>The key is the file's identity, not its path: device and inode ({@code unix:dev,ino}, or the
 * file key elsewhere), so a symbolic link, {@code ..} or a bind mount reaches the same entry. The
 * directory is claimed (it exists before LMDB creates {@code data.mdb}, so two threads creating one
 * database race on it too) and so is an existing data file (a hard link elsewhere).
 *
 * <p>The registry is a static of this class, so a copy of the engine loaded by another class loader
 * (two web applications in one container, plugin loaders) has its own. What is JVM-wide is the
 * JDK's table of {@link FileChannel} locks: each claim also holds a shared lock on the directory
 * itself, and a second lock on it anywhere in the JVM throws {@link OverlappingFileLockException},
 * whichever class loader asks. The lock is shared, so other processes (which take their own) are
 * not kept out; and it is on the directory, never on {@code lock.mdb} or {@code data.mdb}: opening
 * and closing a descriptor on those would drop the {@code fcntl} locks LMDB holds on them for this
 * process. Where the directory cannot be locked (a file system without locks on directories), only
 * this class loader's registry guards, and a warning says so.
 */
public final class OpenEnvironments {
  private static final Map<Object, Path> OPEN = new HashMap<>();

  private OpenEnvironments() {}

  /**
   * Claims {@code directory} (and {@code dataFile} if it exists) for one open environment.
   *
   * @return the claim, to release when the environment is closed or its open failed
   * @throws KiteSqlException DATABASE_IN_USE if this process already has it open
   */
  public static Claim claim(Path directory, Path dataFile) {
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
              "database "
                  + directory
                  + " is already open in this process (as "
                  + holder
                  + "); LMDB allows one open instance per process: share that Database instead of opening it again");
        }
      }
      var jvmWide = lockDirectory(directory);
      for (var key : keys) {
        OPEN.put(key, directory);
      }
      return new Claim(List.copyOf(keys), jvmWide);
    }
  }

  /**
   * Takes the JVM-wide shared lock on {@code directory}; empty where the file system has no locks
   * on directories.
   *
   * @throws KiteSqlException DATABASE_IN_USE if any class loader of this JVM holds it
   */
  private static Optional<FileChannel> lockDirectory(Path directory) {
    FileChannel channel;
    try {
      channel = FileChannel.open(directory, StandardOpenOption.READ);
    } catch (IOException | UnsupportedOperationException e) {
      return unguarded(directory, e);
    }
    try {
      if (channel.tryLock(0, Long.MAX_VALUE, true) != null) {
        return Optional.of(channel);
      }
      closeQuietly(channel); // an exclusive lock of another process: not one of LMDB's or ours
      return unguarded(
          directory, new IOException("another process holds an exclusive lock on the directory"));
    } catch (OverlappingFileLockException e) {
      closeQuietly(channel);
      throw new KiteSqlException(
          ErrorCode.DATABASE_IN_USE,
          "database "
              + directory
              + " is already open in this JVM,"
              + " by a copy of KiteSQL in another class loader; LMDB allows one open instance per process: open it in one"
              + " place and share that Database",
          e);
    } catch (IOException e) {
      closeQuietly(channel);
      return unguarded(directory, e);
    }
  }

  private static Optional<FileChannel> unguarded(Path directory, Exception cause) {
    System.getLogger(OpenEnvironments.class.getName())
        .log(
            System.Logger.Level.WARNING,
            "cannot lock the directory "
                + directory
                + " ("
                + cause
                + "): only this class loader's registry keeps a second open in this JVM out");
    return Optional.empty();
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close(); // releases its lock, if any
    } catch (IOException _) {
      // Nothing to keep: the descriptor is gone either way.
    }
  }

  private static Object identity(Path file) {
    try {
      var attributes = Files.readAttributes(file, "unix:dev,ino");
      return List.of(attributes.get("dev"), attributes.get("ino"));
    } catch (UnsupportedOperationException | IllegalArgumentException _) {
      return fileKey(file);
    } catch (IOException e) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE, "cannot read the attributes of " + file, e);
    }
  }

  private static Object fileKey(Path file) {
    try {
      var key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      // Without a file key (some file systems), the real path is the best identity there is.
      return Objects.requireNonNullElse(key, file.toRealPath().toString());
    } catch (IOException e) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE, "cannot read the attributes of " + file, e);
    }
  }

  /** One environment's hold on its files; {@link #release()} is idempotent. */
  public static final class Claim {
    private List<Object> keys;

    /** The channel holding the JVM-wide lock on the directory; closing it releases the lock. */
    private Optional<FileChannel> jvmWide;

    private Claim(List<Object> keys, Optional<FileChannel> jvmWide) {
      this.keys = keys;
      this.jvmWide = jvmWide;
    }

    /**
     * Moves the hold to a new claim, which the caller releases later; releasing this one does
     * nothing afterwards. For an environment whose close is left to another thread.
     */
    public Claim handOff() {
      synchronized (OPEN) {
        var moved = new Claim(keys == null ? List.of() : keys, jvmWide);
        keys = null;
        jvmWide = Optional.empty();
        return moved;
      }
    }

    public void release() {
      synchronized (OPEN) {
        if (keys != null) {
          keys.forEach(OPEN::remove);
          keys = null;
        }
        jvmWide.ifPresent(OpenEnvironments::closeQuietly);
        jvmWide = Optional.empty();
      }
    }
  }
}
