package io.kitesql.table;

/**
 * A forward-only walk over rows of one table, in key order (primary key for {@link
 * TableStore#scan}, index order for {@link TableStore#indexScan}), or the reverse of it.
 *
 * <p>Usage: {@code while (cursor.next()) use(cursor.row());}. Each row is a new array of the
 * table's full width in which only the requested columns are filled; callers may keep rows (and
 * refs) for as long as the transaction lives. In a read-only transaction, text and binary values
 * are borrowed views of the LMDB map that throw {@link IllegalStateException} once the
 * transaction has ended. Not thread-safe; the rows it returned are.
 */
public sealed interface TableCursor extends AutoCloseable permits RangeCursor {

  /** Advances to the next row in range; false (and stays so) once the range is exhausted. */
  boolean next();

  /**
   * The current row: the table's width, requested columns filled, others null.
   *
   * @throws IllegalStateException before the first {@link #next()}, after it returned false, or
   *     after {@link #close()}
   */
  Object[] row();

  /**
   * The current row's storage key, for a later {@link TableStore#update} or {@link
   * TableStore#delete}. Copied on each call.
   *
   * @throws IllegalStateException when not on a row
   */
  RowRef ref();

  /** Releases the storage cursor; idempotent. Ending the transaction also ends the cursor. */
  @Override
  void close();
}
