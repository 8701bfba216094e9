package io.kitesql.api;

/**
 * One execution an {@link ExecutionListener} watches: the transaction's byte counters when it
 * started, the rows and the first failure so far. Made only when a listener is set and interested.
 */
final class MeasuredExecution {
  private final ExecutionListener.Execution execution;
  private final Transaction transaction;
  private final long borrowedBefore;
  private final long copiedBefore;

  /** Rows returned so far (written by the thread reading the cursor), or rows written. */
  long rows;

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
            transaction.bytesCopied() - copiedBefore,
            failure));
  }

  /** Reports a failure that ended the execution. */
  void endFailed(Throwable e) {
    failed(e);
    end();
  }
}
