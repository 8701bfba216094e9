package io.kitesql.storage.files;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One of the two meta pages at the start of an LMDB {@code data.mdb}, as LMDB 0.9 writes it on a
 * 64-bit little- or big-endian build (native byte order, 8-byte page numbers and transaction ids):
 * a 16-byte page header (page number, pad, flags at 10), then {@code MDB_meta}: magic, version,
 * fixed-map address, map size, the free-page and main databases ({@code MDB_db}, 48 bytes each; the
 * free database's first field holds the page size), the last used page and the transaction id that
 * committed the page. Layout checked against {@code MDB_page}, {@code MDB_meta} and {@code MDB_db}
 * in LMDB's mdb.c (0.9 branch).
 */
record MetaPage(
    int index,
    int pageFlags,
    int magic,
    int version,
    int pageSize,
    long freeRoot,
    long mainRoot,
    long lastPage,
    long txnId) {

  static final int MAGIC = 0xBEEFC0DE;

  /** MDB_DATA_VERSION of a release build. */
  static final int DATA_VERSION = 1;

  /** Page header plus MDB_meta: what must be readable of each meta page. */
  static final int BYTES = 152;

  static final int P_META = 0x08;

  /** LMDB's "no page" root of an empty database. */
  static final long NO_PAGE = -1L;

  static final int MIN_PAGE_SIZE = 256;
  static final int MAX_PAGE_SIZE = 1 << 16;

  static MetaPage parse(int index, ByteBuffer page) {
    var b = page.duplicate().order(ByteOrder.nativeOrder());
    return new MetaPage(
        index,
        Short.toUnsignedInt(b.getShort(10)),
        b.getInt(16),
        b.getInt(20),
        b.getInt(40),
        b.getLong(80),
        b.getLong(128),
        b.getLong(136),
        b.getLong(144));
  }

  /** What is wrong with this meta page on its own, or null if it is a plausible LMDB meta page. */
  String damage() {
    if (magic != MAGIC) {
      return String.format("bad magic 0x%08X (an LMDB meta page starts with 0x%08X)", magic, MAGIC);
    }
    if ((pageFlags & P_META) == 0) {
      return String.format("page flags 0x%04X lack the meta page flag", pageFlags);
    }
    if (version != DATA_VERSION) {
      return "LMDB data format version " + version + ", expected " + DATA_VERSION;
    }
    if (Integer.bitCount(pageSize) != 1 || pageSize < MIN_PAGE_SIZE || pageSize > MAX_PAGE_SIZE) {
      return "impossible page size " + Integer.toUnsignedString(pageSize);
    }
    if (lastPage < 1 || lastPage > Long.MAX_VALUE / MAX_PAGE_SIZE) {
      return "impossible last page number " + Long.toUnsignedString(lastPage);
    }
    if (!rootWithin(freeRoot) || !rootWithin(mainRoot)) {
      return "a root page (free "
          + Long.toUnsignedString(freeRoot)
          + ", main "
          + Long.toUnsignedString(mainRoot)
          + ") lies past its last page "
          + lastPage;
    }
    return null;
  }

  /** Bytes the file needs so that every page this meta page may refer to lies inside it. */
  long requiredFileSize() {
    return (lastPage + 1) * pageSize;
  }

  private boolean rootWithin(long root) {
    return root == NO_PAGE || (root >= 2 && root <= lastPage);
  }

  @Override
  public String toString() {
    return "meta page "
        + index
        + " (transaction "
        + txnId
        + ", last page "
        + lastPage
        + ", page size "
        + pageSize
        + ")";
  }
}
