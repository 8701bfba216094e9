package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.exec.ExecutionContext;
import io.kitesql.exec.Operator;
import io.kitesql.exec.SubqueryExecutor;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of one query execution, read forward. Values are lent for the transaction's lifetime:
 * a {@link Text} of the first row stays readable while later rows are read, and becomes
 * unreadable ({@link IllegalStateException}) when the transaction ends. Column indexes are
 * 0-based.
 *
 * <p>Close the cursor when done (the transaction closes what is left open): its operators go back
 * to the prepared statement's pool.
 */
public final class RowCursor implements AutoCloseable {
  private final List<ResultColumn> columns;
  private final CompiledStatement statement;
  private final Transaction owner;
  private final SubqueryExecutor subqueries;
  private Operator operator;
  private Object[] row;

  RowCursor(List<ResultColumn> columns, CompiledStatement statement, Operator operator, ExecutionContext ctx, Transaction owner) {
    this.columns = columns;
    this.statement = statement;
    this.operator = operator;
    this.owner = owner;
    this.subqueries = statement.hasSubqueries() ? new SubqueryExecutor(ctx) : null;
    if (subqueries == null) {
      operator.open(ctx);
    } else {
      subqueries.run(() -> {
        operator.open(ctx);
        return null;
      });
    }
  }

  public List<ResultColumn> columns() {
    return columns;
  }

  /** Moves to the next row; false (and the cursor closes itself) after the last. */
  public boolean next() {
    if (operator == null) {
      if (!owner.isOpen()) {
        throw new IllegalStateException("the transaction of this cursor has ended");
      }
      row = null;
      return false;
    }
    var op = operator;
    try {
      row = subqueries == null ? op.next() : subqueries.run(op::next);
    } catch (StackOverflowError e) {
      close();
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "statement nested too deeply to execute", e);
    }
    if (row == null) {
      close();
      return false;
    }
    return true;
  }

  /** The value of column {@code i} of the current row (null for SQL NULL). */
  public Object get(int i) {
    return current()[checkIndex(i)];
  }

  /** The value of the column labelled {@code name} (case-insensitive). */
  public Object get(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equalsIgnoreCase(name)) {
        return get(i);
      }
    }
    throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "no result column " + name + " (columns: " + columns.stream().map(ResultColumn::name).toList() + ")");
  }

  public boolean isNull(int i) {
    return get(i) == null;
  }

  public Text getText(int i) {
    return as(i, Text.class);
  }

  public Binary getBinary(int i) {
    return as(i, Binary.class);
  }

  public BigDecimal getDecimal(int i) {
    return as(i, BigDecimal.class);
  }

  public LocalDate getDate(int i) {
    return as(i, LocalDate.class);
  }

  public LocalDateTime getTimestamp(int i) {
    return as(i, LocalDateTime.class);
  }

  /** An integer column (INT or BIGINT); NULL is an error (check {@link #isNull} first). */
  public long getLong(int i) {
    return notNull(i, as(i, Number.class)).longValue();
  }

  /** An integer column whose value fits in an {@code int}; VALUE_OUT_OF_RANGE if it does not. */
  public int getInt(int i) {
    long value = getLong(i);
    if (value != (int) value) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE,
          "column " + i + " holds " + value + ", which does not fit in an int; use getLong");
    }
    return (int) value;
  }

  public double getDouble(int i) {
    return notNull(i, as(i, Number.class)).doubleValue();
  }

  public boolean getBoolean(int i) {
    return notNull(i, as(i, Boolean.class));
  }

  /** The current row's values (a copy of the array; the values themselves are lent, not copied). */
  public Object[] values() {
    return Arrays.copyOf(current(), columns.size());
  }

  /** Reads the remaining rows. */
  public List<Object[]> toList() {
    var rows = new ArrayList<Object[]>();
    while (next()) {
      rows.add(values());
    }
    return rows;
  }

  @Override
  public void close() {
    row = null;
    if (operator != null) {
      var op = operator;
      operator = null;
      op.close();
      if (subqueries != null) {
        subqueries.close();
      }
      statement.release(op);
      owner.forget(this);
    }
  }

  private Object[] current() {
    if (!owner.isOpen()) {
      throw new IllegalStateException("the transaction of this cursor has ended");
    }
    if (row == null) {
      throw new IllegalStateException(operator == null ? "cursor is closed or past its last row" : "call next() first");
    }
    return row;
  }

  private int checkIndex(int i) {
    if (i < 0 || i >= columns.size()) {
      throw new IndexOutOfBoundsException("column " + i + " of " + columns.size());
    }
    return i;
  }

  private <T> T as(int i, Class<T> type) {
    var v = get(i);
    if (v != null && !type.isInstance(v)) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH, "column " + columns.get(i).name() + " is " + columns.get(i).type() + ", not " + type.getSimpleName());
    }
    return type.cast(v);
  }

  private <T> T notNull(int i, T v) {
    if (v == null) {
      throw new IllegalStateException("column " + columns.get(i).name() + " is NULL; check isNull(" + i + ") first");
    }
    return v;
  }
}
