package io.kitesql.storage.lmdb;

/**
 * An LMDB cursor ({@code MDB_cursor *}) and the {@link KeyBuffer} whose structs its calls pass: a
 * pooled read cursor's own, or the writer thread's for a write transaction's cursors (whose calls
 * run one at a time there). A seek takes the key loaded into that buffer; after a move, {@link
 * #key()} and {@link #value()} read where it stands (copy them out at once).
 *
 * <p>A read-only cursor outlives its transaction and must be closed (or renewed for the next one);
 * a write cursor is freed by LMDB with its transaction, so it is closed before the commit or abort.
 */
public final class LmdbCursor implements AutoCloseable {
  private final KeyBuffer vals;
  private long cursor;

  private LmdbCursor(long cursor, KeyBuffer vals) {
    this.cursor = cursor;
    this.vals = vals;
  }

  public static LmdbCursor open(long txn, int dbi, KeyBuffer vals) {
    LmdbTxn.require(txn);
    LmdbException.check(Lmdb.cursorOpen(txn, dbi, vals.data), "mdb_cursor_open");
    return new LmdbCursor(NativeMemory.ALL.get(NativeMemory.LONG, vals.data), vals);
  }

  /** The buffer whose key struct a seek reads. */
  KeyBuffer vals() {
    return vals;
  }

  /**
   * {@code mdb_cursor_get} with {@code op} ({@code Lmdb.FIRST}, {@code NEXT}, {@code SET_RANGE}
   * with the key loaded into {@link #vals}, ...); false if there is no such entry.
   */
  public boolean move(int op) {
    int rc = Lmdb.cursorGet(handle(), vals.key, vals.data, op);
    if (rc == Lmdb.NOTFOUND) {
      return false;
    }
    LmdbException.check(rc, "mdb_cursor_get");
    return true;
  }

  public boolean first() {
    return move(Lmdb.FIRST);
  }

  public boolean last() {
    return move(Lmdb.LAST);
  }

  public boolean next() {
    return move(Lmdb.NEXT);
  }

  /** Where the cursor stands: the key (after a move that found one). */
  public Ptr key() {
    return vals.keyPtr();
  }

  /** Where the cursor stands: the value (after a move that found one). */
  public Ptr value() {
    return vals.dataPtr();
  }

  /**
   * {@code mdb_cursor_put} with {@code MDB_RESERVE} and {@code flags} for the key loaded into
   * {@link #vals}: where to write {@code size} bytes, or null on {@code MDB_KEYEXIST} (the key is
   * there under {@code MDB_NOOVERWRITE}, or not past the last key under {@code MDB_APPEND}).
   */
  public Ptr reserve(long size, int flags) {
    vals.value(0, size);
    int rc = Lmdb.cursorPut(handle(), vals.key, vals.data, flags | Lmdb.RESERVE);
    if (rc == Lmdb.KEYEXIST) {
      return null;
    }
    LmdbException.check(rc, "mdb_cursor_put");
    return vals.dataPtr();
  }

  /** Deletes the entry the cursor stands on. */
  public void delete() {
    LmdbException.check(Lmdb.cursorDel(handle(), 0), "mdb_cursor_del");
  }

  /** Binds a read-only cursor to the (renewed) read transaction {@code txn}. */
  public void renew(long txn) {
    LmdbTxn.require(txn);
    LmdbException.check(Lmdb.cursorRenew(txn, handle()), "mdb_cursor_renew");
  }

  /** Frees the cursor; idempotent. A write cursor only while its transaction is open. */
  @Override
  public void close() {
    if (cursor != 0) {
      Lmdb.cursorClose(cursor);
      cursor = 0;
    }
  }

  private long handle() {
    if (cursor == 0) {
      throw new LmdbException(Lmdb.BAD_TXN, "cursor closed");
    }
    return cursor;
  }
}
