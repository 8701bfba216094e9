package io.kitesql.api;

import io.kitesql.storage.CallerAllocation;

/**
 * Heap bytes allocated on behalf of the calling thread, including what the engine's writer thread
 * allocated running the write statements this thread handed it: the figure per-statement allocation
 * metrics subtract before and after a call, since a thread's own allocation counter does not see
 * the writer thread's work.
 */
public final class ThreadAllocation {
  private ThreadAllocation() {}

  /**
   * Bytes allocated so far for the current thread; -1 where the JDK cannot measure it (virtual
   * threads, or a JVM without per-thread allocation counters).
   */
  public static long allocatedBytes() {
    return CallerAllocation.allocatedBytes();
  }
}
