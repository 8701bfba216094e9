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

  private Memory() {}
}
