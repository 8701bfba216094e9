package io.kitesql.storage;

import io.kitesql.storage.lmdb.KeyBuffer;
import java.lang.foreign.Arena;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@link KeyBuffer}s of a storage's read contexts and read cursors, allocated in the storage's
 * arena (freed when the storage closes) and reused: a context closed by the idle sweep gives its
 * buffers back, and the next context takes them. Native memory so stays at what the most contexts
 * and cursors open at once needed, however many times the sweep closes idle contexts and bursts of
 * reads open new ones (before, every new context allocated fresh buffers that stayed in the arena
 * until close: ~1.6 KB per swept context). Only contexts being created or closed take or give
 * buffers; a read calls neither.
 */
final class KeyBufferPool {
  private final Arena arena;
  private final ConcurrentLinkedDeque<KeyBuffer> free = new ConcurrentLinkedDeque<>();
  private final AtomicLong allocated = new AtomicLong();

  KeyBufferPool(Arena arena) {
    this.arena = arena;
  }

  /** A buffer no one else uses until it is given back. */
  KeyBuffer take() {
    var buffer = free.pollFirst();
    if (buffer != null) {
      return buffer;
    }
    allocated.incrementAndGet();
    return new KeyBuffer(arena);
  }

  /** Gives {@code buffer} back; its owner (a closed context or cursor) must not use it again. */
  void give(KeyBuffer buffer) {
    free.addFirst(buffer);
  }

  /**
   * Native bytes allocated for buffers so far (they are reused, not freed, until the storage
   * closes).
   */
  long allocatedBytes() {
    return allocated.get() * KeyBuffer.BYTES;
  }
}
