package io.kitesql.table;

import io.kitesql.codec.RowView;
import io.kitesql.storage.Slice;
import io.kitesql.value.Scope;

/** Fills the requested columns of a new row from an encoded row value, reading nothing else. */
final class RowDecoding {
  private RowDecoding() {}

  /**
   * Decodes {@code columns} of the row in {@code value} into a new array of {@code width}
   * slots. Text and binary values are views of {@code value}'s bytes: borrowed from the map in a
   * read-only transaction (governed by {@code scope}), owned heap copies in a write transaction.
   */
  static Object[] decode(RowView view, Slice value, Scope scope, int[] columns, int width) {
    view.wrap(value.base(), value.offset(), value.length(), scope);
    var row = new Object[width];
    for (int c : columns) {
      row[c] = view.getValue(c);
    }
    return row;
  }
}
