package io.kitesql.storage.lmdb;

/**
 * A failed LMDB call: its result code and LMDB's text for it. Never leaves {@code
 * io.kitesql.storage}: its {@code LmdbErrors} makes every one a {@code KiteSqlException}. The three
 * codes the storage recovers from have a subclass of their own, so recovery is a {@code catch} of
 * its kind.
 */
public class LmdbException extends RuntimeException {
  private final int code;

  LmdbException(int code, String call) {
    super(
        call + ": " + Lmdb.strerror(code),
        null,
        false,
        false); // no stack trace: the translation has one
    this.code = code;
  }

  /** LMDB's result code: one of its own (negative) or an errno. */
  public int code() {
    return code;
  }

  /** Throws for any code but {@code MDB_SUCCESS}. */
  public static void check(int rc, String call) {
    if (rc != Lmdb.SUCCESS) {
      throw of(rc, call);
    }
  }

  public static LmdbException of(int rc, String call) {
    return switch (rc) {
      case Lmdb.MAP_FULL -> new MapFull(call);
      case Lmdb.MAP_RESIZED -> new MapResized(call);
      case Lmdb.READERS_FULL -> new ReadersFull(call);
      default -> new LmdbException(rc, call);
    };
  }

  /** {@code MDB_MAP_FULL}: the map must grow before the transaction is replayed. */
  public static final class MapFull extends LmdbException {
    MapFull(String call) {
      super(Lmdb.MAP_FULL, call);
    }
  }

  /** {@code MDB_MAP_RESIZED}: another process grew the map; adopt its size. */
  public static final class MapResized extends LmdbException {
    MapResized(String call) {
      super(Lmdb.MAP_RESIZED, call);
    }
  }

  /** {@code MDB_READERS_FULL}: every reader slot of the lock file is taken. */
  public static final class ReadersFull extends LmdbException {
    ReadersFull(String call) {
      super(Lmdb.READERS_FULL, call);
    }
  }
}
