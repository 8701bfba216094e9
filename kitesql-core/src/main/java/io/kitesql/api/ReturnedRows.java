package io.kitesql.api;

import io.kitesql.exec.ExecutionContext;
import io.kitesql.exec.Operator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rows a write statement returned (INSERT, UPDATE or DELETE ... RETURNING), computed when it
 * ran, handed to a {@link RowCursor}: the statement has completed before the caller reads the first
 * row.
 */
final class ReturnedRows implements Operator {
  private List<Object[]> rows;
  private int next;

  ReturnedRows(List<Object[]> rows) {
    this.rows = rows;
  }

  @Override
  public void open(ExecutionContext ctx) {
    next = 0;
  }

  @Override
  public Object @Nullable [] next() {
    return rows != null && next < rows.size() ? rows.get(next++) : null;
  }

  @Override
  public void close() {
    rows = null; // the rows belong to this one execution
  }
}
