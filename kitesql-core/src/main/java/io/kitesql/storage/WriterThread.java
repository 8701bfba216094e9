package io.kitesql.storage;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one platform thread that makes every LMDB write-transaction call.
 *
 * <p>LMDB's writer lock is a mutex owned by an OS thread. Measured on JDK 25: a virtual thread
 * that begins a write transaction on one carrier and commits on another leaves the lock stuck for
 * the life of the process, and virtual threads blocked in {@code mdb_txn_begin} pin every carrier
 * until nothing runs. So callers (platform or virtual) serialize on a fair Java lock, which parks,
 * and hand their work here.
 */
final class WriterThread {
  private static final FutureTask<Void> STOP = new FutureTask<>(() -> null);

  private final LinkedBlockingQueue<FutureTask<?>> tasks = new LinkedBlockingQueue<>();
  private final Thread thread;

  WriterThread(String name) {
    thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::loop);
    thread.start();
  }

  boolean isCurrent() {
    return Thread.currentThread() == thread;
  }

  /**
   * Runs {@code work} on the writer thread and returns its result, rethrowing what it threw.
   * Waits uninterruptibly: the work has to finish before the transaction's state is known, so an
   * interrupt is remembered and restored afterwards.
   */
  <T> T call(Callable<T> work) {
    if (isCurrent()) {
      return callHere(work);
    }
    var credit = CallerAllocation.creditOfCurrentThread();
    var task = credit == null ? new FutureTask<>(work) : new CreditedTask<>(work, credit);
    tasks.add(task);
    return awaitUninterruptibly(task);
  }

  /** Waits for {@code task} however long it takes, rethrowing what it threw; an interrupt is restored afterwards. */
  private static <T> T awaitUninterruptibly(FutureTask<T> task) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException _) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Like {@link #call}, but stops waiting after {@code timeoutNanos} and then returns empty; if
   * the work finishes after that, its result goes to {@code discard} on the writer thread. For
   * work that may block in LMDB for as long as another process pleases.
   */
  <T> Optional<T> callWithin(Callable<T> work, long timeoutNanos, Consumer<? super T> discard) {
    var state = new AtomicInteger(); // 0: waiting, 1: result delivered, 2: caller gave up
    var task = new FutureTask<>(() -> {
      T result = work.call();
      if (!state.compareAndSet(0, 1)) {
        discard.accept(result);
        return null;
      }
      return result;
    });
    tasks.add(task);
    long deadline = System.nanoTime() + timeoutNanos;
    boolean interrupted = false;
    try {
      while (true) {
        try {
          long left = deadline - System.nanoTime();
          if (left <= 0 && state.compareAndSet(0, 2)) {
            return Optional.empty();
          }
          // Delivered (or failed) at the deadline: the result is ready, or nearly.
          return Optional.ofNullable(left <= 0 ? task.get() : task.get(left, TimeUnit.NANOSECONDS));
        } catch (InterruptedException _) {
          interrupted = true;
        } catch (TimeoutException _) {
          // Loop: give up unless the result arrived meanwhile.
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Runs {@code start} and then {@code then} on the writer thread as one task, waiting for {@code
   * start} at most {@code timeoutNanos}: if it has not finished by then, throws {@code timedOut}'s
   * exception, and its
   * result goes to {@code discard} on the writer thread and {@code then} never runs. Once {@code
   * start} finished, waits for {@code then} however long it takes. So work that must first take
   * LMDB's writer mutex (which may wait for another process) pays one hand-off, not two.
   */
  <S, T> T callStartingWithin(Callable<S> start, long timeoutNanos, Consumer<? super S> discard,
      Function<? super S, T> then, Supplier<? extends RuntimeException> timedOut) {
    var state = new AtomicInteger(); // 0: starting, 1: started, 2: caller gave up
    var started = new CountDownLatch(1);
    var task = new FutureTask<T>(() -> {
      S begun;
      try {
        begun = start.call();
      } finally {
        started.countDown();
      }
      if (!state.compareAndSet(0, 1)) {
        discard.accept(begun);
        return null;
      }
      return then.apply(begun);
    });
    tasks.add(task);
    long deadline = System.nanoTime() + timeoutNanos;
    boolean interrupted = false;
    try {
      while (true) {
        try {
          long left = deadline - System.nanoTime();
          if (!started.await(Math.max(0, left), TimeUnit.NANOSECONDS) && state.compareAndSet(0, 2)) {
            throw timedOut.get();
          }
          break; // started (or failed to start): its outcome is the task's
        } catch (InterruptedException _) {
          interrupted = true;
        }
      }
      return awaitUninterruptibly(task);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /** Queues {@code work} without waiting for it; what it throws is dropped. */
  void runLater(Runnable work) {
    tasks.add(new FutureTask<>(work, null));
  }

  /** Lets the thread end after the queued work, without waiting for it (it may be blocked in LMDB). */
  void stopLater() {
    tasks.add(STOP);
  }

  /** Stops the thread after the queued work; idempotent. */
  void stop() {
    if (thread.isAlive()) {
      tasks.add(STOP);
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

  private void loop() {
    while (true) {
      FutureTask<?> task;
      try {
        task = tasks.take();
      } catch (InterruptedException _) {
        continue; // Only stop() ends this thread.
      }
      if (task == STOP) {
        return;
      }
      task.run();
    }
  }

  /**
   * A task that credits the heap bytes the writer thread allocated running it to the caller's
   * {@link CallerAllocation} cell, before its result becomes visible to the waiting caller.
   */
  private static final class CreditedTask<T> extends FutureTask<T> {
    private final long[] credit;
    private long before;

    CreditedTask(Callable<T> work, long[] credit) {
      super(work);
      this.credit = credit;
    }

    @Override
    public void run() {
      before = CallerAllocation.ownBytes();
      super.run();
    }

    @Override
    protected void set(T result) {
      credit[0] += CallerAllocation.ownBytes() - before;
      super.set(result);
    }

    @Override
    protected void setException(Throwable failure) {
      credit[0] += CallerAllocation.ownBytes() - before;
      super.setException(failure);
    }
  }

  private static <T> T callHere(Callable<T> work) {
    try {
      return work.call();
    } catch (Exception e) {
      throw rethrow(e);
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("unexpected checked exception on the LMDB writer thread", t);
  }
}
