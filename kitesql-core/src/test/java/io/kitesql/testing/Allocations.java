package io.kitesql.testing;

import java.lang.management.ManagementFactory;

/** Bytes of Java heap the current (platform) thread allocates while running a piece of work. */
public final class Allocations {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private Allocations() {}

  /**
   * Runs {@code work} {@code rounds} times after as many warm-up runs; returns the minimum bytes of
   * one run.
   */
  public static long minBytes(int rounds, Runnable work) {
    if (Thread.currentThread().isVirtual()) {
      throw new IllegalStateException(
          "ThreadMXBean reports -1 on virtual threads; measure on a platform thread");
    }
    for (int i = 0; i < rounds; i++) {
      work.run();
    }
    long min = Long.MAX_VALUE;
    for (int i = 0; i < rounds; i++) {
      long before = THREADS.getCurrentThreadAllocatedBytes();
      work.run();
      min = Math.min(min, THREADS.getCurrentThreadAllocatedBytes() - before);
    }
    return min;
  }
}
