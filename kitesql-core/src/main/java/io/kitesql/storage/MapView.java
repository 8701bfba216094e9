package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Memory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The segment read transactions lend the LMDB map through: the map's bytes and nothing else,
 * read-only, with offsets relative to the map's address (nothing lent can be written through it,
 * nor can anything outside the map be read), owned by a shared {@link Arena}. Before anything
 * unmaps the map (close, growth, adopting a foreign size) the storage retires the view, once every
 * read transaction ended, and opens a new one for the map as it is then. Closing a shared arena is
 * a JDK handshake with every thread: a read in flight through the view (a 200 MB {@code toString}
 * included) completes first, and every later one throws {@link IllegalStateException}. So a value
 * read on another thread while its transaction ends and the database closes either completes or
 * throws; it never touches unmapped memory. Costs ~51 µs per unmap, nothing per read.
 *
 * <p>LMDB reports no map address (without {@code MDB_FIXEDMAP} {@code mdb_env_info} gives 0), so a
 * {@link Mapping} learns it from the first address LMDB hands out into it: every page of the map
 * starts with its page number, and pages lie at multiples of the page size from the map's start.
 */
final class MapView {
  private final int pageSize;
  private Arena arena;
  private volatile Mapping current;

  MapView(int pageSize) {
    this.pageSize = pageSize;
  }

  /** The current mapping; transactions take it when they begin. */
  Mapping current() {
    return current;
  }

  /** Ends the view: reads in flight through it finish, later ones throw. Idempotent. */
  void retire() {
    if (arena != null && arena.scope().isAlive()) {
      arena.close();
    }
  }

  /**
   * A fresh view of a map of {@code size} bytes, for the transactions that begin after a (re)map.
   */
  void reopen(long size) {
    arena = Arena.ofShared();
    current = new Mapping(arena, size, pageSize);
  }

  /** One mapping of the LMDB map: its view, made once its address is known. */
  static final class Mapping {
    private final Arena arena;
    private final long size;
    private final int pageSize;
    private volatile MemorySegment segment = MemorySegment.NULL;
    private volatile long base = -1;

    private Mapping(Arena arena, long size, int pageSize) {
      this.arena = arena;
      this.size = size;
      this.pageSize = pageSize;
    }

    /** LMDB's page size: pages lie at multiples of it from the map's start. */
    int pageSize() {
      return pageSize;
    }

    /** The view (empty until an address into the map was seen). */
    MemorySegment segment() {
      return segment;
    }

    /**
     * The offset in {@link #segment} of the {@code length} bytes at {@code address}, which LMDB
     * handed out into the map; 0 for no bytes (LMDB's address of an empty value is not read).
     */
    long offsetOf(long address, int length) {
      if (length == 0) {
        return 0;
      }
      long b = base;
      if (b < 0) {
        b = learnBase(address);
      }
      return address - b;
    }

    @SuppressWarnings("restricted") // the map as LMDB mapped it, read-only
    private long learnBase(long address) {
      long page = address & -(long) pageSize;
      long pageNumber = MapMemory.ALL.get(Memory.LONG_NATIVE, page);
      long b = page - pageNumber * pageSize;
      if (pageNumber < 0 || b <= 0 || address - b >= size) {
        throw new KiteSqlException(
            ErrorCode.INTERNAL_ERROR,
            "the LMDB map's address cannot be found from "
                + Long.toHexString(address)
                + " (page number "
                + pageNumber
                + ")");
      }
      segment = MemorySegment.ofAddress(b).reinterpret(size, arena, null).asReadOnly();
      base = b;
      return b;
    }
  }
}
