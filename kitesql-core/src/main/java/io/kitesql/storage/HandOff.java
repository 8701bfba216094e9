package io.kitesql.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One piece of work handed to the {@link WriterThread}, and the caller's wait for it.
 *
 * <p>The work is {@code start}, then (if given) {@code then} with start's result. A timed hand-off
 * may be abandoned by its caller while {@code start} has not finished (the writer may be blocked in
 * {@code mdb_txn_begin} behind another process): the writer then passes start's result to {@code
 * discard} and skips {@code then}. Whoever wins the {@code claim} decides.
 *
 * <p>The caller waits by spinning as long as its {@link SpinPolicy} allows (it may answer 0), then
 * parking; the writer unparks it only if it registered as {@code waiter}. Both are volatile: the
 * caller sets {@code waiter} and then reads {@code phase}, the writer sets {@code phase} and then
 * reads {@code waiter}, so at least one of them sees the other's write and no wake-up is lost.
 */
final class HandOff<S, T> {
  static final int QUEUED = 0;
  static final int DONE = 1;

  private static final int PENDING = 0;
  private static final int CLAIMED = 1;
  private static final int ABANDONED = 2;
  private static final VarHandle CLAIM;

  static {
    try {
      CLAIM = MethodHandles.lookup().findVarHandle(HandOff.class, "claim", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Callable<S> start;

  /** Null: the result is start's. */
  private final Function<? super S, T> then;

  /** Null: an untimed hand-off, whose caller never gives up. */
  private final Consumer<? super S> discard;

  /** The caller's {@link CallerAllocation} cell, credited with what the work allocated; or null. */
  private final long[] credit;

  private volatile int phase = QUEUED;
  private volatile Thread waiter;

  @SuppressWarnings("unused") // through CLAIM
  private volatile int claim = PENDING;

  /** Written by the writer before {@code phase} becomes DONE, read by the caller after. */
  private T result;

  private Throwable failure;

  /** Caller side only: an interrupt seen while parked, restored when the wait ends. */
  private boolean interrupted;

  private HandOff(
      Callable<S> start, Function<? super S, T> then, Consumer<? super S> discard, long[] credit) {
    this.start = start;
    this.then = then;
    this.discard = discard;
    this.credit = credit;
  }

  static <T> HandOff<T, T> plain(Callable<T> work, long[] credit) {
    return new HandOff<>(work, null, null, credit);
  }

  static <S, T> HandOff<S, T> timed(
      Callable<S> start, Consumer<? super S> discard, Function<? super S, T> then, long[] credit) {
    return new HandOff<>(start, then, discard, credit);
  }

  /** Work nobody waits for (what it throws is dropped). */
  static HandOff<Object, Object> noWait(Callable<Object> work) {
    return new HandOff<>(work, null, null, null);
  }

  /**
   * Runs the work holding {@code turn} (the writer's role, {@link WriterThread#tryLease}), which is
   * given back before the caller is told: a caller that begins its next transaction at once finds
   * the role free. On the writer thread.
   */
  @SuppressWarnings("unchecked")
  void run(ReentrantLock turn) {
    long before = credit == null ? 0 : CallerAllocation.ownBytes();
    boolean abandoned = false;
    turn.lock(); // waits while a lessee has the writer's role
    try {
      S begun = start.call();
      if (discard != null && !CLAIM.compareAndSet(this, PENDING, CLAIMED)) {
        abandoned = true; // the caller gave up waiting and no longer reads its credit cell
        discard.accept(begun);
        return;
      }
      // Claimed: from here the caller waits however long then takes.
      result = then == null ? (T) begun : then.apply(begun);
    } catch (Throwable t) {
      failure = t;
    } finally {
      if (credit != null && !abandoned) {
        credit[0] += CallerAllocation.ownBytes() - before;
      }
      turn.unlock();
      signal(DONE);
    }
  }

  private void signal(int reached) {
    phase = reached;
    var w = waiter;
    if (w != null) {
      LockSupport.unpark(w);
    }
  }

  /**
   * The caller gives up; false if the writer already took the work on (its outcome is then the
   * caller's).
   */
  boolean abandon() {
    return CLAIM.compareAndSet(this, PENDING, ABANDONED);
  }

  /**
   * Waits until the work reached {@code target} or {@code deadline} (nanoTime) passed; whether it
   * reached it.
   */
  boolean await(int target, long deadline, SpinPolicy spin) {
    return awaitPhase(target, deadline, true, spin);
  }

  /**
   * Waits however long the work takes, restores an interrupt, and returns its result or rethrows
   * its failure.
   */
  T awaitResult(SpinPolicy spin) {
    awaitPhase(DONE, 0, false, spin);
    restoreInterrupt();
    if (failure != null) {
      throw rethrow(failure);
    }
    return result;
  }

  void restoreInterrupt() {
    if (interrupted) {
      interrupted = false;
      Thread.currentThread().interrupt();
    }
  }

  private boolean awaitPhase(int target, long deadline, boolean timed, SpinPolicy spin) {
    if (phase >= target) {
      return true;
    }
    long window = spin.acquire();
    if (window > 0) {
      long spinEnd = System.nanoTime() + window;
      while (phase < target && System.nanoTime() - spinEnd < 0) {
        Thread.onSpinWait();
      }
      boolean answered = phase >= target;
      spin.release(answered);
      if (answered) {
        return true;
      }
    }
    waiter = Thread.currentThread();
    try {
      while (phase < target) {
        if (timed) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return false;
          }
          LockSupport.parkNanos(this, left);
        } else {
          LockSupport.park(this);
        }
        if (Thread.interrupted()) {
          interrupted = true; // the work must finish before the transaction's state is known
        }
      }
      return true;
    } finally {
      waiter = null;
    }
  }

  static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("unexpected checked exception on the LMDB writer thread", t);
  }
}
