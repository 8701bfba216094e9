package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The one native segment every mapped read goes through, and the layouts used on it.
 *
 * <p>LMDB values are not aligned, so only the {@code *_UNALIGNED} layouts are used. Bounds are
 * the storage layer's business: a borrowed value knows its address and length, and liveness is
 * checked through its {@link Scope}.
 */
public final class Memory {
  /** All of the address space: mapped reads use absolute addresses as offsets. */
  public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

  public static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
  /** Big-endian 16-bit: the byte order of encoded rows and keys. */
  public static final ValueLayout.OfShort SHORT_BE =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  /** Big-endian 32-bit: the byte order of encoded rows and keys. */
  public static final ValueLayout.OfInt INT_BE =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  /** Big-endian 64-bit: the byte order of encoded rows and keys. */
  public static final ValueLayout.OfLong LONG_BE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  /** Native-order 64-bit, for SWAR kernels that do not care about byte order. */
  public static final ValueLayout.OfLong LONG_NATIVE = ValueLayout.JAVA_LONG_UNALIGNED;

  /**
   * Whether offsets into {@code segment} are absolute addresses: {@link #ALL}, or a storage's view
   * of its map (a segment of the same extent that belongs to the storage's arena, so that it can
   * be closed before the map is unmapped; see {@code Storage}). Borrowed values keep such a
   * segment as it is: every read of theirs then goes through it.
   */
  public static boolean spansAddressSpace(MemorySegment segment) {
    return segment.isNative() && segment.address() == 0 && segment.byteSize() == Long.MAX_VALUE;
  }

  private Memory() {}
}
