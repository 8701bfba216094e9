package io.kitesql.exec;

/** Building joined rows: left values then right values, NULL-padded where a side is missing. */
final class JoinRows {
  private JoinRows() {}

  static Object[] combine(Object[] left, int leftWidth, Object[] right, int rightWidth) {
    var row = new Object[leftWidth + rightWidth];
    if (left != null) {
      System.arraycopy(left, 0, row, 0, leftWidth);
    }
    if (right != null) {
      System.arraycopy(right, 0, row, leftWidth, rightWidth);
    }
    return row;
  }
}
