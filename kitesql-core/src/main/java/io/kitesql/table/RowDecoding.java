package io.kitesql.table;

import io.kitesql.codec.RowView;
import io.kitesql.storage.Slice;
import io.kitesql.value.Scope;

/** Fills the requested columns of a row from an encoded row value, reading nothing else. */
final class RowDecoding {
  private RowDecoding() {}

  /**
   * Decodes {@code columns} of the row in {@code value} into {@code row} (other slots are left as
   * they are) and returns it. Text and binary values are views of {@code value}'s bytes: borrowed
   * from the map in a read-only transaction (governed by {@code scope}), owned heap copies in a
   * write transaction.
   */
  static Object[] decode(RowView view, Slice value, Scope scope, int[] columns, Object[] row) {
    view.wrap(value.base(), value.offset(), value.length(), scope);
    return fill(view, columns, row);
  }

  /**
   * As {@link #decode} with a view already wrapped around the row. Scans wrap it themselves: a
   * {@link Slice} passed into this (too large to inline) method would escape and cost an allocation
   * per row.
   */
  static Object[] fill(RowView view, int[] columns, Object[] row) {
    for (int c : columns) {
      row[c] = view.getValue(c);
    }
    return row;
  }
}
