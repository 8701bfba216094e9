package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A bounded pool of {@link ReadContext}s; its permits are the environment's read-transaction
 * budget.
 *
 * <p>Waiting for a permit parks (a virtual thread does not pin its carrier). The semaphore is fair,
 * so {@link #drain} (take every permit, to grow the map or close) is not starved by a stream of new
 * readers: they queue behind it. No {@code ThreadLocal}: under virtual threads every request is a
 * new thread, so per-thread state would never be reused.
 */
final class ReadContextPool {
  private final int size;
  private final Semaphore permits;
  private final ConcurrentLinkedDeque<ReadContext> idle = new ConcurrentLinkedDeque<>();
  private final List<ReadContext> all = new ArrayList<>();
  private final Supplier<ReadContext> factory;

  ReadContextPool(int size, Supplier<ReadContext> factory) {
    this.size = size;
    this.permits = new Semaphore(size, true);
    this.factory = factory;
  }

  /**
   * A read context, waiting up to {@code wait}; when none came free, once more (up to {@code
   * reclaimWait}) after asking the garbage collector for transactions dropped unclosed ({@link
   * LeakedReads}). The collection is rate-limited: every caller of an exhausted pool would
   * otherwise run a full GC.
   */
  ReadContext acquire(Duration wait, LeakedReads.Collector leaks, Duration reclaimWait) {
    try {
      return acquire(wait);
    } catch (KiteSqlException exhausted) {
      if (exhausted.errorCode() != ErrorCode.READERS_EXHAUSTED
          || Thread.currentThread().isInterrupted()
          || !leaks.collect(false)) {
        throw exhausted;
      }
      try {
        return acquire(reclaimWait);
      } catch (KiteSqlException again) {
        exhausted.addSuppressed(again);
        throw exhausted;
      }
    }
  }

  ReadContext acquire(Duration wait) {
    takePermit(wait);
    var ctx = idle.pollFirst();
    if (ctx != null) {
      ctx.idleSeen = false;
      return ctx;
    }
    try {
      ctx = factory.get();
    } catch (RuntimeException e) {
      permits.release();
      throw e;
    }
    synchronized (all) {
      all.add(ctx);
    }
    return ctx;
  }

  private void takePermit(Duration wait) {
    boolean acquired;
    try {
      acquired = permits.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KiteSqlException(
          ErrorCode.STATEMENT_CANCELLED,
          "cancelled: the thread was interrupted while waiting for a read transaction",
          e);
    }
    if (!acquired) {
      throw new KiteSqlException(
          ErrorCode.READERS_EXHAUSTED,
          "all "
              + size
              + " read transactions stayed in use for "
              + wait.toMillis()
              + " ms; close read transactions sooner or raise maxReaders/readPoolSize");
    }
  }

  /**
   * A permit without a context (a backup's own LMDB read transaction); give it back with {@link
   * #releasePermit}.
   */
  void acquirePermit(Duration wait) {
    takePermit(wait);
  }

  void releasePermit() {
    permits.release();
  }

  void release(ReadContext ctx) {
    idle.addFirst(ctx); // Most recently used first: its pages are likely still in cache.
    permits.release();
  }

  /**
   * Closes the contexts that stayed idle since the last call, so their LMDB reader slots serve
   * other processes; marks the others. Holds a permit meanwhile, so no drain (map resize, close)
   * runs while a context is closed; skips the round if none is free.
   */
  void releaseIdle() {
    if (!permits.tryAcquire()) {
      return;
    }
    try {
      for (var it = idle.descendingIterator(); it.hasNext(); ) { // least recently used first
        var ctx = it.next();
        if (!ctx.idleSeen) {
          ctx.idleSeen = true;
        } else if (idle.removeLastOccurrence(ctx)) { // still idle: nobody can take it now
          synchronized (all) {
            all.remove(ctx);
          }
          closeQuietly(ctx);
        }
      }
    } finally {
      permits.release();
    }
  }

  private static void closeQuietly(ReadContext ctx) {
    try {
      ctx.close();
    } catch (RuntimeException e) {
      // Whatever LMDB reported, the slot is released with the environment at the latest.
      System.getLogger(ReadContextPool.class.getName())
          .log(System.Logger.Level.DEBUG, "closing an idle read context failed", e);
    }
  }

  /**
   * The oldest read transaction open for longer than {@code age}, described for an error message
   * ("a read transaction open for 12.3 s, begun on thread X"); empty if none.
   */
  Optional<String> openLongerThan(Duration age) {
    long now = System.nanoTime();
    ReadContext oldest = null;
    long oldestAt = 0;
    synchronized (all) {
      for (var ctx : all) {
        long at = ctx.openedAt;
        if (at != 0 && now - at > age.toNanos() && (oldest == null || at - oldestAt < 0)) {
          oldest = ctx;
          oldestAt = at;
        }
      }
    }
    if (oldest == null) {
      return Optional.empty();
    }
    var thread = oldest.openedBy;
    return Optional.of(
        String.format(
            Locale.ROOT,
            "a read transaction has been open for %.1f s (begun on thread '%s')",
            (now - oldestAt) / 1e9,
            thread == null || thread.isEmpty() ? "unnamed" : thread));
  }

  /** Contexts that exist (each holds an LMDB reader slot), in use or idle. */
  int contexts() {
    synchronized (all) {
      return all.size();
    }
  }

  /** Takes every permit, waiting up to {@code wait} for open read transactions to end. */
  boolean drain(Duration wait) {
    try {
      return permits.tryAcquire(size, wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException _) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  void undrain() {
    permits.release(size);
  }

  int inUse() {
    return size - permits.availablePermits();
  }

  int size() {
    return size;
  }

  /** Closes every context; only while drained. */
  void closeAll() {
    synchronized (all) {
      for (var ctx : all) {
        ctx.close();
      }
      all.clear();
      idle.clear();
    }
  }
}
