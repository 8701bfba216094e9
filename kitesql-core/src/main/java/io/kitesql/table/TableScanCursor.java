package io.kitesql.table;

import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.Slice;

/**
 * Rows in primary-key (or row id) order: each entry under {@code tablePrefix 'r'} is a row key
 * with the encoded row as its value, read in place through one reused {@link RowView}.
 */
final class TableScanCursor extends RangeCursor {
  private final RowView view;
  private Slice key;

  TableScanCursor(KvTransaction tx, TableKeys.KeyRange range, RowLayout layout, int[] columns, boolean reverse) {
    super(tx, range, columns, layout.columnCount(), reverse);
    this.view = new RowView(layout);
  }

  @Override
  protected Object[] decode(Slice key, KvCursor cursor) {
    this.key = key;
    return RowDecoding.decode(view, cursor.value(), tx.scope(), columns, width);
  }

  @Override
  protected byte[] currentRowKey() {
    return key.toByteArray();
  }
}
