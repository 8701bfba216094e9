package io.kitesql.table;

import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.storage.KvCursor;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;

/**
 * Rows in primary-key (or row id) order: each entry under {@code tablePrefix 'r'} is a row key with
 * the encoded row as its value, read in place through one reused {@link RowView}.
 */
final class TableScanCursor extends RangeCursor {
  private final RowView view;
  private final LongValues longValues = new LongValues();

  /** The current row key, for {@link #currentRowKey()}. */
  private MemorySegment keyBase;

  private long keyOffset;
  private int keyLength;

  /** The current row's stored value, for {@link #currentStoredRow()}. */
  private MemorySegment valueBase;

  private long valueOffset;
  private int valueLength;

  TableScanCursor(
      KeyInterval interval, RowLayout layout, int[] columns, boolean reverse, boolean reuseRows) {
    super(interval, columns, layout.columnCount(), reverse, reuseRows);
    this.view = new RowView(layout).longValues(longValues);
  }

  @Override
  protected Object[] decode(MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor) {
    this.keyBase = keyBase;
    this.keyOffset = keyOffset;
    this.keyLength = keyLength;
    int valueLength = cursor.valueLength();
    this.valueBase = cursor.valueBase();
    this.valueOffset = cursor.valueOffset();
    this.valueLength = valueLength;
    view.wrap(valueBase, valueOffset, valueLength, tx.scope());
    longValues.transaction(tx);
    if (tx.isReadOnly()) {
      longValues.lend(cursor, true);
    }
    longValues.row(keyBase, keyOffset, keyLength);
    return RowDecoding.fill(view, columns, rowArray());
  }

  @Override
  protected RowView view() {
    return view;
  }

  @Override
  protected void closeWalk() {
    longValues.close();
  }

  @Override
  protected byte[] currentStoredRow() {
    return tx.isReadOnly() ? null : ownCopy(valueBase, valueOffset, valueLength);
  }

  /**
   * The array a write transaction's cursor copied the current key or value into (WriteCursor makes
   * a new one per entry), or null if {@code base} is not such an array: a ref can keep it instead
   * of copying it again.
   */
  private static byte[] ownCopy(MemorySegment base, long offset, int length) {
    return offset == 0
            && base.heapBase().orElse(null) instanceof byte[] bytes
            && bytes.length == length
        ? bytes
        : null;
  }

  @Override
  protected byte[] currentRowKey() {
    var own = tx.isReadOnly() ? null : ownCopy(keyBase, keyOffset, keyLength);
    if (own != null) {
      return own;
    }
    var bytes = new byte[keyLength];
    MemorySegment.copy(keyBase, Memory.BYTE, keyOffset, bytes, 0, keyLength);
    return bytes;
  }
}
