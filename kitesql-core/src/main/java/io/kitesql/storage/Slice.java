package io.kitesql.storage;

import io.kitesql.storage.lmdb.Ptr;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;

/**
 * Bytes of a key or value: {@code length} bytes of {@code base} from {@code offset}.
 *
 * <p>In a read-only transaction {@code base} is the storage's read-only view of the whole address
 * space (closed before the map is unmapped) and {@code offset} the absolute address inside the LMDB
 * map: a loan valid until the transaction ends (check with the transaction's {@code Scope}). In a
 * write transaction the bytes are an owned heap copy, since pages touched by a write can move.
 */
public record Slice(MemorySegment base, long offset, int length) {

  /** Whether the bytes are lent by the LMDB map rather than owned on the heap. */
  public boolean isBorrowed() {
    return base.isNative();
  }

  /** A heap copy of the bytes. */
  public byte[] toByteArray() {
    var bytes = new byte[length];
    MemorySegment.copy(base, Memory.BYTE, offset, bytes, 0, length);
    return bytes;
  }

  static Slice copyOf(Ptr ptr) {
    var bytes = new byte[Math.toIntExact(ptr.size)];
    MemorySegment.copy(MapMemory.ALL, Memory.BYTE, ptr.address, bytes, 0, bytes.length);
    return new Slice(MemorySegment.ofArray(bytes), 0, bytes.length);
  }
}
