package io.kitesql.storage.files;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Creates LMDB's {@code lock.mdb} with its blocks allocated before LMDB maps it. LMDB's
 * mdb_env_setup_locks grows a new lock file with ftruncate, which allocates nothing, then writes
 * into it through the map: on a full file system that write has no block to land in and the JVM
 * dies with SIGBUS. Writing the zeros ourselves turns "no space" into an IOException, and LMDB
 * keeps a lock file that is at least as large as it needs.
 *
 * <p>Only a lock file that does not exist yet is written: an existing one may be in use by another
 * process, and closing a descriptor of a lock file this process has open through LMDB would drop
 * LMDB's fcntl locks on it.
 */
final class LockFile {
  /** sizeof(MDB_reader): one reader slot, padded to a cache line. */
  private static final int READER_SLOT = 64;

  /** sizeof(MDB_txninfo): the header (two cache lines) plus the first reader slot. */
  private static final int HEADER_AND_FIRST_SLOT = 3 * 64;

  private LockFile() {}

  /** LMDB's lock file size for {@code maxReaders}: (maxReaders - 1) × MDB_reader + MDB_txninfo. */
  static long bytesFor(int maxReaders) {
    return (long) (maxReaders - 1) * READER_SLOT + HEADER_AND_FIRST_SLOT;
  }

  /**
   * Creates {@code lockFile} filled with zeros to LMDB's size for {@code maxReaders}, unless it
   * exists.
   *
   * @throws KiteSqlException {@link ErrorCode#DISK_FULL} if the file system has no room for it (the
   *     partial file is removed), {@link ErrorCode#STORAGE_FAILURE} on other I/O errors
   */
  static void preallocate(Path lockFile, int maxReaders) {
    long size = bytesFor(maxReaders);
    try (var channel =
        FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      var zeros = ByteBuffer.allocate((int) Math.min(size, 1 << 16));
      for (long written = 0; written < size; ) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), size - written));
        written += channel.write(zeros, written);
      }
    } catch (FileAlreadyExistsException _) {
      // In use or left by an earlier open: LMDB sizes it (see the class comment).
    } catch (IOException e) {
      deleteQuietly(lockFile);
      throw DiskSpace.failure(
          e, "create the lock file " + lockFile + " (" + size + " bytes)", lockFile);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException _) {
      // A lock file of zeros is harmless; LMDB initialises it on the next open.
    }
  }
}
