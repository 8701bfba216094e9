package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.files.DatabaseFiles;
import io.kitesql.storage.files.FileAllocation;
import io.kitesql.storage.lmdb.LmdbEnv;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Resizes a storage's LMDB map: doubling it when a write finds it full, or adopting the size
 * another process set. Only ever with every reader drained and the map view retired around the
 * remap (growing under a reader crashed the JVM in a measured run), with no write transaction open,
 * and on the writer thread.
 */
final class MapGrowth {
  private final Path directory;
  private final StorageOptions options;
  private final LmdbEnv env;
  private final ReadContextPool readers;
  private final MapView mapView;
  private long mapSize;

  /**
   * Under {@link StorageOptions#writeMap()}: how far the data file is allocated on disk. A write
   * may only begin with the whole map allocated ({@link #requireAllocated}).
   */
  private long allocated;

  MapGrowth(
      Path directory,
      StorageOptions options,
      LmdbEnv env,
      ReadContextPool readers,
      MapView mapView) {
    this.directory = directory;
    this.options = options;
    this.env = env;
    this.readers = readers;
    this.mapView = mapView;
    this.mapSize = options.mapSize();
    this.allocated =
        options.writeMap()
            ? env.info().mapSize()
            : Long.MAX_VALUE; // LmdbEnvironment.open allocated it
  }

  /**
   * Under {@link StorageOptions#writeMap()}, makes sure the data file is allocated to the map's
   * size before a write transaction begins: after a map growth or another process's resize whose
   * allocation ran out of room, a write would otherwise store into a hole of the map.
   *
   * @throws KiteSqlException DISK_FULL if there is still no room
   */
  void requireAllocated() {
    if (allocated < mapSize) {
      FileAllocation.allocate(
          dataFile(), mapSize, "StorageOptions.writeMap: the map grew to " + mapSize + " bytes");
      allocated = mapSize;
    }
  }

  private Path dataFile() {
    return directory.resolve(DatabaseFiles.DATA_FILE);
  }

  /**
   * Doubles the map (up to {@code maxMapSize}) once every read transaction ended; only if the
   * address space has room ({@link AddressSpace}). Like every resize here, it first commits the
   * open batch of {@code group}: LMDB resizes only with no write transaction open.
   *
   * @throws KiteSqlException MAP_FULL if the map is at its maximum or readers stayed open
   */
  void grow(GroupCommit group) {
    if (mapSize >= options.maxMapSize()) {
      throw new KiteSqlException(
          ErrorCode.MAP_FULL,
          "the database reached its maximum map size of "
              + options.maxMapSize()
              + " bytes; raise maxMapSize");
    }
    long target = Math.min(options.maxMapSize(), mapSize * 2);
    AddressSpace.requireRoomFor(target);
    if (options.writeMap()) { // first, so that LMDB's own ftruncate to the new size leaves no hole
      FileAllocation.allocate(
          dataFile(), target, "StorageOptions.writeMap: growing the map to " + target + " bytes");
      allocated = target;
    }
    resizeDrained(
        group,
        target,
        waited ->
            "the LMDB map is full and cannot grow while "
                + readers.inUse()
                + " read transaction(s) stay open "
                + waited
                + "; the write transaction was rolled back, retry it");
  }

  /**
   * {@link #grow} if it can, for the retry of a transaction that could not be replayed (which
   * reports MAP_FULL itself).
   */
  void growQuietly(GroupCommit group) {
    try {
      grow(group);
    } catch (KiteSqlException _) {
      // The caller already reports MAP_FULL; a retry will try again.
    }
  }

  /** Another process grew the map (MDB_MAP_RESIZED): adopt its size once no reader is open. */
  void adoptForeignSize(GroupCommit group) {
    resizeDrained(
        group,
        0,
        waited ->
            "another process grew "
                + directory
                + " past this process's map, which can adopt the new"
                + " size only when none of its "
                + readers.inUse()
                + " open read transaction(s) remains "
                + waited
                + "; end long read transactions and retry");
  }

  /**
   * For a read that found the map too small, adopts the size another process set. The resize needs
   * no LMDB write transaction open in this process ({@link GroupCommit#writeOpen}, on the writer
   * thread), and runs on the writer thread between write transactions' calls; it never waits for
   * the Java write lock, which a write transaction holds from its begin on, LMDB transaction or not
   * (a lazily begun one doing work before its first statement). Waits at most {@code readerWait}
   * for the writer thread, and for a write transaction's LMDB transaction to end.
   *
   * @throws KiteSqlException READERS_EXHAUSTED after the wait (MAP_FULL if readers stay open, as
   *     {@link #adoptForeignSize})
   */
  void adoptForReader(WriterThread writer, GroupCommit group) {
    long deadline = System.nanoTime() + options.readerWait().toNanos();
    long pause = TimeUnit.MILLISECONDS.toNanos(1);
    while (true) {
      var adopted =
          writer.callWithin(
              () -> {
                if (group.writeOpen()) {
                  return false;
                }
                adoptForeignSize(
                    group); // an open group-commit batch (no member transaction open) is
                // committed first
                return true;
              },
              Math.max(0, deadline - System.nanoTime()),
              _ -> {});
      if (adopted.orElse(false)) {
        return;
      }
      if (adopted.isEmpty() || System.nanoTime() - deadline > 0) {
        throw new KiteSqlException(
            ErrorCode.READERS_EXHAUSTED,
            "cannot begin a read transaction of "
                + directory
                + ": another process grew the map, and this process can adopt the new size only between its own LMDB write"
                + " transactions, "
                + (adopted.isEmpty() ? "but its writer thread stayed busy" : "but one stayed open")
                + " for "
                + options.readerWait().toMillis()
                + " ms (readerWait); retry, or end long write transactions");
      }
      LockSupport.parkNanos(pause);
      pause = Math.min(pause * 2, TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  /**
   * Sets the map size ({@code 0}: adopt the size another process set) with every reader drained and
   * the map view retired around the remap; MAP_FULL saying {@code refusal} (given how long it
   * waited) if readers stay.
   */
  private void resizeDrained(GroupCommit group, long size, Function<String, String> refusal) {
    group.flush(); // LMDB resizes only with no write transaction open: the open batch commits first
    // A reader already open past drainWait will not end within it: fail now rather than make every
    // new reader queue behind a drain for drainWait, again on each retry.
    var stuck = readers.openLongerThan(options.drainWait());
    if (stuck.isPresent()) {
      throw new KiteSqlException(
          ErrorCode.MAP_FULL,
          refusal.apply(
              "("
                  + stuck.get()
                  + ", longer than drainWait, "
                  + options.drainWait().toMillis()
                  + " ms, so it was not waited for)"));
    }
    if (!readers.drain(options.drainWait())) {
      throw new KiteSqlException(
          ErrorCode.MAP_FULL, refusal.apply("(waited " + options.drainWait().toMillis() + " ms)"));
    }
    try {
      mapView.retire();
      env.setMapSize(size);
      mapSize = env.info().mapSize();
    } finally {
      mapView.reopen(mapSize);
      readers.undrain();
    }
  }
}
