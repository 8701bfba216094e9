package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.options.StorageStats;
import io.kitesql.storage.files.DatabaseFiles;
import io.kitesql.storage.files.InMemoryFiles;
import io.kitesql.storage.files.OpenEnvironments;
import io.kitesql.storage.files.OtherProcesses;
import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * An LMDB environment: the storage of one database directory.
 *
 * <p>Reads: {@link #beginRead()} lends a pooled read context (at most {@code readPoolSize} at once;
 * more callers park, then fail with {@link ErrorCode#READERS_EXHAUSTED}). Writes: {@link
 * #beginWrite()} takes a fair lock (parks, never pins a carrier) and every LMDB call of the
 * transaction runs on one platform writer thread, since LMDB's writer mutex belongs to an OS
 * thread. The map is only ever resized after every read transaction ended: growing it under a live
 * reader crashed the JVM in a measured run.
 *
 * <p>{@link #close()} waits (up to {@code drainWait}) for open transactions and refuses to close
 * under one, so no view can outlive the map.
 *
 * <p>Read transactions lend their bytes through the {@link MapView}, retired before every unmap.
 */
public final class Storage implements AutoCloseable {
  /** The on-disk format this code writes and reads; a newer one is refused. */
  public static final int FORMAT_VERSION = LmdbEnvironment.FORMAT_VERSION;

  private static final String DATA_FILE = DatabaseFiles.DATA_FILE;
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  // The package-private fields are for StorageOpening, which sets the environment up or undoes it.
  private final Path directory;
  private final StorageOptions options;
  final LmdbEnv env;

  /** Each keyspace's {@code MDB_dbi}, by ordinal. */
  final int[] dbis = new int[Keyspace.values().length];

  final Arena arena = Arena.ofShared();
  private final WriterThread writer;

  /**
   * The write side: the write lock, the group commit, and what they work with ({@link WriteSide}).
   */
  private final WriteEntry writes;

  private final ReadContextPool readers;

  /** Gives the reader slots of idle contexts back to other processes; cancelled on close. */
  final ScheduledFuture<?> idleSweep;

  /**
   * The read contexts' and read cursors' call buffers, reused across contexts the idle sweep
   * closed.
   */
  private final KeyBufferPool keyBuffers;

  /**
   * What read transactions lend through; retired (and reopened, unless closing) around every unmap.
   */
  final MapView mapView;

  /** This process's hold on the database's files; released once the environment is closed. */
  final OpenEnvironments.Claim claim;

  /** Tells whether another process has the environment open; closed right after the environment. */
  final OtherProcesses otherProcesses;

  /**
   * Set once the environment is being closed for good, never while a close may still be refused.
   */
  private volatile boolean closed;

  private final LeakedReads.Collector leakCollector = new LeakedReads.Collector();

  /**
   * An in-memory database's directory that could not be deleted at open (Windows): deleted after
   * the close.
   */
  private volatile Optional<Path> removeAtClose = Optional.empty();

  /** Serializes {@link #close()} calls. */
  private final Object closeLock = new Object();

  /** Resizes the map (growth, another process's size); the writer thread's. */
  private final MapGrowth growth;

  Storage(
      Path directory,
      StorageOptions options,
      LmdbEnv env,
      WriterThread writer,
      OpenEnvironments.Claim claim) {
    this.directory = directory;
    this.claim = claim;
    this.options = options;
    this.env = env;
    this.writer = writer;
    this.otherProcesses =
        options.isReadOnly()
            ? OtherProcesses.unknown()
            : OtherProcesses.probe(directory.resolve(DatabaseFiles.LOCK_FILE));
    this.keyBuffers = new KeyBufferPool(arena);
    int id = INSTANCES.incrementAndGet();
    var counter = new AtomicInteger();
    this.readers =
        new ReadContextPool(
            options.readPoolSize(),
            () -> newReadContext("read-" + id + "-" + counter.incrementAndGet()));
    this.idleSweep = ReaderSlots.sweepIdle(readers);
    this.mapView = new MapView(env.pageSize());
    mapView.reopen(env.info().mapSize());
    this.growth = new MapGrowth(directory, options, env, readers, mapView);
    this.writes =
        new WriteEntry(
            new WriteSide(
                directory,
                options,
                env,
                writer,
                dbis,
                new KeyBuffer(arena),
                growth,
                otherProcesses,
                this::isClosed));
  }

  /**
   * Opens the database in {@code directory}, creating the directory and an empty database if
   * needed. A directory holding something that is not a KiteSQL database, or one written by a newer
   * format version, is refused and left untouched.
   *
   * @throws KiteSqlException {@link ErrorCode#STORAGE_BINDING_UNAVAILABLE} if LMDB's native library
   *     cannot be loaded in this JVM (nothing is created then)
   */
  public static Storage open(Path directory, StorageOptions options) {
    return StorageOpening.open(directory, options);
  }

  /**
   * Opens a new, empty database whose files live only as long as it ({@link InMemoryFiles}): on
   * {@code /dev/shm} where that is a writable directory, else in {@code java.io.tmpdir}, deleted
   * right after the open, so nothing is left behind after the close or a crash of the process. Not
   * durable: the data is gone when the database closes.
   *
   * @throws KiteSqlException {@link ErrorCode#INVALID_ARGUMENT} for read-only or {@code writeMap}
   *     options
   */
  public static Storage openInMemory(StorageOptions options) {
    return StorageOpening.openInMemory(options);
  }

  void removeAtClose(Path temporaryDirectory) {
    removeAtClose = Optional.of(temporaryDirectory);
  }

  public Path directory() {
    return directory;
  }

  public StorageOptions options() {
    return options;
  }

  /**
   * Begins a read-only transaction on the latest committed snapshot. Parks while every read context
   * is in use, up to {@code readerWait}.
   *
   * @throws KiteSqlException {@link ErrorCode#READERS_EXHAUSTED} after the wait, {@link
   *     ErrorCode#DATABASE_CLOSED} once closed
   */
  public ReadTransaction beginRead() {
    checkNotClosed();
    var ctx = readers.acquire(options.readerWait(), leakCollector, leakReclaimWait());
    try {
      checkNotClosed();
      ReaderSlots.begin(ctx, env, directory, options.readerWait(), readers.inUse());
      return new ReadTransaction(this, ctx);
    } catch (LmdbException.MapResized e) {
      readers.release(ctx);
      adoptForeignMapSize();
      return beginRead();
    } catch (LmdbException e) {
      readers.release(ctx);
      throw LmdbErrors.translate(e, "begin read transaction");
    } catch (RuntimeException e) {
      readers.release(ctx);
      throw e;
    }
  }

  /** How long to wait for the cleaners after a collection. */
  private Duration leakReclaimWait() {
    return options.drainWait().compareTo(Duration.ofSeconds(1)) < 0
        ? options.drainWait()
        : Duration.ofSeconds(1);
  }

  /** Copies the latest commit into the new or empty directory {@code target} ({@link Backup}). */
  public void backup(Path target) {
    checkNotClosed();
    Backup.prepareTarget(target);
    readers.acquirePermit(options.readerWait());
    try {
      checkNotClosed();
      Backup.copy(env, directory, target, options.readerWait(), readers.inUse());
    } finally {
      readers.releasePermit();
    }
  }

  /** Runs {@code work} in a read-only transaction; what it returns must not borrow from it. */
  public <T> T read(Function<? super ReadTransaction, T> work) {
    try (var txn = beginRead()) {
      return work.apply(txn);
    }
  }

  /**
   * Begins the write transaction, waiting up to {@code writerWait} for the one in progress.
   *
   * @throws KiteSqlException {@link ErrorCode#NESTED_WRITE_TRANSACTION} if this thread already has
   *     one, {@link ErrorCode#WRITE_LOCK_TIMEOUT} after the wait
   */
  public WriteTransaction beginWrite() {
    return writes.beginWrite(_ -> {});
  }

  /**
   * Like {@link #beginWrite()}, and runs {@code atBegin} on the writer thread as soon as the LMDB
   * transaction began, in the same hand-off: what a caller reads first (the catalog version, say)
   * costs no extra round trip to the writer thread. If {@code atBegin} throws, the transaction is
   * rolled back and the exception rethrown.
   */
  public WriteTransaction beginWrite(Consumer<? super WriteTransaction> atBegin) {
    return writes.beginWrite(atBegin);
  }

  /**
   * Like {@link #beginWrite(Consumer)}, but only takes the write lock now: the LMDB transaction
   * begins (and {@code atBegin} runs) with the transaction's first storage call, in the same
   * hand-off when that call is {@link WriteTransaction#onWriterThread}. A one-statement transaction
   * so makes two hand-offs (statement, commit) instead of three. A {@code WRITE_LOCK_TIMEOUT}
   * because another process holds LMDB's writer mutex then comes from that first call; the wait for
   * it still ends when {@code writerWait} (counted from here) ran out.
   */
  public WriteTransaction beginWriteLazily(Consumer<? super WriteTransaction> atBegin) {
    return writes.beginWriteLazily(atBegin);
  }

  /**
   * Runs {@code work} in a write transaction on the writer thread (no hand-off per call) and
   * commits it there if {@code work} returns normally; rolls back if it throws. Begin, work and
   * commit are one hand-off: the caller waits for the LMDB begin at most until {@code writerWait}
   * ran out (as {@link #beginWrite()} does), then for the work however long it takes.
   */
  public <T> T write(Function<? super WriteTransaction, T> work) {
    return writes.write(work);
  }

  /**
   * Closes the environment after every transaction ended; idempotent, and one close at a time.
   *
   * <p>While it waits for open transactions, new ones queue behind it (the write lock and the read
   * permits are fair) instead of failing: the database counts as closed only once the environment
   * is. A refused close therefore leaves every thread's work usable; before, other threads got
   * "database is closed" for the whole wait although the database stayed open.
   */
  @Override
  public void close() {
    if (writes.isHeldByCurrentThread()) {
      throw new KiteSqlException(
          ErrorCode.TRANSACTIONS_OPEN, "cannot close: this thread has a write transaction open");
    }
    synchronized (closeLock) {
      if (closed) {
        return;
      }
      boolean locked = false;
      boolean drained = false;
      try {
        locked = writes.tryLock(options.drainWait().toNanos());
        if (locked) {
          writer.run(
              writes.group()::flush); // members of an open write group return before the drain
        }
        drained = locked && readers.drain(options.drainWait());
        if (locked && !drained && leakCollector.collect(true)) {
          // What is left may be transactions dropped unclosed: those the collector found end now.
          drained = readers.drain(leakReclaimWait());
        }
      } catch (InterruptedException _) {
        Thread.currentThread().interrupt();
      }
      if (!drained) {
        refuseClose(locked);
      }
      closeDrained();
    }
  }

  private void refuseClose(boolean locked) {
    int open = readers.inUse();
    if (locked) {
      writes.unlock();
    }
    throw new KiteSqlException(
        ErrorCode.TRANSACTIONS_OPEN,
        "cannot close "
            + directory
            + ": "
            + (locked ? open + " read transaction(s)" : "a write transaction")
            + " still open after "
            + options.drainWait().toMillis()
            + " ms; close them first");
  }

  /**
   * Closes the contexts and the environment; on the writer thread, with every reader drained.
   * Whatever closing a context reports, the environment is closed and no LMDB failure escapes
   * ({@code mdb_txn_abort} of a reset transaction needs no renew, which another process's map
   * growth could make fail and leave the environment open).
   */
  private void closeEnvironment() {
    try {
      readers.closeAll();
    } catch (RuntimeException e) {
      // The reader slots of contexts left unclosed are released with the environment below.
      System.getLogger(Storage.class.getName())
          .log(
              System.Logger.Level.WARNING,
              "closing the read contexts of "
                  + directory
                  + " failed; closing the environment anyway",
              e);
    } finally {
      closeEnvironmentFiles();
    }
  }

  /**
   * Closes the LMDB environment, then the descriptor that asks about other processes (in that
   * order: OtherProcesses).
   */
  void closeEnvironmentFiles() {
    try {
      env.close();
    } finally {
      otherProcesses.close();
    }
  }

  /** Closes the environment; holding the write lock and every read permit. */
  private void closeDrained() {
    closed = true; // Before the permits go back: a reader let in below must see it.
    idleSweep.cancel(false); // it only runs holding a permit, and this close holds them all
    try {
      mapView
          .retire(); // every reader is drained: reads in flight through the view finish, later ones
      // throw
      writer.run(this::closeEnvironment);
    } finally {
      writer.stop();
      arena.close();
      claim.release();
      removeAtClose.ifPresent(InMemoryFiles::deleteTree);
      // Wake whoever queued behind the close: they find it closed (DATABASE_CLOSED).
      readers.undrain();
      writes.unlock();
    }
  }

  public boolean isClosed() {
    return closed;
  }

  /**
   * Sizes and counters of the environment, for health checks and metrics.
   *
   * @throws KiteSqlException WRITE_LOCK_TIMEOUT if the writer thread stays busy for more than
   *     {@code writerWait}: a write that timed out leaves it blocked in {@code mdb_txn_begin} until
   *     another process ends its write transaction
   */
  public StorageStats stats() {
    checkNotClosed();
    // On the writer thread, where the map is resized, so the sizes are never read during a remap.
    return writer
        .callWithin(
            () -> {
              var info = env.info();
              return new StorageStats(
                  info.mapSize(),
                  (info.lastPageNumber() + 1) * env.pageSize(),
                  readers.inUse(),
                  readers.size(),
                  writes.group().transactions(),
                  writes.group().lmdbCommits());
            },
            options.writerWait().toNanos(),
            _ -> {})
        .orElseThrow(
            () ->
                new KiteSqlException(
                    ErrorCode.WRITE_LOCK_TIMEOUT,
                    "the LMDB writer thread of "
                        + directory
                        + " stayed busy for more than "
                        + options.writerWait().toMillis()
                        + " ms (a write is waiting for the write lock, which another process may hold)"));
  }

  /** The path of LMDB's data file. */
  public Path dataFile() {
    return directory.resolve(DATA_FILE);
  }

  // ---- package-private plumbing for the transactions ----

  WriterThread writer() {
    return writer;
  }

  WriteEntry writes() {
    return writes;
  }

  void endRead(ReadContext ctx) {
    try {
      ctx.end();
    } finally {
      readers.release(ctx);
    }
  }

  /**
   * For a read that found the map too small: adopts the size another process set ({@link
   * MapGrowth#adoptForReader}).
   */
  private void adoptForeignMapSize() {
    try {
      growth.adoptForReader(writer, writes.group());
    } catch (KiteSqlException e) {
      checkNotClosed(); // closed meanwhile: say so rather than that the wait ran out
      throw e;
    }
  }

  /** Read contexts that exist, each holding an LMDB reader slot (idle ones are released). */
  int readContexts() {
    return readers.contexts();
  }

  /** The mapping read transactions lend the map through. */
  MapView.Mapping map() {
    return mapView.current();
  }

  private ReadContext newReadContext(String name) {
    checkNotClosed(); // A reader that queued behind a successful close must not touch its arena.
    return new ReadContext(env, dbis, keyBuffers, name);
  }

  /** For tests: native bytes allocated for read contexts' call buffers so far. */
  long readBufferBytes() {
    return keyBuffers.allocatedBytes();
  }

  /** For tests: runs the idle sweep twice, which closes every read context idle meanwhile. */
  void sweepIdleReaders() {
    readers.releaseIdle();
    readers.releaseIdle();
  }

  void checkNotClosed() {
    if (closed) {
      throw new KiteSqlException(ErrorCode.DATABASE_CLOSED, "database " + directory + " is closed");
    }
  }
}
