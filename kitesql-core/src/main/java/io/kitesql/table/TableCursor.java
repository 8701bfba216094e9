package io.kitesql.table;

import io.kitesql.codec.RowView;
import io.kitesql.storage.KvTransaction;
import java.util.List;

/**
 * A forward-only walk over rows of one table, in key order (primary key for {@link
 * TableStore#scan}, index order for {@link TableStore#indexScan}), or the reverse of it.
 *
 * <p>Usage: {@code while (cursor.next()) use(cursor.row());}. Each row is an array of the table's
 * full width in which only the requested columns are filled: a new array per row, so callers may
 * keep rows (and refs) for as long as the transaction lives, unless the cursor was made with {@code
 * reuseRows} ({@link TableStore#cursor}), which decodes every row into one array. A cursor can be
 * {@link #reopen reopened} on another range or transaction, so one cursor serves every execution of
 * a statement. In a read-only transaction, text and binary values are borrowed views of the LMDB
 * map that throw {@link IllegalStateException} once the transaction has ended. Not thread-safe; the
 * rows it returned are.
 */
public sealed interface TableCursor extends AutoCloseable permits RangeCursor {

  /**
   * Aims the cursor at the keys between {@code lower} and {@code upper} in {@code tx}, ending the
   * walk it was on. Bounds as in {@link KeyBounds}: values of the key columns' types for a prefix
   * of them, an empty list meaning unbounded. The lists are read here and not kept.
   */
  void reopen(
      KvTransaction tx,
      List<?> lower,
      boolean lowerInclusive,
      List<?> upper,
      boolean upperInclusive);

  /**
   * Aims the cursor at the keys that any of {@code ranges} holds, walked in key order (or its
   * reverse) and each key once, however many ranges hold it ({@code IN} lists, ORs of equalities).
   * The list and its bounds are read here and not kept.
   */
  void reopen(KvTransaction tx, KeyRanges ranges);

  /**
   * Steps over up to {@code n} rows in range without decoding them (nor, for an index, looking them
   * up); afterwards the cursor stands on no row until {@link #next()}. The number stepped over,
   * less than {@code n} only when the range is exhausted.
   */
  long skip(long n);

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
   * Leaves the requested columns marked in {@code deferred} (by position) out of the rows this
   * cursor decodes from now on: their slots stay as they are, and the caller reads them from {@link
   * #currentRow()} if and when it needs them (a number read there is not boxed). Refused (false,
   * nothing changes) by a cursor whose rows do not come from a stored row (an index that covers the
   * query).
   */
  boolean defer(boolean[] deferred);

  /**
   * The stored row the cursor stands on, for the columns it {@link #defer deferred}: valid until
   * the next {@link #next()}.
   *
   * @throws IllegalStateException when not on a row
   */
  RowView currentRow();

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
