package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Locale;

/**
 * What one statement execution may spend: heap held by its operators' state (sort buffers, hash
 * tables, window partitions, buffered join sides, recursive work tables), and time.
 *
 * <p>Operators {@linkplain HeldMemory hold} an estimate of the bytes of each row they keep (the row
 * array and the value objects; a borrowed text value is a small object pointing into the LMDB map,
 * its bytes are not on the heap) and release it when they let the rows go; past the limit the
 * statement fails with {@link ErrorCode#QUERY_MEMORY_LIMIT} naming the operator. The loops that can
 * run long (over input rows, join candidates, sort comparisons) call {@link #step}, which every
 * {@value #POLL_INTERVAL} steps looks at the thread's interrupt flag ({@link
 * ErrorCode#STATEMENT_CANCELLED}, the flag stays set) and at the deadline ({@link
 * ErrorCode#STATEMENT_TIMEOUT}).
 *
 * <p>One budget per pooled execution, restarted by {@link #start} for each execution: nothing is
 * allocated per execution. Single-threaded, like the operators that spend it.
 */
public final class ExecutionBudget {
  /** Steps between looks at the interrupt flag and the clock (a power of two). */
  static final int POLL_INTERVAL = 1024;

  private long memoryLimit = Long.MAX_VALUE;
  private boolean timed;
  private long deadline;
  private long timeoutMillis;
  private boolean ofTransaction;
  private long held;
  private int countdown = POLL_INTERVAL;

  /** A budget without a memory limit or deadline until {@link #start} sets them. */
  public ExecutionBudget() {}

  /**
   * Begins an execution: nothing held, at most {@code memoryLimit} bytes, and, if {@code
   * timeoutMillis} is positive, the deadline {@code deadline} ({@link System#nanoTime()} scale)
   * which that timeout set: the transaction's ({@code ofTransaction}) or the statement's.
   *
   * @throws KiteSqlException {@link ErrorCode#STATEMENT_TIMEOUT} if the deadline has passed already
   */
  public void start(long memoryLimit, long timeoutMillis, long deadline, boolean ofTransaction) {
    this.memoryLimit = memoryLimit;
    this.timed = timeoutMillis > 0;
    this.timeoutMillis = timeoutMillis;
    this.deadline = deadline;
    this.ofTransaction = ofTransaction;
    this.held = 0;
    this.countdown = POLL_INTERVAL;
    if (timed && System.nanoTime() - deadline > 0) {
      throw timedOut();
    }
  }

  /**
   * One unit of work done (a row read, a pair compared): now and then, checks interruption and the
   * deadline.
   */
  public void step() {
    if (--countdown < 0) {
      poll();
    }
  }

  /**
   * {@code units} units of work done at once ({@link #step} for a batch: rows stepped over by
   * OFFSET).
   */
  public void steps(long units) {
    if (units
        > countdown) { // the countdown would pass zero (compared first: a long count may not fit an
      // int)
      poll();
    } else {
      countdown -= (int) units;
    }
  }

  private void poll() {
    countdown = POLL_INTERVAL;
    if (Thread.currentThread().isInterrupted()) {
      throw new KiteSqlException(
          ErrorCode.STATEMENT_CANCELLED,
          "statement cancelled: its thread was interrupted (Thread.interrupt, Future.cancel(true))");
    }
    if (timed && System.nanoTime() - deadline > 0) {
      throw timedOut();
    }
  }

  private KiteSqlException timedOut() {
    return new KiteSqlException(
        ErrorCode.STATEMENT_TIMEOUT,
        ofTransaction
            ? "statement timed out: its transaction's timeout of "
                + timeoutMillis
                + " ms has passed (Transaction.setTimeout)"
            : "statement timed out: it ran longer than the statement timeout of "
                + timeoutMillis
                + " ms (Database.setStatementTimeout)");
  }

  /**
   * Adds {@code bytes} held by {@code operator}; fails if the execution would then hold more than
   * its limit.
   */
  void hold(long bytes, String operator) {
    held += bytes;
    if (held > memoryLimit) {
      long over = held;
      held -=
          bytes; // the operator lets go of its rows when it closes; keep the sum right until then
      throw new KiteSqlException(
          ErrorCode.QUERY_MEMORY_LIMIT,
          "the "
              + operator
              + " of this statement would hold "
              + "about "
              + bytes(over)
              + " of rows in memory, more than the query memory limit of "
              + bytes(memoryLimit)
              + " (Database.setQueryMemoryLimit); narrow the input with WHERE or LIMIT, or raise the limit");
    }
  }

  /** Gives back {@code bytes} an operator held. */
  void release(long bytes) {
    held = Math.max(0, held - bytes);
  }

  /** Bytes the operators of this execution hold now (an estimate). */
  public long held() {
    return held;
  }

  private static String bytes(long n) {
    if (n >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30));
    }
    return n >= 1L << 20
        ? String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20))
        : n + " bytes";
  }
}
