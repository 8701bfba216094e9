package io.kitesql.exec;

/**
 * The top operator of a query some of whose output columns are not decoded into the row array: a
 * projection of plain columns over a scan (through filters), where no operator reads those columns.
 * Their slots of the row array stay null; the consumer reads them here, from the stored row the
 * scan stands on, so that {@code getLong} of an integer column boxes nothing (a row of Table 1
 * boxed its id and amount into two {@code Integer}s before).
 *
 * <p>Valid between a row's {@link Operator#next()} and the next call; the caller checks that the
 * transaction is open and that there is a current row.
 */
public interface DeferredColumns {

  /** Whether output column {@code i} is deferred (read it here, not from the row array). */
  boolean isDeferred(int i);

  /** Whether deferred column {@code i} of the current row is NULL. */
  boolean isNull(int i);

  /**
   * Deferred integer column {@code i} (INT or BIGINT) of the current row; not NULL ({@link
   * #isNull}).
   */
  long getLong(int i);

  /** Deferred column {@code i} of the current row as its Java value (boxed), or null. */
  Object get(int i);
}
