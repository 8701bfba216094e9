package io.kitesql.data.core;

import io.kitesql.api.ResultColumn;
import io.kitesql.api.RowCursor;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The current row of a query, as a {@link RowMapper} sees it. Inside a read-only transaction, text
 * and binary values are views of the LMDB map ({@link Text}, {@link Binary}) that stay valid until
 * the transaction ends; when the statement runs in a short transaction of its own (no Spring
 * transaction bound) they are owned copies, so what the mapper builds outlives the call.
 */
public final class Row {
  private final RowCursor cursor;
  private final boolean copyValues;

  Row(RowCursor cursor, boolean copyValues) {
    this.cursor = cursor;
    this.copyValues = copyValues;
  }

  /** The result columns (the same list object for every execution of one compiled statement). */
  public List<ResultColumn> columns() {
    return cursor.columns();
  }

  public int columnCount() {
    return cursor.columns().size();
  }

  /** The index of the column labelled {@code name} (case-insensitive), or -1. */
  public int indexOf(String name) {
    return indexOf(cursor.columns(), name);
  }

  /** The index of the column labelled {@code name} (case-insensitive) in {@code columns}, or -1. */
  public static int indexOf(List<ResultColumn> columns, String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The value of column {@code i} (0-based) as the engine returns it: {@link Integer}, {@link
   * Long}, {@link Double}, {@link java.math.BigDecimal}, {@link Boolean}, {@link Text}, {@link
   * Binary}, {@link java.time.LocalDate}, {@link java.time.LocalDateTime}, or null for SQL NULL.
   */
  public @Nullable Object getObject(int i) {
    var value = cursor.get(i);
    return switch (value) {
      case Text t -> returned(t);
      case Binary b -> returned(b);
      case null, default -> value;
    };
  }

  public boolean isNull(int i) {
    return cursor.isNull(i);
  }

  /** A text column: borrowed inside a read-only transaction, otherwise owned. */
  public @Nullable Text getText(int i) {
    var text = cursor.getText(i);
    return text == null ? null : returned(text);
  }

  /** A text column as a {@link String} (always a copy: that is what {@code String} means). */
  public @Nullable String getString(int i) {
    var text = cursor.getText(i);
    if (text == null) {
      return null;
    }
    cursor.recordCopy(text.utf8Length());
    return text.toString();
  }

  public @Nullable Binary getBinary(int i) {
    var binary = cursor.getBinary(i);
    return binary == null ? null : returned(binary);
  }

  /** {@code text}, or a copy of it when this row copies values. */
  private Text returned(Text text) {
    return copyValues && text.isBorrowed() ? copy(text) : text;
  }

  private Binary returned(Binary binary) {
    return copyValues && binary.isBorrowed() ? copy(binary) : binary;
  }

  /**
   * Records that a mapper copied {@code bytes} of this row's borrowed values (into a {@code
   * String}, say), so that metrics report the copy ({@link RowCursor#recordCopy}).
   */
  public void recordCopy(long bytes) {
    cursor.recordCopy(bytes);
  }

  private Text copy(Text text) {
    cursor.recordCopy(text.utf8Length());
    return text.copy();
  }

  private Binary copy(Binary binary) {
    cursor.recordCopy(binary.length());
    return binary.copy();
  }

  /** An integer column; SQL NULL is an error (check {@link #isNull} first). */
  public long getLong(int i) {
    return cursor.getLong(i);
  }

  public int getInt(int i) {
    return cursor.getInt(i);
  }

  public double getDouble(int i) {
    return cursor.getDouble(i);
  }

  public boolean getBoolean(int i) {
    return cursor.getBoolean(i);
  }
}
