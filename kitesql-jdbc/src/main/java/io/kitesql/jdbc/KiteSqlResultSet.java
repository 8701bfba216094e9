package io.kitesql.jdbc;

import io.kitesql.api.Transaction;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A forward-only, read-only result set over an engine cursor (or the rows a write returned).
 *
 * <p>{@code getString} copies text, as its contract says; {@code getObject(i, CharSequence.class)}
 * (or {@code Text.class}) returns the engine's {@link Text} itself, which in a read-only
 * transaction is a view of the LMDB map, readable until that transaction ends (the connection's
 * transaction, or in auto-commit mode this result set's own, ended by {@link #close()}) and failing
 * loudly afterwards. {@code getCharacterStream} and {@code getBinaryStream} read the value in place
 * likewise.
 */
public final class KiteSqlResultSet extends ReadOnlyResultSet {
  private final @Nullable KiteSqlStatement statement;
  private final Rows rows;

  /**
   * The read-only transaction this result set began in auto-commit mode, ended with it; else null.
   */
  private final @Nullable Transaction ownTransaction;

  private final long maxRows;
  private long row;
  private boolean closed;
  private boolean afterLast;
  private boolean wasNull;
  private int fetchSize;

  KiteSqlResultSet(
      @Nullable KiteSqlStatement statement,
      Rows rows,
      @Nullable Transaction ownTransaction,
      long maxRows) {
    this.statement = statement;
    this.rows = rows;
    this.ownTransaction = ownTransaction;
    this.maxRows = maxRows;
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (afterLast) {
      return false;
    }
    try {
      if ((maxRows > 0 && row >= maxRows) || !rows.next()) {
        afterLast = true;
        rows.close();
        return false;
      }
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
    row++;
    return true;
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      rows.close();
      if (ownTransaction != null) {
        ownTransaction.close();
      }
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    } finally {
      if (statement != null) {
        statement.closed(this);
      }
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("this result set");
    }
  }

  /** The value of 1-based column {@code column}, null for SQL NULL; sets {@link #wasNull()}. */
  private @Nullable Object value(int column) throws SQLException {
    checkRow(column);
    try {
      var v = rows.get(column - 1);
      wasNull = v == null;
      return v;
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  /** Checks that {@code column} exists and there is a current row. */
  private void checkRow(int column) throws SQLException {
    checkOpen();
    if (column < 1 || column > rows.columns().size()) {
      throw new SQLException(
          "column index "
              + column
              + " is out of range: the result has "
              + rows.columns().size()
              + " columns (indexes start at 1)",
          "07009");
    }
    if (row == 0 || afterLast) {
      throw new SQLException(
          row == 0
              ? "no current row: call next() first"
              : "no current row: the result set is past its last row",
          "24000");
    }
  }

  /**
   * Whether 1-based {@code column} is an INT or BIGINT column of a live cursor: then {@link
   * #integer} reads it in place (no {@code Integer} or {@code Long} is made, as through the native
   * API's {@code getLong}).
   */
  private boolean isLiveInteger(int column) {
    if (rows instanceof Rows.Live live && column >= 1 && column <= live.columns().size()) {
      var kind = live.columns().get(column - 1).type().kind();
      return kind == TypeKind.INT || kind == TypeKind.BIGINT;
    }
    return false;
  }

  /**
   * The live cursor's value in 1-based {@code column} ({@link #isLiveInteger}), 0 for NULL; sets
   * {@link #wasNull()}.
   */
  private long integer(int column) throws SQLException {
    checkRow(column);
    try {
      var cursor = ((Rows.Live) rows).cursor();
      wasNull = cursor.isNull(column - 1);
      return wasNull ? 0 : cursor.getLong(column - 1);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  private String name(int column) {
    return rows.columns().get(column - 1).name();
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return wasNull;
  }

  @Override
  public int findColumn(String label) throws SQLException {
    checkOpen();
    var columns = rows.columns();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equalsIgnoreCase(label)) {
        return i + 1;
      }
    }
    throw new SQLException(
        "no column "
            + label
            + " in the result (columns: "
            + columns.stream().map(io.kitesql.api.ResultColumn::name).toList()
            + ")",
        "42703");
  }

  @Override
  public @Nullable String getString(int column) throws SQLException {
    return JdbcValues.string(value(column));
  }

  @Override
  public boolean getBoolean(int column) throws SQLException {
    var v = value(column);
    return v != null && JdbcValues.toBoolean(v, name(column));
  }

  @Override
  public byte getByte(int column) throws SQLException {
    var v = value(column);
    return v == null
        ? 0
        : (byte) JdbcValues.toLong(v, name(column), Byte.MIN_VALUE, Byte.MAX_VALUE, "a byte");
  }

  @Override
  public short getShort(int column) throws SQLException {
    var v = value(column);
    return v == null
        ? 0
        : (short) JdbcValues.toLong(v, name(column), Short.MIN_VALUE, Short.MAX_VALUE, "a short");
  }

  @Override
  public int getInt(int column) throws SQLException {
    if (isLiveInteger(column)) {
      long value = integer(column);
      return value == (int) value
          ? (int) value
          : (int)
              JdbcValues.toLong(
                  value, name(column), Integer.MIN_VALUE, Integer.MAX_VALUE, "an int");
    }
    var v = value(column);
    return v == null
        ? 0
        : (int) JdbcValues.toLong(v, name(column), Integer.MIN_VALUE, Integer.MAX_VALUE, "an int");
  }

  @Override
  public long getLong(int column) throws SQLException {
    if (isLiveInteger(column)) {
      return integer(column);
    }
    var v = value(column);
    return v == null ? 0 : JdbcValues.toLong(v, name(column));
  }

  @Override
  public float getFloat(int column) throws SQLException {
    var v = value(column);
    return v == null ? 0 : (float) JdbcValues.toDouble(v, name(column));
  }

  @Override
  public double getDouble(int column) throws SQLException {
    var v = value(column);
    return v == null ? 0 : JdbcValues.toDouble(v, name(column));
  }

  @Override
  public @Nullable BigDecimal getBigDecimal(int column) throws SQLException {
    var v = value(column);
    return v == null ? null : JdbcValues.toBigDecimal(v, name(column));
  }

  @Override
  @Deprecated
  public @Nullable BigDecimal getBigDecimal(int column, int scale) throws SQLException {
    var v = getBigDecimal(column);
    return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  public byte @Nullable [] getBytes(int column) throws SQLException {
    var v = value(column);
    return v == null ? null : JdbcValues.toBytes(v, name(column));
  }

  @Override
  public @Nullable Date getDate(int column) throws SQLException {
    var v = value(column);
    return v == null ? null : Date.valueOf(JdbcValues.toLocalDate(v, name(column)));
  }

  @Override
  public @Nullable Date getDate(int column, Calendar calendar) throws SQLException {
    var v = value(column);
    if (v == null) {
      return null;
    }
    var date = JdbcValues.toLocalDate(v, name(column));
    return new Date(
        date.atStartOfDay(calendar.getTimeZone().toZoneId()).toInstant().toEpochMilli());
  }

  @Override
  public @Nullable Timestamp getTimestamp(int column) throws SQLException {
    var v = value(column);
    return v == null ? null : Timestamp.valueOf(JdbcValues.toLocalDateTime(v, name(column)));
  }

  @Override
  public @Nullable Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
    var v = value(column);
    if (v == null) {
      return null;
    }
    return Timestamp.from(
        JdbcValues.toLocalDateTime(v, name(column))
            .atZone(calendar.getTimeZone().toZoneId())
            .toInstant());
  }

  @Override
  public @Nullable InputStream getAsciiStream(int column) throws SQLException {
    var v = getString(column);
    return v == null ? null : new ByteArrayInputStream(v.getBytes(StandardCharsets.US_ASCII));
  }

  /** The bytes of binary, the UTF-8 bytes of text: read from the value in place. */
  @Override
  public @Nullable InputStream getBinaryStream(int column) throws SQLException {
    return switch (value(column)) {
      case null -> null;
      case Binary b -> new MapInputStream(b.asReadOnlySegment(), b::isLive);
      case Text t -> new MapInputStream(t.asReadOnlySegment(), t::isLive);
      case Object v -> new ByteArrayInputStream(JdbcValues.toBytes(v, name(column)));
    };
  }

  /** The characters of text, read from the value in place (no String is made). */
  @Override
  public @Nullable Reader getCharacterStream(int column) throws SQLException {
    return switch (value(column)) {
      case null -> null;
      case Text t -> Reader.of(t);
      case Object v -> Reader.of(JdbcValues.string(v));
    };
  }

  @Override
  public @Nullable Reader getNCharacterStream(int column) throws SQLException {
    return getCharacterStream(column);
  }

  @Override
  public @Nullable String getNString(int column) throws SQLException {
    return getString(column);
  }

  @Override
  public @Nullable Object getObject(int column) throws SQLException {
    return JdbcValues.standard(value(column));
  }

  @Override
  public @Nullable Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
    if (!map.isEmpty()) {
      throw new SQLFeatureNotSupportedException(
          "type maps are not supported by KiteSQL (it has no user-defined types)", "0A000");
    }
    return getObject(column);
  }

  /**
   * The value as {@code type}. {@link CharSequence} and {@link Text} return the engine's text
   * without a copy (see the class comment), {@link Binary} its bytes likewise; {@code LocalDate}
   * and {@code LocalDateTime} the engine's DATE and TIMESTAMP values.
   */
  @Override
  public <T> @Nullable T getObject(int column, Class<T> type) throws SQLException {
    var v = value(column);
    return v == null ? null : JdbcValues.convert(v, type, name(column));
  }

  // ---- by label ----

  @Override
  public @Nullable String getString(String label) throws SQLException {
    return getString(findColumn(label));
  }

  @Override
  public boolean getBoolean(String label) throws SQLException {
    return getBoolean(findColumn(label));
  }

  @Override
  public byte getByte(String label) throws SQLException {
    return getByte(findColumn(label));
  }

  @Override
  public short getShort(String label) throws SQLException {
    return getShort(findColumn(label));
  }

  @Override
  public int getInt(String label) throws SQLException {
    return getInt(findColumn(label));
  }

  @Override
  public long getLong(String label) throws SQLException {
    return getLong(findColumn(label));
  }

  @Override
  public float getFloat(String label) throws SQLException {
    return getFloat(findColumn(label));
  }

  @Override
  public double getDouble(String label) throws SQLException {
    return getDouble(findColumn(label));
  }

  @Override
  public @Nullable BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(findColumn(label));
  }

  @Override
  @Deprecated
  public @Nullable BigDecimal getBigDecimal(String label, int scale) throws SQLException {
    return getBigDecimal(findColumn(label), scale);
  }

  @Override
  public byte @Nullable [] getBytes(String label) throws SQLException {
    return getBytes(findColumn(label));
  }

  @Override
  public @Nullable Date getDate(String label) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public @Nullable Date getDate(String label, Calendar calendar) throws SQLException {
    return getDate(findColumn(label), calendar);
  }

  @Override
  public @Nullable Timestamp getTimestamp(String label) throws SQLException {
    return getTimestamp(findColumn(label));
  }

  @Override
  public @Nullable Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
    return getTimestamp(findColumn(label), calendar);
  }

  @Override
  public @Nullable InputStream getAsciiStream(String label) throws SQLException {
    return getAsciiStream(findColumn(label));
  }

  @Override
  public @Nullable InputStream getBinaryStream(String label) throws SQLException {
    return getBinaryStream(findColumn(label));
  }

  @Override
  public @Nullable Reader getCharacterStream(String label) throws SQLException {
    return getCharacterStream(findColumn(label));
  }

  @Override
  public @Nullable Reader getNCharacterStream(String label) throws SQLException {
    return getNCharacterStream(findColumn(label));
  }

  @Override
  public @Nullable String getNString(String label) throws SQLException {
    return getNString(findColumn(label));
  }

  @Override
  public @Nullable Object getObject(String label) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public @Nullable Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
    return getObject(findColumn(label), map);
  }

  @Override
  public <T> @Nullable T getObject(String label, Class<T> type) throws SQLException {
    return getObject(findColumn(label), type);
  }

  // ---- the result set itself ----

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return new KiteSqlResultSetMetaData(rows.columns());
  }

  @Override
  public @Nullable SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public String getCursorName() throws SQLException {
    throw SqlErrors.unsupported("ResultSet.getCursorName (positioned updates)");
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    checkOpen();
    return row == 0 && !afterLast;
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    checkOpen();
    return afterLast && row > 0;
  }

  @Override
  public boolean isFirst() throws SQLException {
    checkOpen();
    return row == 1 && !afterLast;
  }

  @Override
  public boolean isLast() throws SQLException {
    throw SqlErrors.unsupported("ResultSet.isLast on a forward-only result set");
  }

  @Override
  public int getRow() throws SQLException {
    checkOpen();
    return afterLast ? 0 : (int) Math.min(row, Integer.MAX_VALUE);
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != FETCH_FORWARD) {
      throw new SQLException(
          "a forward-only result set fetches forward only (FETCH_FORWARD), not " + direction,
          "HY106");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return FETCH_FORWARD;
  }

  /** A hint only: rows are read from the map one at a time as {@link #next()} asks. */
  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    if (rows < 0) {
      throw new SQLException("the fetch size must not be negative, was " + rows, "22023");
    }
    this.fetchSize = rows;
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public int getType() throws SQLException {
    checkOpen();
    return TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() throws SQLException {
    checkOpen();
    return CONCUR_READ_ONLY;
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public @Nullable Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return Wrappers.unwrap(this, type, "a KiteSQL result set");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
