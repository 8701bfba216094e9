package io.kitesql.storage;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Steps a read cursor from entry to entry of the LMDB leaf page it stands on by reading the page
 * itself, so that a scan calls {@code mdb_cursor_get} about twice per page instead of once per
 * entry. A read transaction's pages never change while it lives (LMDB copies a page before a writer
 * changes it), and the cursor reads them only while its busy flag holds the transaction's end off,
 * as for an LMDB call.
 *
 * <pre>
 * leaf page (LMDB 0.9's MDB_page, little-endian)      node (MDB_node)
 * +0  page number (8)                                 +0 data size, low 16 bits
 * +8  pad (2)  +10 flags (2): P_LEAF, no LEAF2/SUBP   +2 data size, high 16 bits
 * +12 lower (2): 16 + 2 × entries                     +4 flags: 0, or F_BIGDATA
 * +14 upper (2)                                       +6 key size
 * +16 offsets of the nodes in key order (2 each)      +8 key, then the data, or with F_BIGDATA
 *     ... free space ... nodes                           the overflow page's number (8): the
 *                                                        data starts 16 bytes into that page
 * </pre>
 *
 * <p>The walk learns its page from where LMDB stood (the entry's key lies 8 bytes into its node,
 * the node inside its page), then steps along the offsets. Past either end of the page, or on a
 * node it does not know (sub-databases, duplicates: KiteSQL opens neither), it steps no further and
 * the cursor asks LMDB, first putting LMDB's cursor back on the entry the walk stands on ({@link
 * #ahead()}), which LMDB finds within its current page without descending the tree. A cursor scan
 * takes about a fifth less time per entry (docs/storage.md, "Reads lend the map").
 */
final class LeafWalk {
  private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED;
  private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

  private static final int PAGE_HEADER = 16;
  private static final int NODE_HEADER = 8;
  private static final int P_LEAF = 0x02;
  private static final int P_NOT_PLAIN = 0x01 | 0x04 | 0x08 | 0x20 | 0x40; // branch, overflow…
  private static final int F_BIGDATA = 0x01;

  /** The page's offset in the map, or -1 while the walk has not learned where it stands. */
  private long page = -1;

  private int index;
  private int entries;

  /** The walk stands past the entry LMDB's cursor stands on (on the same page). */
  private boolean ahead;

  private long keyOffset;
  private int keyLength;
  private long valueOffset;
  private int valueLength;

  /** LMDB's cursor moved on its own: the walk learns its page again at the next step. */
  void forget() {
    page = -1;
    ahead = false;
  }

  /**
   * Steps one entry forward ({@code step} 1) or back (-1) on the current page, if it has one there;
   * LMDB's cursor stands on the entry whose key is at {@code keyOffset} unless {@link #ahead()}.
   *
   * @return whether the walk stands on the next entry now ({@link #keyOffset()} etc. describe it)
   */
  boolean step(MemorySegment map, long keyOffset, int pageSize, int step) {
    if (page < 0 && !learn(map, keyOffset, pageSize)) {
      return false;
    }
    int to = index + step;
    if (to < 0 || to >= entries) {
      return false;
    }
    long node = page + Short.toUnsignedInt(map.get(U16, page + PAGE_HEADER + 2L * to));
    int flags = Short.toUnsignedInt(map.get(U16, node + 4));
    if ((flags & ~F_BIGDATA) != 0) {
      return false;
    }
    int keySize = Short.toUnsignedInt(map.get(U16, node + 6));
    int dataSize =
        Short.toUnsignedInt(map.get(U16, node)) | Short.toUnsignedInt(map.get(U16, node + 2)) << 16;
    this.keyOffset = node + NODE_HEADER;
    this.keyLength = keySize;
    long data = node + NODE_HEADER + keySize;
    this.valueOffset =
        (flags & F_BIGDATA) != 0 ? map.get(U64, data) * pageSize + PAGE_HEADER : data;
    this.valueLength = dataSize;
    index = to;
    ahead = true;
    return true;
  }

  /** Whether LMDB's cursor stands on an earlier entry than the walk (it must be put back first). */
  boolean ahead() {
    return ahead;
  }

  long keyOffset() {
    return keyOffset;
  }

  int keyLength() {
    return keyLength;
  }

  long valueOffset() {
    return valueOffset;
  }

  int valueLength() {
    return valueLength;
  }

  /** Finds the page and index of the entry LMDB stands on; false if it is not a plain leaf. */
  private boolean learn(MemorySegment map, long keyOffset, int pageSize) {
    long node = keyOffset - NODE_HEADER;
    long start = node & -(long) pageSize;
    int flags = Short.toUnsignedInt(map.get(U16, start + 10));
    if ((flags & P_LEAF) == 0 || (flags & P_NOT_PLAIN) != 0) {
      return false;
    }
    int count = (Short.toUnsignedInt(map.get(U16, start + 12)) - PAGE_HEADER) >>> 1;
    int nodeInPage = (int) (node - start);
    for (int i = 0; i < count; i++) {
      if (Short.toUnsignedInt(map.get(U16, start + PAGE_HEADER + 2L * i)) == nodeInPage) {
        page = start;
        index = i;
        entries = count;
        return true;
      }
    }
    return false;
  }
}
