package io.kitesql.storage.lmdb;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The binding's own segment over the whole address space, through which it reads and writes the
 * structs of LMDB calls at their absolute addresses. Never handed out (the storage has its own,
 * {@code MapMemory}, for LMDB's pages).
 */
final class NativeMemory {
  /** All of the address space: offsets are absolute addresses. */
  @SuppressWarnings("restricted") // LMDB hands out absolute addresses
  static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

  /** A native-order {@code long} at any address (LMDB's structs, and its pages' contents). */
  static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

  static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

  private NativeMemory() {}
}
