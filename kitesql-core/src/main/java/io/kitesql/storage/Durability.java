package io.kitesql.storage;

/** How hard a commit works to reach the disk. */
public enum Durability {
  /** fsync data and meta page on every commit: a committed transaction survives power loss. */
  SYNC,
  /**
   * fsync data but not the meta page ({@code MDB_NOMETASYNC}): a crash may lose the last
   * transaction, never corrupts the database.
   */
  NO_META_SYNC,
  /**
   * No fsync ({@code MDB_NOSYNC}): the OS writes when it likes. A process crash loses nothing; an
   * OS crash or power loss may lose recent transactions (LMDB's integrity holds on ext4/xfs).
   */
  NO_SYNC
}
