package io.kitesql.storage;

import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Comparator;
import jnr.ffi.Pointer;
import org.lmdbjava.BufferProxy;

/**
 * lmdbjava buffer proxy over raw (address, size) holders.
 *
 * <p>lmdbjava's stock proxies rewrite {@code ByteBuffer} internals (needs {@code --add-opens}) or
 * use Agrona (needs {@code --add-exports}); this one only moves two longs in and out of the native
 * {@code MDB_val} struct, so it needs no module flags and never copies a value.
 */
final class AddressProxy extends BufferProxy<Ptr> {
  static final AddressProxy INSTANCE = new AddressProxy();
  /**
   * {@code MDB_val}'s two fields ({@code size_t mv_size}, {@code void *mv_data}): native order. They
   * are aligned, but the unaligned layout spares a per-access alignment check.
   */
  private static final ValueLayout.OfLong MDB_VAL_FIELD = Memory.LONG_NATIVE;

  /**
   * LMDB's own order: unsigned bytes, a proper prefix first. lmdbjava only calls it for {@code
   * KeyRange} bounds, which this layer does not use, but it must agree with LMDB regardless.
   */
  static final Comparator<Ptr> UNSIGNED = AddressProxy::compareUnsigned;

  private AddressProxy() {}

  static int compareUnsigned(Ptr a, Ptr b) {
    long n = Math.min(a.size, b.size);
    long m = MemorySegment.mismatch(Memory.ALL, a.address, a.address + n, Memory.ALL, b.address, b.address + n);
    if (m >= 0) {
      int x = Memory.ALL.get(Memory.BYTE, a.address + m) & 0xFF;
      int y = Memory.ALL.get(Memory.BYTE, b.address + m) & 0xFF;
      return Integer.compare(x, y);
    }
    return Long.compare(a.size, b.size);
  }

  @Override
  protected Ptr allocate() {
    return new Ptr();
  }

  @Override
  protected void deallocate(Ptr buffer) {
    // Holders own no memory.
  }

  @Override
  protected byte[] getBytes(Ptr buffer) {
    var bytes = new byte[Math.toIntExact(buffer.size)];
    MemorySegment.copy(Memory.ALL, Memory.BYTE, buffer.address, bytes, 0, bytes.length);
    return bytes;
  }

  @Override
  protected Comparator<Ptr> getSignedComparator() {
    return UNSIGNED;
  }

  @Override
  protected Comparator<Ptr> getUnsignedComparator() {
    return UNSIGNED;
  }

  @Override
  protected Pointer in(Ptr buffer, Pointer mdbVal) {
    store(mdbVal.address(), buffer.size, buffer.address);
    return null;
  }

  @Override
  protected Pointer in(Ptr buffer, int size, Pointer mdbVal) {
    store(mdbVal.address(), size, buffer.address);
    return null;
  }

  @Override
  protected Ptr out(Ptr buffer, Pointer mdbVal) {
    long val = mdbVal.address();
    return buffer.set(Memory.ALL.get(MDB_VAL_FIELD, val + STRUCT_FIELD_OFFSET_DATA),
        Memory.ALL.get(MDB_VAL_FIELD, val + STRUCT_FIELD_OFFSET_SIZE));
  }

  /**
   * Writes an {@code MDB_val} at {@code val}. Straight through {@code java.lang.foreign}: jnr-ffi's
   * bounded {@code Pointer.putLong} showed up at ~11% of a one-row write transaction's samples.
   */
  private static void store(long val, long size, long data) {
    Memory.ALL.set(MDB_VAL_FIELD, val + STRUCT_FIELD_OFFSET_SIZE, size);
    Memory.ALL.set(MDB_VAL_FIELD, val + STRUCT_FIELD_OFFSET_DATA, data);
  }
}
