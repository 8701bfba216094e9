package io.kitesql.storage.lmdb;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * LMDB's C API through {@code java.lang.foreign}: one downcall handle per function this package
 * calls, LMDB's constants, and the layouts of the structs it reads. Every function returns LMDB's
 * result code as is; {@link LmdbException#check} turns a failure into an exception where the caller
 * does not handle the code itself ({@code MDB_NOTFOUND}, {@code MDB_KEYEXIST}).
 *
 * <p>Pointers ({@code MDB_env *}, {@code MDB_txn *}, {@code MDB_cursor *}, {@code MDB_val *}) are
 * passed as {@code long} addresses: they are opaque handles or structs this package owns, a {@code
 * long} needs no {@link MemorySegment} per call, and on the 64-bit platforms the native library is
 * built for a pointer and a {@code long} travel in the same register.
 *
 * <p>{@link Linker.Option#critical} (no thread-state transition, ~10 ns less per call) is used only
 * for the short calls that never block or write a file: lookups, cursor moves, a read transaction's
 * reset and renew. Not for anything that takes LMDB's writer or reader-table mutex, writes or syncs
 * a file, or may spill dirty pages ({@code mdb_put} and friends).
 */
public final class Lmdb {
  /** LMDB's compiled-in maximum key size (MDB_MAXKEYSIZE). */
  public static final int MAX_KEY_SIZE = 511;

  // Result codes (lmdb.h).
  static final int SUCCESS = 0;
  static final int KEYEXIST = -30799;
  static final int NOTFOUND = -30798;
  public static final int PAGE_NOTFOUND = -30797;
  public static final int CORRUPTED = -30796;
  public static final int PANIC = -30795;
  public static final int VERSION_MISMATCH = -30794;
  public static final int INVALID = -30793;
  public static final int MAP_FULL = -30792;
  static final int DBS_FULL = -30791;
  public static final int READERS_FULL = -30790;
  static final int TXN_FULL = -30788;
  static final int CURSOR_FULL = -30787;
  static final int PAGE_FULL = -30786;
  static final int MAP_RESIZED = -30785;
  public static final int INCOMPATIBLE = -30784;
  static final int BAD_RSLOT = -30783;
  static final int BAD_TXN = -30782;
  public static final int BAD_VALSIZE = -30781;
  static final int BAD_DBI = -30780;

  // mdb_env_open flags.
  public static final int NOSYNC = 0x10000;
  public static final int RDONLY = 0x20000;
  public static final int NOMETASYNC = 0x40000;
  public static final int WRITEMAP = 0x80000;
  public static final int NOTLS = 0x200000;
  // mdb_dbi_open flags.
  public static final int CREATE = 0x40000;
  // mdb_put / mdb_cursor_put flags.
  public static final int NOOVERWRITE = 0x10;
  static final int RESERVE = 0x10000;
  public static final int APPEND = 0x20000;
  // mdb_env_copy2 flags.
  public static final int CP_COMPACT = 0x01;
  // MDB_cursor_op.
  public static final int FIRST = 0;
  public static final int LAST = 6;
  public static final int NEXT = 8;
  public static final int PREV = 12;
  public static final int SET_KEY = 16;
  public static final int SET_RANGE = 17;

  /** {@code MDB_val}: {@code size_t mv_size; void *mv_data}. */
  static final StructLayout MDB_VAL =
      MemoryLayout.structLayout(
          ValueLayout.JAVA_LONG.withName("mv_size"), ValueLayout.JAVA_LONG.withName("mv_data"));

  static final long VAL_SIZE = MDB_VAL.byteOffset(MemoryLayout.PathElement.groupElement("mv_size"));
  static final long VAL_DATA = MDB_VAL.byteOffset(MemoryLayout.PathElement.groupElement("mv_data"));

  /** {@code MDB_envinfo}: map address, map size, last page, last transaction id, reader counts. */
  static final StructLayout ENVINFO =
      MemoryLayout.structLayout(
          ValueLayout.JAVA_LONG.withName("me_mapaddr"),
              ValueLayout.JAVA_LONG.withName("me_mapsize"),
          ValueLayout.JAVA_LONG.withName("me_last_pgno"),
              ValueLayout.JAVA_LONG.withName("me_last_txnid"),
          ValueLayout.JAVA_INT.withName("me_maxreaders"),
              ValueLayout.JAVA_INT.withName("me_numreaders"));

  /** {@code MDB_stat}: page size, depth, page counts, entries. */
  static final StructLayout STAT =
      MemoryLayout.structLayout(
          ValueLayout.JAVA_INT.withName("ms_psize"), ValueLayout.JAVA_INT.withName("ms_depth"),
          ValueLayout.JAVA_LONG.withName("ms_branch_pages"),
              ValueLayout.JAVA_LONG.withName("ms_leaf_pages"),
          ValueLayout.JAVA_LONG.withName("ms_overflow_pages"),
              ValueLayout.JAVA_LONG.withName("ms_entries"));

  private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
  private static final ValueLayout.OfLong P = ValueLayout.JAVA_LONG;

  private static final MethodHandle ENV_CREATE = handle("mdb_env_create", false, I, P);
  private static final MethodHandle ENV_SET_MAPSIZE = handle("mdb_env_set_mapsize", false, I, P, P);
  private static final MethodHandle ENV_SET_MAXREADERS =
      handle("mdb_env_set_maxreaders", false, I, P, I);
  private static final MethodHandle ENV_SET_MAXDBS = handle("mdb_env_set_maxdbs", false, I, P, I);
  private static final MethodHandle ENV_OPEN = handle("mdb_env_open", false, I, P, P, I, I);
  private static final MethodHandle ENV_CLOSE = handle("mdb_env_close", false, null, P);
  private static final MethodHandle ENV_INFO = handle("mdb_env_info", false, I, P, P);
  private static final MethodHandle ENV_STAT = handle("mdb_env_stat", false, I, P, P);
  private static final MethodHandle ENV_COPY2 = handle("mdb_env_copy2", false, I, P, P, I);
  private static final MethodHandle READER_CHECK = handle("mdb_reader_check", false, I, P, P);
  private static final MethodHandle TXN_BEGIN = handle("mdb_txn_begin", false, I, P, P, I, P);
  private static final MethodHandle TXN_COMMIT = handle("mdb_txn_commit", false, I, P);
  private static final MethodHandle TXN_ABORT = handle("mdb_txn_abort", false, null, P);
  private static final MethodHandle TXN_RESET = handle("mdb_txn_reset", true, null, P);
  private static final MethodHandle TXN_RENEW = handle("mdb_txn_renew", true, I, P);
  private static final MethodHandle DBI_OPEN = handle("mdb_dbi_open", false, I, P, P, I, P);
  private static final MethodHandle GET = handle("mdb_get", true, I, P, I, P, P);
  private static final MethodHandle PUT = handle("mdb_put", false, I, P, I, P, P, I);
  private static final MethodHandle DEL = handle("mdb_del", false, I, P, I, P, P);
  private static final MethodHandle CURSOR_OPEN = handle("mdb_cursor_open", false, I, P, I, P);
  private static final MethodHandle CURSOR_CLOSE = handle("mdb_cursor_close", false, null, P);
  private static final MethodHandle CURSOR_RENEW = handle("mdb_cursor_renew", true, I, P, P);
  private static final MethodHandle CURSOR_GET = handle("mdb_cursor_get", true, I, P, P, P, I);
  private static final MethodHandle CURSOR_PUT = handle("mdb_cursor_put", false, I, P, P, P, I);
  private static final MethodHandle CURSOR_DEL = handle("mdb_cursor_del", false, I, P, I);
  private static final MethodHandle STRERROR =
      handle("mdb_strerror", false, ValueLayout.ADDRESS, I);
  private static final MethodHandle VERSION =
      handle("mdb_version", false, ValueLayout.ADDRESS, P, P, P);

  private Lmdb() {}

  /**
   * The downcall of {@code name}; without the library (or native access) a handle that throws
   * STORAGE_BINDING_UNAVAILABLE when called, so this class always initializes.
   */
  @SuppressWarnings("restricted") // native access is what this binding is for (README, "JVM flags")
  private static MethodHandle handle(
      String name, boolean critical, MemoryLayout result, MemoryLayout... args) {
    var descriptor =
        result == null ? FunctionDescriptor.ofVoid(args) : FunctionDescriptor.of(result, args);
    try {
      var symbol = NativeBinding.lookup().findOrThrow(name);
      return critical
          ? Linker.nativeLinker().downcallHandle(symbol, descriptor, Linker.Option.critical(false))
          : Linker.nativeLinker().downcallHandle(symbol, descriptor);
    } catch (RuntimeException unavailable) {
      return NativeBinding.failing(descriptor.toMethodType(), unavailable);
    }
  }

  // ---- the calls: each returns LMDB's result code (void functions return nothing) ----

  static int envCreate(long envOut) {
    try {
      return (int) ENV_CREATE.invokeExact(envOut);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envSetMapSize(long env, long size) {
    try {
      return (int) ENV_SET_MAPSIZE.invokeExact(env, size);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envSetMaxReaders(long env, int readers) {
    try {
      return (int) ENV_SET_MAXREADERS.invokeExact(env, readers);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envSetMaxDbs(long env, int dbs) {
    try {
      return (int) ENV_SET_MAXDBS.invokeExact(env, dbs);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envOpen(long env, long path, int flags, int mode) {
    try {
      return (int) ENV_OPEN.invokeExact(env, path, flags, mode);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static void envClose(long env) {
    try {
      ENV_CLOSE.invokeExact(env);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envInfo(long env, long info) {
    try {
      return (int) ENV_INFO.invokeExact(env, info);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envStat(long env, long stat) {
    try {
      return (int) ENV_STAT.invokeExact(env, stat);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int envCopy2(long env, long path, int flags) {
    try {
      return (int) ENV_COPY2.invokeExact(env, path, flags);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int readerCheck(long env, long deadOut) {
    try {
      return (int) READER_CHECK.invokeExact(env, deadOut);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int txnBegin(long env, long parent, int flags, long txnOut) {
    try {
      return (int) TXN_BEGIN.invokeExact(env, parent, flags, txnOut);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int txnCommit(long txn) {
    try {
      return (int) TXN_COMMIT.invokeExact(txn);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static void txnAbort(long txn) {
    try {
      TXN_ABORT.invokeExact(txn);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static void txnReset(long txn) {
    try {
      TXN_RESET.invokeExact(txn);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int txnRenew(long txn) {
    try {
      return (int) TXN_RENEW.invokeExact(txn);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int dbiOpen(long txn, long name, int flags, long dbiOut) {
    try {
      return (int) DBI_OPEN.invokeExact(txn, name, flags, dbiOut);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int get(long txn, int dbi, long key, long data) {
    try {
      return (int) GET.invokeExact(txn, dbi, key, data);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int put(long txn, int dbi, long key, long data, int flags) {
    try {
      return (int) PUT.invokeExact(txn, dbi, key, data, flags);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int del(long txn, int dbi, long key, long data) {
    try {
      return (int) DEL.invokeExact(txn, dbi, key, data);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int cursorOpen(long txn, int dbi, long cursorOut) {
    try {
      return (int) CURSOR_OPEN.invokeExact(txn, dbi, cursorOut);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static void cursorClose(long cursor) {
    try {
      CURSOR_CLOSE.invokeExact(cursor);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int cursorRenew(long txn, long cursor) {
    try {
      return (int) CURSOR_RENEW.invokeExact(txn, cursor);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int cursorGet(long cursor, long key, long data, int op) {
    try {
      return (int) CURSOR_GET.invokeExact(cursor, key, data, op);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int cursorPut(long cursor, long key, long data, int flags) {
    try {
      return (int) CURSOR_PUT.invokeExact(cursor, key, data, flags);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  static int cursorDel(long cursor, int flags) {
    try {
      return (int) CURSOR_DEL.invokeExact(cursor, flags);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** LMDB's text for {@code rc} (its own codes, or the C library's for an errno). */
  @SuppressWarnings("restricted") // a C string of unknown length: read up to its NUL
  static String strerror(int rc) {
    try {
      var text = (MemorySegment) STRERROR.invokeExact(rc);
      return text.reinterpret(1024).getString(0);
    } catch (Throwable t) {
      return "error " + rc;
    }
  }

  /** The library's version string, e.g. "LMDB 0.9.33: (May 21, 2024)". */
  @SuppressWarnings("restricted") // a C string of unknown length: read up to its NUL
  static String version() {
    try {
      var text = (MemorySegment) VERSION.invokeExact(0L, 0L, 0L);
      return text.reinterpret(1024).getString(0);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** A native copy of {@code s}, NUL-terminated, for a path or database name. */
  static long cString(Arena arena, String s) {
    return arena.allocateFrom(s).address();
  }

  /**
   * Rethrows what {@code invokeExact} threw: downcalls throw nothing checked, so this is a JDK
   * error.
   */
  static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException(t);
  }
}
