package io.kitesql.storage;

import java.lang.management.ManagementFactory;

/**
 * Heap bytes allocated on behalf of a calling thread, including what the writer thread allocated
 * running work that thread handed it. A write statement runs on the writer thread (one hand-off
 * instead of one per storage call), so the caller's own allocation counter no longer sees the
 * statement's work; per-statement metrics read {@link #allocatedBytes()} instead.
 *
 * <p>The writer thread credits a caller's cell before the caller's task completes, so the caller
 * reads it after the hand-off returns without further synchronization. Virtual threads get no cell:
 * the JDK cannot measure their allocation at all.
 */
public final class CallerAllocation {
  private static final com.sun.management.ThreadMXBean THREADS = threads();
  private static final ThreadLocal<long[]> CREDITS = new ThreadLocal<>();

  private CallerAllocation() {}

  private static com.sun.management.ThreadMXBean threads() {
    return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
            && bean.isThreadAllocatedMemorySupported()
        ? bean
        : null;
  }

  /**
   * Heap bytes the current thread has allocated so far plus those the writer thread allocated for
   * it; -1 where the JDK cannot say (virtual threads, or no allocation counter).
   */
  public static long allocatedBytes() {
    long own = ownBytes();
    if (own < 0) {
      return -1;
    }
    var credit = CREDITS.get();
    return credit == null ? own : own + credit[0];
  }

  /** The current thread's own allocation counter, or -1. */
  static long ownBytes() {
    return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
  }

  /**
   * The current thread's credit cell, made on first use; null for virtual threads or without a
   * counter.
   */
  static long[] creditOfCurrentThread() {
    if (THREADS == null || Thread.currentThread().isVirtual()) {
      return null;
    }
    var credit = CREDITS.get();
    if (credit == null) {
      credit = new long[1];
      CREDITS.set(credit);
    }
    return credit;
  }
}
