package io.kitesql.storage;

import io.kitesql.options.EngineSwitches;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one platform thread that makes every LMDB write-transaction call.
 *
 * <p>LMDB's writer lock is a mutex owned by an OS thread. Measured on JDK 25: a virtual thread that
 * begins a write transaction on one carrier and commits on another leaves the lock stuck for the
 * life of the process, and virtual threads blocked in {@code mdb_txn_begin} pin every carrier until
 * nothing runs. So callers (platform or virtual) serialize on a fair Java lock, which parks, and
 * hand their work here.
 *
 * <p>A hand-off is a {@link HandOff} in a lock-free queue; the caller parks until its work is done
 * and is woken once (a timed wait for an LMDB begin too, which used to wake the caller at the begin
 * and again at the end). Both sides may spin briefly before they park, each as its {@link
 * SpinPolicy} allows (by default adaptive: only while spins keep being answered, docs/storage.md).
 *
 * <p>The writer's role can also be leased ({@link #tryLease}): a platform thread that holds the
 * {@link #turn} makes the writer's calls itself, with no hand-off, while this thread waits to run
 * its next task. This thread holds the turn while it runs a task, so the lessee and the tasks never
 * overlap, and whatever either does happens-before what the other does after it. An LMDB write
 * transaction begun by a lessee must end on it before it gives the turn back ({@link
 * WriteTransaction}).
 */
final class WriterThread {
  private final ConcurrentLinkedQueue<HandOff<?, ?>> tasks = new ConcurrentLinkedQueue<>();
  private final HandOff<?, ?> stopSignal = HandOff.noWait(() -> null);
  private final Thread thread;

  /** Set while the writer thread parks (or is about to): a producer then unparks it. */
  private volatile boolean sleeping;

  /** How callers waiting for their work spin; shared by all callers (one spins at a time). */
  private final SpinPolicy callerSpin;

  /** How this thread spins for its next task. */
  private final SpinPolicy writerSpin;

  /**
   * Held by whoever makes the writer's calls now: this thread while it runs a task, or a lessee.
   */
  private final ReentrantLock turn = new ReentrantLock();

  /**
   * A writer thread whose two sides spin as {@link EngineSwitches#WRITER_SPIN_MICROS} says (read
   * now).
   */
  WriterThread(String name) {
    this(name, SpinPolicy.fromSystemProperty(), SpinPolicy.fromSystemProperty());
  }

  WriterThread(String name, SpinPolicy callerSpin, SpinPolicy writerSpin) {
    this.callerSpin = callerSpin;
    this.writerSpin = writerSpin;
    thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::loop);
    thread.start();
  }

  /**
   * Whether the current thread makes the writer's calls: this thread, or the lessee of its turn.
   */
  boolean isCurrent() {
    return Thread.currentThread() == thread || turn.isHeldByCurrentThread();
  }

  /**
   * Takes the writer's role for the current thread if no task runs now (never waits): until {@link
   * #endLease}, work it {@link #call}s runs on it directly, and queued tasks wait. Whether it took
   * it.
   */
  boolean tryLease() {
    return !isCurrent() && turn.tryLock();
  }

  /** Gives the writer's role back ({@link #tryLease}); the queued tasks run then. */
  void endLease() {
    turn.unlock();
  }

  /**
   * Runs {@code work} on the writer thread and returns its result, rethrowing what it threw. Waits
   * uninterruptibly: the work has to finish before the transaction's state is known, so an
   * interrupt is remembered and restored afterwards.
   */
  <T> T call(Callable<T> work) {
    if (isCurrent()) {
      return callHere(work);
    }
    var task = HandOff.<T>plain(work, CallerAllocation.creditOfCurrentThread());
    submit(task);
    return task.awaitResult(callerSpin);
  }

  /**
   * Like {@link #call}, but stops waiting after {@code timeoutNanos} and then returns empty; if the
   * work finishes after that, its result goes to {@code discard} on the writer thread. For work
   * that may block in LMDB for as long as another process pleases.
   */
  <T> Optional<T> callWithin(Callable<T> work, long timeoutNanos, Consumer<? super T> discard) {
    if (isCurrent()) {
      return Optional.ofNullable(callHere(work));
    }
    var task = HandOff.<T, T>timed(work, discard, null, CallerAllocation.creditOfCurrentThread());
    submit(task);
    long deadline = System.nanoTime() + timeoutNanos;
    if (!task.await(HandOff.DONE, deadline, callerSpin) && task.abandon()) {
      task.restoreInterrupt();
      return Optional.empty();
    }
    return Optional.ofNullable(
        task.awaitResult(callerSpin)); // delivered at the deadline: ready, or nearly
  }

  /**
   * Runs {@code start} and then {@code then} on the writer thread as one task, waiting for {@code
   * start} at most {@code timeoutNanos}: if it has not finished by then, throws {@code timedOut}'s
   * exception, and its result goes to {@code discard} on the writer thread and {@code then} never
   * runs. Once {@code start} finished, waits for {@code then} however long it takes. So work that
   * must first take LMDB's writer mutex (which may wait for another process) pays one hand-off, not
   * two.
   */
  <S, T> T callStartingWithin(
      Callable<S> start,
      long timeoutNanos,
      Consumer<? super S> discard,
      Function<? super S, T> then,
      Supplier<? extends RuntimeException> timedOut) {
    if (isCurrent()) {
      return then.apply(callHere(start));
    }
    var task = HandOff.timed(start, discard, then, CallerAllocation.creditOfCurrentThread());
    submit(task);
    long deadline = System.nanoTime() + timeoutNanos;
    // Waits for the whole task until the deadline (one wake-up, not one when start finished and one
    // at
    // the end); past it, gives up unless the writer already claimed the task, which it does once
    // start finished.
    if (!task.await(HandOff.DONE, deadline, callerSpin) && task.abandon()) {
      task.restoreInterrupt();
      throw timedOut.get();
    }
    return task.awaitResult(callerSpin); // started (or failed to start): its outcome is the task's
  }

  void run(Runnable work) {
    call(
        () -> {
          work.run();
          return null;
        });
  }

  /** Queues {@code work} without waiting for it; what it throws is dropped. */
  void runLater(Runnable work) {
    submit(
        HandOff.noWait(
            () -> {
              work.run();
              return null;
            }));
  }

  /**
   * Lets the thread end after the queued work, without waiting for it (it may be blocked in LMDB).
   */
  void stopLater() {
    submit(stopSignal);
  }

  /** Stops the thread after the queued work; idempotent. */
  void stop() {
    if (thread.isAlive()) {
      submit(stopSignal);
      boolean interrupted = false;
      while (thread.isAlive()) {
        try {
          thread.join();
        } catch (InterruptedException _) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void submit(HandOff<?, ?> task) {
    tasks.add(task);
    if (sleeping) { // read after the add: the writer sets it before it polls a last time
      LockSupport.unpark(thread);
    }
  }

  private void loop() {
    while (true) {
      var task = tasks.poll();
      if (task == null) {
        task = awaitTask();
      }
      if (task == stopSignal) {
        return;
      }
      task.run(turn);
    }
  }

  /**
   * The next task: polled for as long as {@link #writerSpin} allows (a caller's next statement
   * often follows within a few µs), then parked for.
   */
  private HandOff<?, ?> awaitTask() {
    HandOff<?, ?> task = null;
    long window = writerSpin.acquire();
    if (window > 0) {
      long spinEnd = System.nanoTime() + window;
      while ((task = tasks.poll()) == null && System.nanoTime() - spinEnd < 0) {
        Thread.onSpinWait();
      }
      writerSpin.release(task != null);
      if (task != null) {
        return task;
      }
    }
    sleeping = true;
    try {
      while ((task = tasks.poll()) == null) {
        LockSupport.park(this);
        Thread.interrupted(); // only stop() ends this thread; a stray interrupt must not make park
        // return at once
      }
      return task;
    } finally {
      sleeping = false;
    }
  }

  private static <T> T callHere(Callable<T> work) {
    try {
      return work.call();
    } catch (Exception e) {
      throw HandOff.rethrow(e);
    }
  }
}
