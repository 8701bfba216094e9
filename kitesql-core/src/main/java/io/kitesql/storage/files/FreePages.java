package io.kitesql.storage.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.BitSet;

/**
 * Reads LMDB's free-page database (a B-tree of transaction id → list of freed page numbers) with
 * plain file reads, to tell a data file LMDB legally left short (its missing end pages are all
 * free, so LMDB never reads them) from a truncated one. Runs only when the file is shorter than its
 * meta page says; anything unexpected counts as "not proven free", so the file is refused.
 *
 * <p>Layout (LMDB 0.9, 64-bit, native byte order): a page has a 16-byte header (flags at 10, {@code
 * mp_lower} at 12, node offsets from 16 on); a node has {@code lo}, {@code hi}, {@code flags},
 * {@code ksize} (u16 each) then the key and data. A branch node's child page is {@code lo | hi <<
 * 16 | flags << 32}; a leaf node's data size is {@code lo | hi << 16}, and with flag F_BIGDATA its
 * data is the number of an overflow page holding the data after its header. The data of a free-list
 * record is an ID list: a count, then that many page numbers.
 */
final class FreePages {
  private static final int HEADER = 16;
  private static final int NODE_HEADER = 8;
  private static final int P_BRANCH = 0x01;
  private static final int P_LEAF = 0x02;
  private static final int F_BIGDATA = 0x01;

  /** Far deeper than any real B-tree; stops a damaged tree that loops. */
  private static final int MAX_DEPTH = 32;

  private final FileChannel channel;
  private final int pageSize;
  private final long filePages;
  private final long lastPage;
  private final BitSet freeTail = new BitSet();
  private long pagesRead;

  private FreePages(FileChannel channel, MetaPage meta, long filePages) {
    this.channel = channel;
    this.pageSize = meta.pageSize();
    this.filePages = filePages;
    this.lastPage = meta.lastPage();
  }

  /** Whether every page from {@code filePages} to the meta page's last page is on its free list. */
  static boolean coverTail(FileChannel channel, MetaPage meta, long filePages) throws IOException {
    long missing = meta.lastPage() + 1 - filePages;
    if (meta.freeRoot() == MetaPage.NO_PAGE || missing > Integer.MAX_VALUE) {
      return false;
    }
    var walk = new FreePages(channel, meta, filePages);
    try {
      walk.visit(meta.freeRoot(), 0);
    } catch (DamagedTree _) {
      return false;
    }
    return walk.freeTail.cardinality() == missing;
  }

  private void visit(long pageNumber, int depth) throws IOException {
    if (depth > MAX_DEPTH || ++pagesRead > filePages) {
      throw new DamagedTree();
    }
    var page = page(pageNumber, pageSize);
    int flags = Short.toUnsignedInt(page.getShort(10));
    int lower = Short.toUnsignedInt(page.getShort(12));
    if (lower < HEADER || lower > pageSize || (flags & (P_BRANCH | P_LEAF)) == 0) {
      throw new DamagedTree();
    }
    for (int slot = HEADER; slot < lower; slot += 2) {
      int node = Short.toUnsignedInt(page.getShort(slot));
      if (node < lower || node + NODE_HEADER > pageSize) {
        throw new DamagedTree();
      }
      long lo = Short.toUnsignedLong(page.getShort(node));
      long hi = Short.toUnsignedLong(page.getShort(node + 2));
      int nodeFlags = Short.toUnsignedInt(page.getShort(node + 4));
      int keySize = Short.toUnsignedInt(page.getShort(node + 6));
      if ((flags & P_BRANCH) != 0) {
        visit(lo | hi << 16 | (long) nodeFlags << 32, depth + 1);
      } else {
        collect(recordData(page, node + NODE_HEADER + keySize, lo | hi << 16, nodeFlags));
      }
    }
  }

  /** The data of a leaf node whose key ends at {@code dataStart}: inline, or on overflow pages. */
  private ByteBuffer recordData(ByteBuffer page, int dataStart, long size, int nodeFlags)
      throws IOException {
    if ((nodeFlags & F_BIGDATA) != 0) {
      if (dataStart + 8 > pageSize || size > Integer.MAX_VALUE - HEADER) {
        throw new DamagedTree();
      }
      return page(page.getLong(dataStart), HEADER + (int) size)
          .position(HEADER)
          .slice()
          .order(ByteOrder.nativeOrder());
    }
    if (dataStart + size > pageSize) {
      throw new DamagedTree();
    }
    return page.slice(dataStart, (int) size).order(ByteOrder.nativeOrder());
  }

  /** Marks the free pages of one ID list that lie in the missing tail. */
  private void collect(ByteBuffer ids) {
    if (ids.remaining() < 8) {
      throw new DamagedTree();
    }
    long count = ids.getLong(0);
    if (count < 0 || count > ids.remaining() / 8 - 1) {
      throw new DamagedTree();
    }
    for (int i = 1; i <= count; i++) {
      long id = ids.getLong(i * 8);
      if (id >= filePages && id <= lastPage) {
        freeTail.set((int) (id - filePages));
      }
    }
  }

  /**
   * {@code length} bytes from the start of page {@code pageNumber}; a page of the free list itself
   * past the end of the file means the file is truncated.
   */
  private ByteBuffer page(long pageNumber, int length) throws IOException {
    if (pageNumber < 2 || pageNumber > lastPage) {
      throw new DamagedTree();
    }
    long position = pageNumber * pageSize;
    if (position + length > channel.size()) {
      throw new DamagedTree();
    }
    return DataFileCheck.read(channel, position, length).order(ByteOrder.nativeOrder());
  }

  /** The free list is damaged or reaches past the end of the file: the tail is not proven free. */
  private static final class DamagedTree extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DamagedTree() {
      super(null, null, false, false);
    }
  }
}
