package io.kitesql.storage;

import java.lang.foreign.MemorySegment;

/**
 * The storage layer's own segment over the whole address space, through which it reads and (with a
 * writable map) writes LMDB's pages at the absolute addresses the binding returns. Never handed
 * out: what a read lends goes through the read-only {@link MapView}.
 */
final class MapMemory {
  /** All of the address space: offsets are absolute addresses. */
  @SuppressWarnings("restricted") // LMDB hands out absolute addresses
  static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

  private MapMemory() {}
}
