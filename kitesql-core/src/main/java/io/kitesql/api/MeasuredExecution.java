package io.kitesql.api;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import org.jspecify.annotations.Nullable;

/**
 * One execution an {@link ExecutionListener} watches: the transaction's byte counters when it
 * started, the rows, the bytes its caller took and copied, and the first failure so far. Made only
 * when a listener is set and interested.
 */
final class MeasuredExecution {
  private final ExecutionListener.Execution execution;
  private final Transaction transaction;
  private final long borrowedBefore;
  private final long copiedBefore;

  /** Rows returned so far (written by the thread reading the cursor), or rows written. */
  long rows;

  /** Bytes of text and binary values the caller took from the cursor (the reading thread). */
  private long returned;

  /** Bytes the caller reported copying from the cursor's values (the reading thread). */
  private long copiedByCaller;

  private Throwable failure;

  /**
   * Starts watching an execution the listener is interested in ({@code execution} is not {@code
   * Execution.NONE}).
   */
  MeasuredExecution(ExecutionListener.Execution execution, Transaction transaction) {
    this.execution = execution;
    this.transaction = transaction;
    this.borrowedBefore = transaction.bytesBorrowed();
    this.copiedBefore = transaction.bytesCopied();
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
   * Reports the execution as ended: its rows, the counters' growth since it started, its failure if
   * any.
   */
  void end() {
    execution.ended(
        new ExecutionListener.Outcome(
            rows,
            transaction.bytesBorrowed() - borrowedBefore,
            returned,
            transaction.bytesCopied() - copiedBefore + copiedByCaller,
            failure));
  }

  /** Reports a failure that ended the execution. */
  void endFailed(Throwable e) {
    failed(e);
    end();
  }
}
