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
  /** Rows returned so far; written by the thread reading the cursor. */
  long rows;
  private Throwable failure;

  private MeasuredExecution(ExecutionListener.Execution execution, Transaction transaction) {
    this.execution = execution;
    this.transaction = transaction;
    this.borrowedBefore = transaction.bytesBorrowed();
    this.copiedBefore = transaction.bytesCopied();
  }

  /** Starts watching {@code statement} in {@code transaction}, or null if {@code listener} is not interested. */
  static MeasuredExecution start(ExecutionListener listener, PreparedStatement statement, Transaction transaction) {
    var execution = listener.started(statement);
    return execution == ExecutionListener.Execution.NONE ? null : new MeasuredExecution(execution, transaction);
  }

  /** Remembers the first failure; it is reported when the execution ends. */
  void failed(Throwable e) {
    if (failure == null) {
      failure = e;
    }
  }

  /** Reports the execution as ended with {@code rows}, or with its failure if it had one. */
  void end(long rowCount) {
    execution.ended(new ExecutionListener.Outcome(rowCount,
        transaction.bytesBorrowed() - borrowedBefore, transaction.bytesCopied() - copiedBefore, failure));
  }

  /** Reports a failure before any row: the execution ends with it. */
  void endFailed(Throwable e) {
    failed(e);
    end(0);
  }
}
