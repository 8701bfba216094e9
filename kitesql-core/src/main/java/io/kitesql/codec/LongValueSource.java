package io.kitesql.codec;

import java.lang.foreign.MemorySegment;

/**
 * Where a {@link RowView} finds the values its row stores out of line (see {@link RowLayout}): the
 * table layer looks them up in their own entries, keyed by the row's key and the column. The bytes
 * it points to are the stored value itself, lent the same way as the row (a view of the LMDB map in
 * a read-only transaction, an owned copy in a write transaction), so a long text is still a view
 * that copies nothing.
 *
 * <p>One source serves one view, and is told which row that is by its owner before the view reads
 * it. Not thread-safe.
 */
public interface LongValueSource {

  /**
   * Looks up column {@code column}'s out-of-line value of the current row; when found, {@link
   * #base()}, {@link #offset()} and {@link #length()} describe its bytes until the next call.
   *
   * @return false if the row has no such entry (a damaged database)
   */
  boolean find(int column);

  /** The segment holding the value found last (the storage's view of the map, or heap). */
  MemorySegment base();

  /** The value's first byte within {@link #base()} (an absolute address for mapped values). */
  long offset();

  /** The value's length in bytes. */
  int length();
}
