package io.kitesql.api;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * One execution an {@link ExecutionListener} watches: when it started, the transaction's byte
 * counters and the thread's allocation counter then, the rows, the bytes its caller took and
 * copied, and the first failure so far. Used only when a listener is set and interested, and
 * reused: each {@link PreparedStatement} keeps one that ended for its next execution, so that
 * watching a statement run again and again allocates nothing of the engine's.
 */
final class MeasuredExecution {
  /** Where this goes back when its execution has been reported. */
  private final AtomicReference<@Nullable MeasuredExecution> spare;

  private ExecutionListener.@Nullable Execution execution;
  private @Nullable Transaction transaction;
  private @Nullable Thread thread;
  private long startNanos;
  private long allocatedBefore;
  private long borrowedBefore;
  private long copiedBefore;

  /** Rows returned so far (written by the thread reading the cursor), or rows written. */
  long rows;

  /** Bytes of text and binary values the caller took from the cursor (the reading thread). */
  private long returned;

  /** Bytes the caller reported copying from the cursor's values (the reading thread). */
  private long copiedByCaller;

  private @Nullable Throwable failure;

  private MeasuredExecution(AtomicReference<@Nullable MeasuredExecution> spare) {
    this.spare = spare;
  }

  /**
   * Starts watching an execution of a statement whose spare is {@code spare} ({@code execution} is
   * not {@code Execution.NONE}), reading the thread's allocation counter if {@code allocation}.
   */
  static MeasuredExecution start(
      AtomicReference<@Nullable MeasuredExecution> spare,
      ExecutionListener.Execution execution,
      Transaction transaction,
      boolean allocation) {
    var taken = spare.getAndSet(null);
    var measured = taken != null ? taken : new MeasuredExecution(spare);
    measured.execution = execution;
    measured.transaction = transaction;
    measured.thread = Thread.currentThread();
    measured.rows = 0;
    measured.returned = 0;
    measured.copiedByCaller = 0;
    measured.failure = null;
    measured.borrowedBefore = transaction.bytesBorrowed();
    measured.copiedBefore = transaction.bytesCopied();
    measured.allocatedBefore = allocation ? ThreadAllocation.allocatedBytes() : -1;
    measured.startNanos = System.nanoTime();
    return measured;
  }

  /** Counts a value the caller took, if it is text or binary. */
  void returned(@Nullable Object value) {
    switch (value) {
      case Text t -> returned += t.utf8Length();
      case Binary b -> returned += b.length();
      case null, default -> {}
    }
  }

  /** Counts bytes the caller copied from the values it took. */
  void copiedByCaller(long bytes) {
    copiedByCaller += bytes;
  }

  /** Remembers the first failure; it is reported when the execution ends. */
  void failed(Throwable e) {
    if (failure == null) {
      failure = e;
    }
  }

  /**
   * Reports the execution as ended (its time, the allocation of its thread if measured and still on
   * it, its rows, the counters' growth since it started, its failure if any) and goes back to be
   * reused.
   */
  void end() {
    long allocatedAfter =
        allocatedBefore >= 0 && Thread.currentThread() == thread
            ? ThreadAllocation.allocatedBytes()
            : -1;
    long nanos = System.nanoTime() - startNanos;
    var watched = execution;
    var tx = transaction;
    if (watched == null || tx == null) {
      return; // reported already
    }
    var outcome =
        new ExecutionListener.Outcome(
            nanos,
            allocatedBefore >= 0 && allocatedAfter >= 0 ? allocatedAfter - allocatedBefore : -1,
            rows,
            tx.bytesBorrowed() - borrowedBefore,
            returned,
            tx.bytesCopied() - copiedBefore + copiedByCaller,
            failure);
    execution = null;
    transaction = null;
    thread = null;
    failure = null;
    try {
      watched.ended(outcome);
    } finally {
      spare.compareAndSet(null, this);
    }
  }

  /** Reports a failure that ended the execution. */
  void endFailed(Throwable e) {
    failed(e);
    end();
  }
}
