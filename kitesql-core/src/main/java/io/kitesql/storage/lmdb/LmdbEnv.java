package io.kitesql.storage.lmdb;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * An LMDB environment ({@code MDB_env *}) and the calls made on it; transactions are plain handles
 * ({@code MDB_txn *} as a {@code long}, see {@link LmdbTxn}). Failures throw {@link LmdbException};
 * a call after {@link #close} throws {@link ErrorCode#DATABASE_CLOSED}. Out parameters ({@code
 * MDB_txn **}, {@code MDB_cursor **}) use the caller's {@link KeyBuffer}, so beginning a
 * transaction allocates nothing.
 */
public final class LmdbEnv {
  private static final long INFO_MAPSIZE =
      Lmdb.ENVINFO.byteOffset(MemoryLayout.PathElement.groupElement("me_mapsize"));
  private static final long INFO_LAST_PGNO =
      Lmdb.ENVINFO.byteOffset(MemoryLayout.PathElement.groupElement("me_last_pgno"));
  private static final long INFO_MAXREADERS =
      Lmdb.ENVINFO.byteOffset(MemoryLayout.PathElement.groupElement("me_maxreaders"));
  private static final long STAT_PSIZE =
      Lmdb.STAT.byteOffset(MemoryLayout.PathElement.groupElement("ms_psize"));

  private final long env;
  private final Path directory;
  private volatile boolean closed;

  /** {@code mdb_env_info}'s map size, last used page and reader slots. */
  public record Info(long mapSize, long lastPageNumber, int maxReaders) {}

  private LmdbEnv(long env, Path directory) {
    this.env = env;
    this.directory = directory;
  }

  /**
   * Creates and opens the environment in {@code directory} with {@code flags} ({@code Lmdb.NOTLS}
   * and friends); a failed open closes the handle again.
   */
  public static LmdbEnv open(Path directory, long mapSize, int maxDbs, int maxReaders, int flags) {
    NativeBinding.require();
    try (var arena = Arena.ofConfined()) {
      var out = arena.allocate(ValueLayout.JAVA_LONG);
      LmdbException.check(Lmdb.envCreate(out.address()), "mdb_env_create");
      long env = out.get(ValueLayout.JAVA_LONG, 0);
      try {
        LmdbException.check(Lmdb.envSetMapSize(env, mapSize), "mdb_env_set_mapsize");
        LmdbException.check(Lmdb.envSetMaxDbs(env, maxDbs), "mdb_env_set_maxdbs");
        LmdbException.check(Lmdb.envSetMaxReaders(env, maxReaders), "mdb_env_set_maxreaders");
        LmdbException.check(
            Lmdb.envOpen(env, Lmdb.cString(arena, directory.toString()), flags, 0644),
            "mdb_env_open");
      } catch (RuntimeException e) {
        Lmdb.envClose(env); // also after a failed mdb_env_open, as lmdb.h asks
        throw e;
      }
      return new LmdbEnv(env, directory);
    }
  }

  /** Sets the map size; 0 adopts the size another process set. Only with no transaction active. */
  public void setMapSize(long size) {
    LmdbException.check(Lmdb.envSetMapSize(handle(), size), "mdb_env_set_mapsize");
  }

  public Info info() {
    try (var arena = Arena.ofConfined()) {
      var info = arena.allocate(Lmdb.ENVINFO);
      LmdbException.check(Lmdb.envInfo(handle(), info.address()), "mdb_env_info");
      return new Info(
          info.get(ValueLayout.JAVA_LONG, INFO_MAPSIZE),
          info.get(ValueLayout.JAVA_LONG, INFO_LAST_PGNO),
          info.get(ValueLayout.JAVA_INT, INFO_MAXREADERS));
    }
  }

  public int pageSize() {
    try (var arena = Arena.ofConfined()) {
      var stat = arena.allocate(Lmdb.STAT);
      LmdbException.check(Lmdb.envStat(handle(), stat.address()), "mdb_env_stat");
      return stat.get(ValueLayout.JAVA_INT, STAT_PSIZE);
    }
  }

  /** {@code mdb_env_copy2} into the existing directory {@code target}. */
  public void copy(Path target, int flags) {
    try (var arena = Arena.ofConfined()) {
      LmdbException.check(
          Lmdb.envCopy2(handle(), Lmdb.cString(arena, target.toString()), flags), "mdb_env_copy2");
    }
  }

  /** {@code mdb_reader_check}: clears the reader slots of dead processes; returns how many. */
  public int readerCheck() {
    try (var arena = Arena.ofConfined()) {
      var dead = arena.allocate(ValueLayout.JAVA_INT);
      LmdbException.check(Lmdb.readerCheck(handle(), dead.address()), "mdb_reader_check");
      return dead.get(ValueLayout.JAVA_INT, 0);
    }
  }

  /** Begins a read-only transaction. */
  public long beginRead(KeyBuffer scratch) {
    return begin(0, Lmdb.RDONLY, scratch, "mdb_txn_begin (read)");
  }

  /** Begins a write transaction: waits for LMDB's writer mutex; on the writer thread. */
  public long beginWrite(KeyBuffer scratch) {
    return begin(0, 0, scratch, "mdb_txn_begin (write)");
  }

  /** Begins a write transaction nested in {@code parent}; on the writer thread. */
  public long beginNested(long parent, KeyBuffer scratch) {
    LmdbTxn.require(parent);
    return begin(parent, 0, scratch, "mdb_txn_begin (nested)");
  }

  private long begin(long parent, int flags, KeyBuffer scratch, String call) {
    LmdbException.check(Lmdb.txnBegin(handle(), parent, flags, scratch.key), call);
    return NativeMemory.ALL.get(NativeMemory.LONG, scratch.key);
  }

  /**
   * Opens the named database {@code name} (null: the main database, which lists the named ones) in
   * {@code txn}; returns its {@code MDB_dbi}.
   */
  public int openDbi(long txn, String name, int flags) {
    LmdbTxn.require(txn);
    try (var arena = Arena.ofConfined()) {
      var dbi = arena.allocate(ValueLayout.JAVA_INT);
      long cName = name == null ? 0 : Lmdb.cString(arena, name);
      LmdbException.check(
          Lmdb.dbiOpen(txn, cName, flags, dbi.address()),
          "mdb_dbi_open " + (name == null ? "(main)" : name));
      return dbi.get(ValueLayout.JAVA_INT, 0);
    }
  }

  /** Closes the environment; idempotent. Only with every transaction and read cursor ended. */
  public synchronized void close() {
    if (!closed) {
      closed = true;
      Lmdb.envClose(env);
    }
  }

  public boolean isClosed() {
    return closed;
  }

  private long handle() {
    if (closed) {
      throw new KiteSqlException(
          ErrorCode.DATABASE_CLOSED, "the LMDB environment of " + directory + " is closed");
    }
    return env;
  }
}
