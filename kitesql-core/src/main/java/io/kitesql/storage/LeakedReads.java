package io.kitesql.storage;

import io.kitesql.options.EngineSwitches;
import io.kitesql.value.Scope;
import java.lang.ref.Cleaner;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ends read transactions their callers dropped without closing.
 *
 * <p>A read transaction holds a pooled read context (an LMDB reader slot) until closed. One that
 * becomes unreachable unclosed used to hold it for good: once every context leaked, beginRead
 * failed with READERS_EXHAUSTED forever and close() always refused. Each transaction now registers
 * a {@link Lease} with a {@link Cleaner}: closing runs it at once; otherwise the cleaner runs it
 * after the garbage collector found the transaction unreachable. The lease ends the transaction
 * exactly as close() does, scope first and only then the LMDB reset, so a value the caller kept (it
 * references the scope, not the transaction) throws IllegalStateException and never reads pages
 * LMDB reuses. The lease references the storage, context and scope, never the transaction.
 *
 * <p>A reclaimed leak is logged as a warning. Where it was opened costs a stack trace per
 * transaction, so it is captured only with {@code -Dkitesql.trackReadTransactions=true}; the
 * opening thread's name is always given.
 */
final class LeakedReads {
  /** Whether to capture the stack of every read transaction's opening, for the leak warning. */
  static final boolean TRACK_OPENINGS = EngineSwitches.trackReadTransactions();

  private static final Cleaner CLEANER = Cleaner.create();
  private static final System.Logger LOG = System.getLogger(LeakedReads.class.getName());
  private static final AtomicLong RECLAIMED = new AtomicLong();

  private LeakedReads() {}

  /** Registers {@code transaction}; {@link Cleaner.Cleanable#clean()} ends it (once). */
  static Cleaner.Cleanable register(
      ReadTransaction transaction, Storage storage, ReadContext ctx, Scope scope) {
    var opened = TRACK_OPENINGS ? new Throwable("read transaction opened here") : null;
    return CLEANER.register(
        transaction, new Lease(storage, ctx, scope, Thread.currentThread().getName(), opened));
  }

  /** Read transactions reclaimed from the garbage collector so far, in this process. */
  static long reclaimed() {
    return RECLAIMED.get();
  }

  /**
   * Asks the garbage collector for read transactions dropped unclosed, whose cleaners then end
   * them; rate-limited, since every caller of an exhausted pool would otherwise run a full GC.
   */
  static final class Collector {
    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    private final AtomicLong lastCollection = new AtomicLong(System.nanoTime() - INTERVAL_NANOS);

    /** Collects unless one ran in the last 5 s ({@code always}: regardless); whether it did. */
    boolean collect(boolean always) {
      long now = System.nanoTime();
      long last = lastCollection.get();
      if (!always && now - last < INTERVAL_NANOS || !lastCollection.compareAndSet(last, now)) {
        return always;
      }
      System.gc();
      return true;
    }
  }

  /** What ending one read transaction needs; must not reference the transaction. */
  static final class Lease implements Runnable {
    private final Storage storage;
    private final ReadContext ctx;
    private final Scope scope;
    private final String openingThread;
    private final Throwable opened;

    private Lease(
        Storage storage, ReadContext ctx, Scope scope, String openingThread, Throwable opened) {
      this.storage = storage;
      this.ctx = ctx;
      this.scope = scope;
      this.openingThread = openingThread;
      this.opened = opened;
    }

    @Override
    public void run() {
      // Closed explicitly: close() ended the scope before running this (ReadTransaction.close).
      if (scope.isLive()) {
        RECLAIMED.incrementAndGet();
        LOG.log(
            System.Logger.Level.WARNING,
            "a read transaction of "
                + storage.directory()
                + " opened on thread "
                + openingThread
                + " was never closed; the garbage collector reclaimed it and its values are no longer readable"
                + (opened == null
                    ? " (run with -Dkitesql.trackReadTransactions=true to log where it was opened)"
                    : ""),
            opened);
      }
      storage.endRead(ctx);
    }
  }
}
