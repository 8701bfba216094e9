package io.kitesql.storage;

import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
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
    mdbVal.putLong(STRUCT_FIELD_OFFSET_SIZE, buffer.size);
    mdbVal.putAddress(STRUCT_FIELD_OFFSET_DATA, buffer.address);
    return null;
  }

  @Override
  protected Pointer in(Ptr buffer, int size, Pointer mdbVal) {
    mdbVal.putLong(STRUCT_FIELD_OFFSET_SIZE, size);
    mdbVal.putAddress(STRUCT_FIELD_OFFSET_DATA, buffer.address);
    return null;
  }

  @Override
  protected Ptr out(Ptr buffer, Pointer mdbVal) {
    return buffer.set(mdbVal.getAddress(STRUCT_FIELD_OFFSET_DATA), mdbVal.getLong(STRUCT_FIELD_OFFSET_SIZE));
  }
}
