package io.kitesql.options;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.time.Duration;

/**
 * Settings of one storage environment. Start from {@link #defaults()} and change what you need with
 * the {@code with*} methods (and {@link #readOnly()}).
 *
 * <p>A value out of range (or null) is refused with {@link KiteSqlException} {@link
 * ErrorCode#INVALID_ARGUMENT} naming the setting, like every other bad argument of the public API:
 * options are often built from configuration, and a misconfiguration is reported in the engine's
 * own terms. That happens when the options are built, so before an open touches the disk. The upper
 * bounds keep a typo from turning into a huge file or an overflow: at most {@link #MAX_READERS}
 * reader slots (LMDB writes 64 bytes of lock file per slot, so {@code Integer.MAX_VALUE} would be a
 * 137 GB {@code lock.mdb}), map sizes of at most {@link #MAX_MAP_SIZE} (beyond any 64-bit process's
 * address space), waits between zero and {@link #MAX_WAIT}.
 *
 * @param mapSize bytes of address space reserved for the map at open; only pages written use disk,
 *     so a large value costs nothing on 64-bit Linux
 * @param maxMapSize the map is never grown beyond this on {@code MDB_MAP_FULL}
 * @param maxReaders LMDB reader slots of the environment
 * @param readPoolSize read transactions that may be open at once; below {@code maxReaders} so other
 *     processes and LMDB's own bookkeeping keep some slots
 * @param durability commit durability
 * @param readerWait how long {@code beginRead} waits for a free read context before failing
 * @param writerWait how long {@code beginWrite} waits for the write lock before failing
 * @param drainWait how long growing the map (or closing) waits for open read transactions
 * @param replayLimitBytes a write transaction remembers its writes up to this many bytes, so it can
 *     be replayed transparently after the map grew; larger transactions fail with a retryable
 *     {@code MAP_FULL} error instead
 * @param accessMode {@link AccessMode#READ_ONLY} opens the files without writing to them (LMDB's
 *     {@code MDB_RDONLY}): for read-only media and replicas; every write fails with {@link
 *     ErrorCode#READ_ONLY_DATABASE}; {@link AccessMode#READ_ONLY_NO_WRITERS} also opens files whose
 *     lock file cannot be written, on the caller's word that nothing writes them
 * @param writeMap write transactions write their pages straight into the map (LMDB's {@code
 *     MDB_WRITEMAP}), so a commit writes no pages of its own: small transactions commit faster
 *     (bulk loads may not: see {@link #withWriteMap}). In exchange the data file is allocated on
 *     disk to the whole {@code mapSize} at open and at every map growth (a full disk is then {@code
 *     DISK_FULL} at that point, never a fault while writing), and concurrent transactions do not
 *     share commits (no group commit: LMDB refuses the nested transactions it is built on). See
 *     {@link #withWriteMap}.
 */
