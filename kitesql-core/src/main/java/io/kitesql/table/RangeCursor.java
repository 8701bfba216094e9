package io.kitesql.table;

import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.Slice;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;

/**
 * Walks the keys of a half-open interval [from, to) of one keyspace, forward or backward, and
 * lets a subclass turn each entry into a row. Positions itself lazily on the first {@link
 * #next()}.
 */
abstract sealed class RangeCursor implements TableCursor permits TableScanCursor, IndexScanCursor {
  protected final KvTransaction tx;
  /** Requested column positions. */
  protected final int[] columns;
  /** The table's width. */
  protected final int width;
  private final KvCursor cursor;
  private final byte[] from;
  private final byte[] to;
  /** The bounds as segments, wrapped once for the per-row comparison. */
  private final MemorySegment fromSegment;
  private final MemorySegment toSegment;
  private final boolean reverse;
  private boolean started;
  private boolean done;
  private boolean closed;
  private Object[] current;

  RangeCursor(KvTransaction tx, TableKeys.KeyRange range, int[] columns, int width, boolean reverse) {
    this.tx = tx;
    this.columns = columns.clone();
    this.width = width;
    for (int c : columns) {
      Objects.checkIndex(c, width);
    }
    this.from = range.from();
    this.to = range.to();
    this.fromSegment = MemorySegment.ofArray(from);
    this.toSegment = MemorySegment.ofArray(to);
    this.reverse = reverse;
    this.cursor = tx.openCursor(Keyspace.DATA);
  }

  @Override
  public final boolean next() {
    if (closed) {
      throw new IllegalStateException("cursor already closed");
    }
    if (done) {
      return false;
    }
    boolean on = started ? (reverse ? cursor.prev() : cursor.next()) : position();
    started = true;
    Slice key = on ? cursor.key() : null;
    if (key == null || !inRange(key)) {
      done = true;
      current = null;
      return false;
    }
    current = decode(key, cursor);
    return true;
  }

  /** Moves to the first entry of the walk: the first key >= from, or the last key < to. */
  private boolean position() {
    if (isEmptyRange()) {
      return false;
    }
    if (!reverse) {
      return cursor.seek(from);
    }
    return cursor.seek(to) ? cursor.prev() : cursor.last();
  }

  /** A lower bound above the upper one (e.g. a > 5 AND a < 3) admits nothing. */
  private boolean isEmptyRange() {
    return Arrays.compareUnsigned(from, to) >= 0;
  }

  private boolean inRange(Slice key) {
    return reverse ? TableKeys.compare(key, fromSegment) >= 0 : TableKeys.compare(key, toSegment) < 0;
  }

  /** Turns the entry the cursor stands on into a new row of the table's width. */
  protected abstract Object[] decode(Slice key, KvCursor cursor);

  /** The row key of the current entry (subclasses know where it is). */
  protected abstract byte[] currentRowKey();

  @Override
  public final Object[] row() {
    checkOnRow();
    return current;
  }

  @Override
  public final RowRef ref() {
    checkOnRow();
    return new RowRef(currentRowKey());
  }

  private void checkOnRow() {
    if (closed) {
      throw new IllegalStateException("cursor already closed");
    }
    if (current == null) {
      throw new IllegalStateException("cursor does not stand on a row");
    }
  }

  @Override
  public final void close() {
    if (!closed) {
      closed = true;
      current = null;
      if (tx.isOpen()) {
        cursor.close();
      }
    }
  }
}
