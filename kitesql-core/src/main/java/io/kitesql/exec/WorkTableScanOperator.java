package io.kitesql.exec;

/** Reads the previous round's rows of a recursive CTE (see {@link WorkTable}). */
final class WorkTableScanOperator implements Operator {
  private final WorkTable table;
  private java.util.List<Object[]> rows;
  private int next;

  WorkTableScanOperator(int workTable) {
    this.table = WorkTable.of(workTable);
  }

  @Override
  public void open(ExecutionContext ctx) {
    rows = table.rows;
    next = 0;
  }

  @Override
  public Object[] next() {
    return next < rows.size() ? rows.get(next++) : null;
  }

  @Override
  public void close() {
    rows = null;
  }
}
