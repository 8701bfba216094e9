package io.kitesql.table;

import io.kitesql.codec.KeyLimits;
import io.kitesql.codec.RowView;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Walks the keys of a half-open interval [from, to) of one keyspace, forward or backward, and
 * lets a subclass turn each entry into a row. Positions itself lazily on the first {@link
 * #next()}. Everything that does not depend on the execution (key interval buffers, decoders,
 * with {@code reuseRows} the row array) is made once, so a cursor {@link #reopen reopened} for
 * each execution of a statement allocates next to nothing.
 */
abstract sealed class RangeCursor implements TableCursor permits TableScanCursor, IndexScanCursor {
  protected KvTransaction tx;
  /** Requested column positions, less those {@link #defer deferred}: the ones each row decodes. */
  protected int[] columns;
  /** The table's width. */
  protected final int width;
  private final KeyInterval interval;
  private final boolean reverse;
  /** The one array every row is decoded into, or null when each row gets a new array. */
  private final Object[] reusedRow;
  private KvCursor cursor;
  /** Keeps {@link #cursor} for the next walk in the same read-only transaction. */
  private final CursorSlot slot = new CursorSlot();
  private boolean started;
  private boolean done;
  private boolean closed = true;
  private Object[] current;

  RangeCursor(KeyInterval interval, int[] columns, int width, boolean reverse, boolean reuseRows) {
    this.interval = interval;
    this.columns = columns.clone();
    this.width = width;
    for (int c : columns) {
      Objects.checkIndex(c, width);
    }
    this.reverse = reverse;
    this.reusedRow = reuseRows ? new Object[width] : null;
  }

  @Override
  public final void reopen(KvTransaction tx, List<?> lower, boolean lowerInclusive, List<?> upper,
      boolean upperInclusive) {
    close();
    interval.set(lower, lowerInclusive, upper, upperInclusive);
    this.tx = tx;
    this.cursor = slot.open(tx);
    started = false;
    done = false;
    closed = false;
  }

  /** {@link #reopen} with {@code bounds}. */
  final RangeCursor open(KvTransaction tx, KeyBounds bounds) {
    reopen(tx, bounds.lower(), bounds.lowerInclusive(), bounds.upper(), bounds.upperInclusive());
    return this;
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
    // The key's parts, not a Slice: one passed into methods too large to inline was allocated per row.
    int keyLength = on ? cursor.keyLength() : -1;
    if (keyLength < 0) {
      done = true;
      current = null;
      return false;
    }
    var keyBase = cursor.keyBase();
    long keyOffset = cursor.keyOffset();
    if (!(reverse ? interval.atOrAboveLower(keyBase, keyOffset, keyLength)
        : interval.belowUpper(keyBase, keyOffset, keyLength))) {
      done = true;
      current = null;
      return false;
    }
    current = decode(keyBase, keyOffset, keyLength, cursor);
    return true;
  }

  /** Moves to the first entry of the walk: the first key >= from, or the last key < to. */
  private boolean position() {
    if (interval.isEmpty()) {
      return false;
    }
    if (!reverse) {
      return seekAtLeast(interval.from(), interval.fromSegment(), interval.fromLength());
    }
    return seekAtLeast(interval.to(), interval.toSegment(), interval.toLength()) ? cursor.prev() : cursor.last();
  }

  /**
   * Moves to the first key at least the first {@code length} of {@code bytes} ({@code bound} is a segment over them). LMDB refuses to seek with a key longer than it
   * can store; such a bound seeks with its longest storable prefix (which sorts before it) and
   * steps over the keys below the bound, which share that prefix.
   */
  private boolean seekAtLeast(byte[] bytes, MemorySegment bound, int length) {
    if (length <= KeyLimits.MAX_KEY_SIZE) {
      return cursor.seek(bytes, length);
    }
    boolean on = cursor.seek(bytes, KeyLimits.MAX_KEY_SIZE);
    while (on && TableKeys.compare(cursor.key(), bound, length) < 0) {
      on = cursor.next();
    }
    return on;
  }

  /** The array to decode the next row into: the reused one, or a new one of the table's width. */
  protected final Object[] rowArray() {
    return reusedRow != null ? reusedRow : new Object[width];
  }

  /**
   * Turns the entry the cursor stands on, whose key is {@code keyLength} bytes of {@code keyBase}
   * at {@code keyOffset}, into a row of the table's width ({@link #rowArray}).
   */
  protected abstract Object[] decode(MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor);

  /** The row key of the current entry (subclasses know where it is). */
  protected abstract byte[] currentRowKey();

  /** Releases what a subclass opened for the current walk (its transaction may have ended). */
  protected void closeWalk() {}

  @Override
  public final Object[] row() {
    checkOnRow();
    return current;
  }

  @Override
  public final boolean defer(boolean[] deferred) {
    if (view() == null) {
      return false;
    }
    columns = Arrays.stream(columns).filter(c -> !deferred[c]).toArray();
    return true;
  }

  @Override
  public final RowView currentRow() {
    checkOnRow();
    return view();
  }

  /** The view the current row is read through, or null if rows are not read from a stored row. */
  protected abstract RowView view();

  @Override
  public final RowRef ref() {
    checkOnRow();
    return new RowRef(currentRowKey(), currentStoredRow());
  }

  /**
   * The current entry's stored row as an owned array if the walk has one at no cost (a table scan
   * in a write transaction, whose cursor hands out heap copies), else null.
   */
  protected byte[] currentStoredRow() {
    return null;
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
      slot.release(tx, cursor);
      closeWalk();
      cursor = null;
      tx = null;
    }
  }
}
