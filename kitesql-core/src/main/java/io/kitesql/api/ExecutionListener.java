package io.kitesql.api;

import org.jspecify.annotations.Nullable;

/**
 * Told of every statement a {@link Database} executes through the public API: each {@link
 * Transaction#query} and {@link ReadWriteTransaction#execute} (and so {@link Database#execute}),
 * whoever calls them. For metrics and tracing; set one with {@link Database#setExecutionListener}.
 * With none set ({@link #NONE}) a statement costs one volatile read and allocates nothing more.
 *
 * <p>What a listener sees: the {@link PreparedStatement} (its SQL text, with {@code ?} or {@code
 * :name} placeholders), never the parameter values; the label its caller gave the execution, if any
 * ({@link Transaction#queryLabelled}, {@link ReadWriteTransaction#executeLabelled}: a
 * low-cardinality name such as {@code OrderRepository.findByStatus}, which the Spring Data module
 * gives every statement it runs); and when the execution ends, an {@link Outcome}. One execution is
 * one event, whoever runs it. SQL that fails to parse never becomes a statement and is not
 * reported.
 *
 * <p><b>When and on which thread.</b>
 *
 * <ul>
 *   <li>{@link #started} runs on the thread calling {@code query} or {@code execute}, before the
 *       parameters are bound (a binding error is a failed execution).
 *   <li>{@code execute}: the execution ends on that same thread, when the statement has written or
 *       failed.
 *   <li>{@code query}: the execution spans the cursor's life, from {@code query} until the {@link
 *       RowCursor} ends: {@link RowCursor#next()} returned false, or it was closed, by the caller
 *       or by the end of its transaction. {@link Execution#ended} runs on the thread that ends it:
 *       usually the reading thread, but the thread ending the transaction when that closes an open
 *       cursor. The allocation the engine measures ({@link #measuresAllocation}) is therefore that
 *       of a cursor ended on the thread that ran the query (-1 otherwise), and a cursor kept open
 *       across calls counts whatever its thread does in between (mapping rows, other work) as part
 *       of the query. A query that fails before its cursor exists ends at once, on the calling
 *       thread.
 * </ul>
 *
 * <p>Each started execution ends exactly once. Implementations must be thread-safe and quick, and
 * must not run statements of the database themselves or throw (an exception from a listener
 * propagates to the statement's caller).
 */
@FunctionalInterface
public interface ExecutionListener {
  /** Listens to nothing; the default. The engine does not call it. */
  ExecutionListener NONE = statement -> Execution.NONE;

  /**
   * A statement is about to execute on the current thread. Return {@link Execution#NONE} to ignore
   * this one (the engine then counts nothing for it).
   */
  Execution started(PreparedStatement statement);

  /**
   * A statement is about to execute on the current thread, with the label its caller gave this
   * execution, or null for none. The engine calls this method; the default ignores the label and
   * calls {@link #started(PreparedStatement)}.
   */
  default Execution started(PreparedStatement statement, @Nullable String label) {
    return started(statement);
  }

  /**
   * Whether the engine reads the executing thread's allocation counter ({@link ThreadAllocation})
   * when an execution starts and ends, for {@link Outcome#allocatedBytes}: two reads of the JDK's
   * counter per statement. False by default.
   */
  default boolean measuresAllocation() {
    return false;
  }

  /** One statement's execution, ended exactly once. */
  @FunctionalInterface
  interface Execution {
    /** Not interested in this execution. */
    Execution NONE = outcome -> {};

    void ended(Outcome outcome);
  }

  /**
   * What one execution did, from the transaction's own counters read when it started and ended. In
   * a read-only transaction that runs queries on several threads at once, the byte counts of one
   * execution include those of the others running meanwhile. The engine keeps nothing of it: a
   * listener may keep the same {@link Execution} for many executions (per statement label, say) and
   * so allocate nothing per execution.
   *
   * @param nanos from {@link #started} returning until the execution ended ({@link
   *     System#nanoTime})
   * @param allocatedBytes Java heap bytes allocated meanwhile on behalf of the thread that started
   *     it ({@link ThreadAllocation}: a write's work on the engine's writer thread included; a
   *     query's until its cursor ended, so whatever that thread did between rows, such as mapping
   *     them); -1 when not measured: {@link #measuresAllocation} is false, the JDK cannot measure
   *     the thread (a virtual thread), or the execution ended on another thread
   * @param rows rows the cursor returned (queries; until it ended, so a cursor closed early counts
   *     the rows read) or rows written ({@code execute})
   * @param bytesBorrowed bytes of the LMDB map handed out as views ({@link
   *     Transaction#bytesBorrowed}) for every row the statement visited, also those a filter
   *     dropped: the work of the read
   * @param bytesReturned bytes of the text and binary values the caller took from the cursor
   *     ({@link RowCursor#get}, {@link RowCursor#getText}, {@link RowCursor#getBinary}, {@link
   *     RowCursor#values}; a value taken twice counts twice); 0 for {@code execute}
   * @param bytesCopied bytes copied out of the map ({@link Transaction#bytesCopied}: reads in a
   *     read-write transaction), plus those the caller reported copying from the cursor's values
   *     ({@link RowCursor#recordCopy})
   * @param failure what the execution threw (for a query: its first failure, reported when its
   *     cursor ends), or null when it succeeded
   */
  record Outcome(
      long nanos,
      long allocatedBytes,
      long rows,
      long bytesBorrowed,
      long bytesReturned,
      long bytesCopied,
      @Nullable Throwable failure) {
    public boolean failed() {
      return failure != null;
    }
  }
}