public record StorageOptions(
    long mapSize,
    long maxMapSize,
    int maxReaders,
    int readPoolSize,
    Durability durability,
    Duration readerWait,
    Duration writerWait,
    Duration drainWait,
    long replayLimitBytes,
    AccessMode accessMode,
    boolean writeMap) {

  private static final long GIB = 1L << 30;

  /**
   * The most reader slots: a 4 MiB lock file, and far more concurrent readers than any process
   * needs.
   */
  public static final int MAX_READERS = 1 << 16;

  /** The largest map: 64 PiB, beyond the address space of every 64-bit CPU KiteSQL runs on. */
  public static final long MAX_MAP_SIZE = 1L << 56;

  /**
   * The longest wait of any kind; anything longer is a misconfiguration (and overflows nanosecond
   * deadlines soon after).
   */
  public static final Duration MAX_WAIT = Duration.ofDays(365);

  /** Whether the database is opened for writing. */
  public enum AccessMode {
    READ_WRITE,
    /**
     * LMDB's {@code MDB_RDONLY}: the data file is not written. Read transactions are still
     * registered in LMDB's lock file, which must therefore be writable (see {@link #readOnly()}).
     */
    READ_ONLY,
    /**
     * {@link #READ_ONLY}, and the caller asserts that no process writes the files while this one
     * has them open (a backup, a snapshot, read-only media), so a lock file that cannot be written
     * may be done without (see {@link #readOnlyAssumingNoWriters()}).
     */
    READ_ONLY_NO_WRITERS
  }

  public StorageOptions {
    required(durability, "durability");
    required(accessMode, "accessMode");
    checkWait(readerWait, "readerWait");
    checkWait(writerWait, "writerWait");
    checkWait(drainWait, "drainWait");
    if (mapSize < (1 << 16) || mapSize > MAX_MAP_SIZE) {
      throw invalid(
          "mapSize must be between 64 KiB and " + MAX_MAP_SIZE + " bytes (64 PiB), was " + mapSize);
    }
    if (maxMapSize < mapSize) {
      throw invalid("maxMapSize " + maxMapSize + " is below mapSize " + mapSize);
    }
    if (maxMapSize > MAX_MAP_SIZE) {
      throw invalid(
          "maxMapSize must be at most " + MAX_MAP_SIZE + " bytes (64 PiB), was " + maxMapSize);
    }
    if (maxReaders < 2 || maxReaders > MAX_READERS) {
      throw invalid("maxReaders must be between 2 and " + MAX_READERS + ", was " + maxReaders);
    }
    if (readPoolSize < 1 || readPoolSize >= maxReaders) {
      throw invalid(
          "readPoolSize must be between 1 and maxReaders - 1 ("
              + (maxReaders - 1)
              + "), was "
              + readPoolSize);
    }
    if (replayLimitBytes < 0) {
      throw invalid("replayLimitBytes must not be negative");
    }
    if (writeMap && accessMode != AccessMode.READ_WRITE) {
      throw invalid("writeMap needs a read-write database; a read-only one writes no pages");
    }
  }

  /** Options without {@code writeMap}. */
  public StorageOptions(
      long mapSize,
      long maxMapSize,
      int maxReaders,
      int readPoolSize,
      Durability durability,
      Duration readerWait,
      Duration writerWait,
      Duration drainWait,
      long replayLimitBytes,
      AccessMode accessMode) {
    this(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        false);
  }

  /** Read-write options with {@code accessMode} {@link AccessMode#READ_WRITE}. */
  public StorageOptions(
      long mapSize,
      long maxMapSize,
      int maxReaders,
      int readPoolSize,
      Durability durability,
      Duration readerWait,
      Duration writerWait,
      Duration drainWait,
      long replayLimitBytes) {
    this(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        AccessMode.READ_WRITE);
  }

  private static void required(Object value, String name) {
    if (value == null) {
      throw invalid(name + " must not be null");
    }
  }

  private static void checkWait(Duration wait, String name) {
    required(wait, name);
    if (wait.isNegative() || wait.compareTo(MAX_WAIT) > 0) {
      throw invalid(name + " must be between 0 and " + MAX_WAIT.toDays() + " days, was " + wait);
    }
  }

  private static KiteSqlException invalid(String message) {
    return new KiteSqlException(ErrorCode.INVALID_ARGUMENT, "invalid storage option: " + message);
  }

  /** 64 GiB map growable to 1 TiB, 126 readers (120 pooled), SYNC, generous waits. */
  public static StorageOptions defaults() {
    return new StorageOptions(
        64 * GIB,
        1024 * GIB,
        126,
        120,
        Durability.SYNC,
        Duration.ofSeconds(30),
        Duration.ofSeconds(60),
        Duration.ofSeconds(10),
        256L << 20);
  }

  /**
   * The options of an in-memory database ({@code KiteSql.inMemory()}): {@link #defaults()} with
   * {@link Durability#NO_SYNC}, since its data is gone at close anyway and an fsync would only cost
   * time where the files lie in a temporary directory on disk.
   */
  public static StorageOptions inMemoryDefaults() {
    return defaults().withDurability(Durability.NO_SYNC);
  }

  public StorageOptions withMapSize(long bytes) {
    return new StorageOptions(
        bytes,
        Math.max(maxMapSize, bytes),
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withMaxMapSize(long bytes) {
    return new StorageOptions(
        mapSize,
        bytes,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  /** Sets the reader slots and a pool size a few slots below them. */
  public StorageOptions withMaxReaders(int readers) {
    int pool = Math.max(1, readers - Math.max(1, Math.min(6, readers / 4)));
    return new StorageOptions(
        mapSize,
        maxMapSize,
        readers,
        pool,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withReadPoolSize(int size) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        size,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withDurability(Durability value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        value,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withReaderWait(Duration value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        value,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withWriterWait(Duration value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        value,
        drainWait,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withDrainWait(Duration value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        value,
        replayLimitBytes,
        accessMode,
        writeMap);
  }

  public StorageOptions withReplayLimitBytes(long value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        value,
        accessMode,
        writeMap);
  }

  /**
   * The same options, opening the database read-only ({@code MDB_RDONLY}): for replicas and readers
   * beside a writing process. Reads work as usual; every write (and {@code CREATE}, and opening a
   * directory without a database) fails with {@link ErrorCode#READ_ONLY_DATABASE}.
   *
   * <p>LMDB's lock file ({@code lock.mdb}) must still be writable (or creatable): a reader
   * registers its snapshot there, and that is what keeps a writing process from reusing the pages
   * the snapshot reads. Where it is not (a read-only file system or mount, a {@code :ro} volume),
   * the open is refused with {@link ErrorCode#DATABASE_NOT_WRITABLE}, because LMDB would read
   * without registering and a live writer would tear its snapshots. For files nothing writes
   * (read-only media, a backup), use {@link #readOnlyAssumingNoWriters()}.
   */
  public StorageOptions readOnly() {
    return withAccessMode(AccessMode.READ_ONLY);
  }

  /**
   * Like {@link #readOnly()}, and the caller asserts that no process writes the database's files
   * while this one has them open: read-only media, a backup, a snapshot image. Where the lock file
   * cannot be written (a read-only file system), the database is then opened without one (LMDB
   * registers no readers, which is safe only because nothing writes). The engine cannot check the
   * assertion: with a process writing the files after all, reads may see pages rewritten under them
   * (changed or torn results, or errors that look like a damaged file). Where the lock file can be
   * written, this is the same as {@link #readOnly()}.
   */
  public StorageOptions readOnlyAssumingNoWriters() {
    return withAccessMode(AccessMode.READ_ONLY_NO_WRITERS);
  }

  private StorageOptions withAccessMode(AccessMode mode) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        mode,
        false);
  }

  /**
   * The same options with LMDB's {@code MDB_WRITEMAP} on or off (off by default). On, a write
   * transaction's pages are written in the shared map and its commit writes none (with {@link
   * Durability#SYNC} it flushes the map instead). Measured (docs/storage.md, kitesql-bench
   * RESULTS.md): one-row transactions of small rows 2.5-4x faster (of 4 KiB rows 0.9-1.4x), a
   * one-row read-modify-write update 2.7x; 1,000-row transactions 0.4-0.8x as fast on a quiet
   * machine (each new page is first touched through the map, a page fault apiece) but 2.5-3.7x
   * faster on a loaded one. Measure your workload. The costs:
   *
   * <ul>
   *   <li>the data file takes {@code mapSize} bytes of disk from the open on, and each map growth
   *       allocates the new size first: choose {@code mapSize} (and {@code maxMapSize}) for the
   *       data you expect, not the 64 GiB default. Without room the open, or the growth, fails with
   *       {@code DISK_FULL} and nothing is lost;
   *   <li>concurrent write transactions each commit alone (no group commit), which matters with
   *       {@link Durability#SYNC} and many writers;
   *   <li>the map is writable memory of the process, so a stray native write could damage it
   *       (KiteSQL itself only reads through it).
   * </ul>
   *
   * A database written with and without it is the same file: it can be reopened either way.
   */
  public StorageOptions withWriteMap(boolean value) {
    return new StorageOptions(
        mapSize,
        maxMapSize,
        maxReaders,
        readPoolSize,
        durability,
        readerWait,
        writerWait,
        drainWait,
        replayLimitBytes,
        accessMode,
        value);
  }

  public boolean isReadOnly() {
    return accessMode != AccessMode.READ_WRITE;
  }
}
