package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.lmdb.NativeBinding;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * Allocates a file's blocks on disk ({@code posix_fallocate}, through {@code java.lang.foreign}).
 *
 * <p>Under {@link StorageOptions#writeMap()} LMDB writes pages through a writable shared map of
 * {@code data.mdb}, which it only extends with {@code ftruncate}: a sparse file. A store into a
 * hole of that map on a full file system is not an error LMDB can return but a SIGBUS that kills
 * the JVM. Allocating the whole map's extent first turns "no space" into {@code DISK_FULL} at a
 * point where nothing is being written (the open, or a map growth), as docs/reliability.md promises
 * for a full disk.
 */
public final class FileAllocation {
  private static final int O_WRONLY = 1;
  private static final int EFBIG = 27;
  private static final MethodHandle POSIX_FALLOCATE =
      NativeBinding.libc(
          "posix_fallocate",
          FunctionDescriptor.of(
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_LONG));

  private FileAllocation() {}

  /**
   * Allocates {@code file}'s blocks from offset 0 to {@code size} (extending the file if it is
   * shorter; blocks already allocated stay as they are).
   *
   * @throws KiteSqlException {@link ErrorCode#DISK_FULL} if the file system has no room (blocks it
   *     allocated before it ran out may stay), {@link ErrorCode#STORAGE_FAILURE} otherwise
   */
  public static void allocate(Path file, long size, String why) {
    int error;
    try (var arena = Arena.ofConfined()) {
      int fd =
          (int) FileDescriptorCalls.OPEN.invokeExact(arena.allocateFrom(file.toString()), O_WRONLY);
      if (fd < 0) {
        throw new KiteSqlException(
            ErrorCode.STORAGE_FAILURE, "could not open " + file + " to allocate it (" + why + ")");
      }
      try {
        error = (int) POSIX_FALLOCATE.invokeExact(fd, 0L, size);
      } finally {
        int closed = (int) FileDescriptorCalls.CLOSE.invokeExact(fd);
        assert closed == 0 || closed == -1;
      }
    } catch (KiteSqlException e) {
      throw e;
    } catch (Throwable t) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE, "could not allocate " + file + " (" + why + ")", t);
    }
    if (error == DiskSpace.ENOSPC || error == DiskSpace.EDQUOT || error == EFBIG) {
      throw new KiteSqlException(
          ErrorCode.DISK_FULL,
          "cannot allocate "
              + size
              + " bytes of "
              + file
              + " ("
              + why
              + "): no space left on device (posix_fallocate returned error "
              + error
              + ")");
    }
    if (error != 0) {
      throw new KiteSqlException(
          ErrorCode.STORAGE_FAILURE,
          "could not allocate "
              + size
              + " bytes of "
              + file
              + " ("
              + why
              + "): posix_fallocate returned error "
              + error);
    }
  }
}
