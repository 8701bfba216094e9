package io.kitesql.options;

/** How hard a commit works to reach the disk. */
public enum Durability {
  /**
   * fsync data and meta page on every commit: a commit that returned survives a process kill, an OS
   * crash and a power loss.
   */
  SYNC,
  /**
   * fsync data but not the meta page ({@code MDB_NOMETASYNC}): an OS crash or power loss may lose
   * the last commit that returned (its meta page reaches the disk with the next commit's fsync;
   * under group commit, a commit can hold several transactions), never corrupts the database.
   */
  NO_META_SYNC,
  /**
   * No fsync ({@code MDB_NOSYNC}): the OS writes when it likes. A process crash loses nothing. An
   * OS crash or power loss may lose recent transactions and may damage the database: the OS writes
   * dirty pages back in its own order (a meta page before the pages it points to), as with SQLite's
   * {@code synchronous=OFF}. For data that can be rebuilt; keep backups.
   */
  NO_SYNC
}
