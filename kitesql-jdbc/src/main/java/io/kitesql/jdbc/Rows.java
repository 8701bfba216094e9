package io.kitesql.jdbc;

import io.kitesql.api.ResultColumn;
import io.kitesql.api.RowCursor;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rows under a result set: a live engine cursor, or rows already read (a write's RETURNING).
 */
sealed interface Rows {
  List<ResultColumn> columns();

  boolean next();

  /** Column {@code i} (0-based) of the current row; null for SQL NULL. */
  @Nullable Object get(int i);

  void close();

  /** An engine cursor: values are lent as the cursor lends them. */
  record Live(RowCursor cursor) implements Rows {
    @Override
    public List<ResultColumn> columns() {
      return cursor.columns();
    }

    @Override
    public boolean next() {
      return cursor.next();
    }

    @Override
    public @Nullable Object get(int i) {
      return cursor.get(i);
    }

    @Override
    public void close() {
      cursor.close();
    }
  }

  /** Rows read already, owned copies. */
  final class Read implements Rows {
    private final List<ResultColumn> columns;
    private final List<Object[]> rows;
    private int position = -1;

    Read(List<ResultColumn> columns, List<Object[]> rows) {
      this.columns = columns;
      this.rows = rows;
    }

    @Override
    public List<ResultColumn> columns() {
      return columns;
    }

    @Override
    public boolean next() {
      if (position < rows.size()) {
        position++;
      }
      return position < rows.size();
    }

    @Override
    public @Nullable Object get(int i) {
      if (position < 0 || position >= rows.size()) {
        throw new IllegalStateException(
            position < 0 ? "call next() first" : "the result set is past its last row");
      }
      return rows.get(position)[i];
    }

    @Override
    public void close() {
      position = rows.size();
    }
  }
}
