package io.kitesql.storage.lmdb;

/**
 * The calls made on an LMDB transaction handle ({@code MDB_txn *} as a {@code long}; 0 is no
 * transaction). The key and data go through a {@link KeyBuffer}'s structs: load the key first, read
 * what was found from the returned holder at once. {@code MDB_NOTFOUND} and {@code MDB_KEYEXIST}
 * are answers (null, false), every other failure throws {@link LmdbException}.
 *
 * <p>A handle that was committed or aborted is freed by LMDB; callers set their field to 0 at once,
 * and every call here refuses 0 ({@code MDB_BAD_TXN}) rather than hand LMDB a null pointer.
 */
public final class LmdbTxn {
  private LmdbTxn() {}

  public static void require(long txn) {
    if (txn == 0) {
      throw new LmdbException(Lmdb.BAD_TXN, "no transaction");
    }
  }

  /** {@code mdb_get}: the value of the key loaded into {@code kb}, or null if absent. */
  public static Ptr get(long txn, int dbi, KeyBuffer kb) {
    require(txn);
    int rc = Lmdb.get(txn, dbi, kb.key, kb.data);
    if (rc == Lmdb.NOTFOUND) {
      return null;
    }
    LmdbException.check(rc, "mdb_get");
    return kb.dataPtr();
  }

  /**
   * {@code mdb_put} of {@code size} bytes at {@code address} under the key loaded into {@code kb}.
   */
  public static void put(long txn, int dbi, KeyBuffer kb, long address, long size) {
    require(txn);
    kb.value(address, size);
    LmdbException.check(Lmdb.put(txn, dbi, kb.key, kb.data, 0), "mdb_put");
  }

  /**
   * {@code mdb_put} with {@code MDB_RESERVE}: where to write {@code size} bytes (copy the address
   * out at once).
   */
  public static Ptr reserve(long txn, int dbi, KeyBuffer kb, long size) {
    require(txn);
    kb.value(0, size);
    LmdbException.check(Lmdb.put(txn, dbi, kb.key, kb.data, Lmdb.RESERVE), "mdb_put");
    return kb.dataPtr();
  }

  /** {@code mdb_del} of the key loaded into {@code kb}; false if it was absent. */
  public static boolean delete(long txn, int dbi, KeyBuffer kb) {
    require(txn);
    int rc = Lmdb.del(txn, dbi, kb.key, 0);
    if (rc == Lmdb.NOTFOUND) {
      return false;
    }
    LmdbException.check(rc, "mdb_del");
    return true;
  }

  /** {@code mdb_txn_commit}; LMDB frees the transaction whether it succeeds or not. */
  public static void commit(long txn) {
    require(txn);
    LmdbException.check(Lmdb.txnCommit(txn), "mdb_txn_commit");
  }

  /**
   * {@code mdb_txn_abort} (also of a reset read transaction, whose reader slot it releases); 0 is
   * ignored.
   */
  public static void abort(long txn) {
    if (txn != 0) {
      Lmdb.txnAbort(txn);
    }
  }

  /** {@code mdb_txn_reset}: a read transaction lets its snapshot go and keeps its reader slot. */
  public static void reset(long txn) {
    require(txn);
    Lmdb.txnReset(txn);
  }

  /** {@code mdb_txn_renew}: a reset read transaction takes the latest snapshot. */
  public static void renew(long txn) {
    require(txn);
    LmdbException.check(Lmdb.txnRenew(txn), "mdb_txn_renew");
  }
}
