package io.kitesql.storage;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one storage environment. Start from {@link #defaults()} and change what you need
 * with the {@code with*} methods.
 *
 * @param mapSize bytes of address space reserved for the map at open; only pages written use
 *     disk, so a large value costs nothing on 64-bit Linux
 * @param maxMapSize the map is never grown beyond this on {@code MDB_MAP_FULL}
 * @param maxReaders LMDB reader slots of the environment
 * @param readPoolSize read transactions that may be open at once; below {@code maxReaders} so
 *     other processes and LMDB's own bookkeeping keep some slots
 * @param durability commit durability
 * @param readerWait how long {@code beginRead} waits for a free read context before failing
 * @param writerWait how long {@code beginWrite} waits for the write lock before failing
 * @param drainWait how long growing the map (or closing) waits for open read transactions
 * @param replayLimitBytes a write transaction remembers its writes up to this many bytes, so it
 *     can be replayed transparently after the map grew; larger transactions fail with a
 *     retryable {@code MAP_FULL} error instead
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
    long replayLimitBytes) {

  private static final long GIB = 1L << 30;

  public StorageOptions {
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(readerWait, "readerWait");
    Objects.requireNonNull(writerWait, "writerWait");
    Objects.requireNonNull(drainWait, "drainWait");
    if (mapSize < (1 << 16)) {
      throw new IllegalArgumentException("mapSize must be at least 64 KiB, was " + mapSize);
    }
    if (maxMapSize < mapSize) {
      throw new IllegalArgumentException("maxMapSize " + maxMapSize + " is below mapSize " + mapSize);
    }
    if (maxReaders < 2) {
      throw new IllegalArgumentException("maxReaders must be at least 2, was " + maxReaders);
    }
    if (readPoolSize < 1 || readPoolSize >= maxReaders) {
      throw new IllegalArgumentException(
          "readPoolSize must be between 1 and maxReaders - 1 (" + (maxReaders - 1) + "), was " + readPoolSize);
    }
    if (replayLimitBytes < 0) {
      throw new IllegalArgumentException("replayLimitBytes must not be negative");
    }
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

  public StorageOptions withMapSize(long bytes) {
    return new StorageOptions(bytes, Math.max(maxMapSize, bytes), maxReaders, readPoolSize, durability,
        readerWait, writerWait, drainWait, replayLimitBytes);
  }

  public StorageOptions withMaxMapSize(long bytes) {
    return new StorageOptions(mapSize, bytes, maxReaders, readPoolSize, durability,
        readerWait, writerWait, drainWait, replayLimitBytes);
  }

  /** Sets the reader slots and a pool size a few slots below them. */
  public StorageOptions withMaxReaders(int readers) {
    int pool = Math.max(1, readers - Math.max(1, Math.min(6, readers / 4)));
    return new StorageOptions(mapSize, maxMapSize, readers, pool, durability,
        readerWait, writerWait, drainWait, replayLimitBytes);
  }

  public StorageOptions withReadPoolSize(int size) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, size, durability,
        readerWait, writerWait, drainWait, replayLimitBytes);
  }

  public StorageOptions withDurability(Durability value) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, readPoolSize, value,
        readerWait, writerWait, drainWait, replayLimitBytes);
  }

  public StorageOptions withReaderWait(Duration value) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, readPoolSize, durability,
        value, writerWait, drainWait, replayLimitBytes);
  }

  public StorageOptions withWriterWait(Duration value) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, readPoolSize, durability,
        readerWait, value, drainWait, replayLimitBytes);
  }

  public StorageOptions withDrainWait(Duration value) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, readPoolSize, durability,
        readerWait, writerWait, value, replayLimitBytes);
  }

  public StorageOptions withReplayLimitBytes(long value) {
    return new StorageOptions(mapSize, maxMapSize, maxReaders, readPoolSize, durability,
        readerWait, writerWait, drainWait, value);
  }
}
