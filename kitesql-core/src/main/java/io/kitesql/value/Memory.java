package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The layouts of encoded rows and keys, and the test for segments that span the address space.
 *
 * <p>LMDB values are not aligned, so only the {@code *_UNALIGNED} layouts are used. No segment over
 * arbitrary addresses is public: this package keeps a read-only one for the values it makes from
 * raw addresses itself, the storage layer one of its own, and a caller reaches values' bytes only
 * through {@link Text#asReadOnlySegment()} and {@link Binary#asReadOnlySegment()}.
 */
public final class Memory {
  /**
   * All of the address space, read-only: values made here from absolute addresses read through it.
   */
  @SuppressWarnings("restricted") // values made from absolute addresses (read-only)
  static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE).asReadOnly();

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
   * Whether offsets into {@code segment} are absolute addresses: this package's own, or a storage's
   * view of its map (a segment of the same extent that belongs to the storage's arena, so that it
   * can be closed before the map is unmapped; see {@code Storage}). Borrowed values keep such a
   * segment as it is: every read of theirs then goes through it.
   */
  public static boolean spansAddressSpace(MemorySegment segment) {
    return segment.isNative() && segment.address() == 0 && segment.byteSize() == Long.MAX_VALUE;
  }

  private Memory() {}
}
