package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.lmdb.NativeBinding;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Checks that the address space has room for a larger map before LMDB remaps. {@code
 * mdb_env_set_mapsize} unmaps the old map first; when the new {@code mmap} then fails (ENOMEM, e.g.
 * under {@code ulimit -v}) LMDB keeps the stale address and the next transaction dies with SIGSEGV
 * in {@code mdb_txn_renew0} (measured: growing from 2 to 4 GiB with {@code ulimit -v 6000000}). So
 * the growth first reserves the new size itself ({@code mmap} of inaccessible, unreserved anonymous
 * memory, unmapped at once) and is refused with MAP_FULL when that fails. The probe needs room for
 * the old and the new map at once, so near the limit it refuses a growth that LMDB might just have
 * managed: a refusal is recoverable, the crash was not.
 */
final class AddressSpace {
  private static final int PROT_NONE = 0;
  private static final int MAP_PRIVATE = 0x02;
  private static final int MAP_ANONYMOUS = 0x20;
  private static final int MAP_NORESERVE = 0x4000;
  private static final long MAP_FAILED = -1;
  private static final boolean LINUX = System.getProperty("os.name", "").startsWith("Linux");
  private static final MethodHandle MMAP =
      NativeBinding.libc(
          "mmap",
          FunctionDescriptor.of(
              ValueLayout.ADDRESS,
              ValueLayout.ADDRESS,
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_LONG));
  private static final MethodHandle MUNMAP =
      NativeBinding.libc(
          "munmap",
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));

  private AddressSpace() {}

  /** Refuses with MAP_FULL unless {@code bytes} of address space can be reserved now (Linux). */
  static void requireRoomFor(long bytes) {
    if (!canReserve(bytes)) {
      throw new KiteSqlException(
          ErrorCode.MAP_FULL,
          "the LMDB map cannot grow to "
              + bytes
              + " bytes: this"
              + " process's address space has no room for it (a limit such as ulimit -v?); the write transaction was"
              + " rolled back; lower maxMapSize or raise the limit");
    }
  }

  static boolean canReserve(long bytes) {
    if (!LINUX) {
      return true; // the flags above are Linux's: leave it to LMDB, as before
    }
    try {
      var address =
          (MemorySegment)
              MMAP.invokeExact(
                  MemorySegment.NULL,
                  bytes,
                  PROT_NONE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                  -1,
                  0L);
      if (address.address() == MAP_FAILED) {
        return false;
      }
      int _ =
          (int) MUNMAP.invokeExact(address, bytes); // a failed unmap would only leak address space
      return true;
    } catch (Throwable e) {
      return true; // no probe possible: leave it to LMDB, as before
    }
  }
}
