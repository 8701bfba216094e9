package io.kitesql.storage;

import io.kitesql.value.Memory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A native scratch buffer for one key at a time, and the holder that hands it to lmdbjava. Keys
 * are copied here (LMDB reads them only during the call), so callers may reuse their arrays.
 */
final class KeyBuffer {
  private final MemorySegment buffer;
  private final Ptr ptr = new Ptr();

  KeyBuffer(Arena arena) {
    buffer = arena.allocate(LmdbErrors.MAX_KEY_SIZE);
  }

  /** Copies the first {@code length} bytes of {@code key} in and returns the holder pointing at them. */
  Ptr load(byte[] key, int length) {
    LmdbErrors.checkKey(length);
    MemorySegment.copy(key, 0, buffer, Memory.BYTE, 0, length);
    return ptr.set(buffer.address(), length);
  }
}
