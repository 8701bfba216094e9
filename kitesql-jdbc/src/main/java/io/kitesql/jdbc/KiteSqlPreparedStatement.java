package io.kitesql.jdbc;

import io.kitesql.KiteSqlException;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Calendar;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A prepared statement: SQL text planned once by the engine (its plan cache is keyed by the text),
 * run with the parameters set. Parameter values are the engine's Java types: {@code String}, the
 * number types, {@code BigDecimal}, {@code Boolean}, {@code byte[]}, {@code LocalDate} (DATE),
 * {@code LocalDateTime} (TIMESTAMP, zone-free), and their {@code java.sql} counterparts; {@link
 * Text} and {@link Binary} pass through without a copy.
 */
public final class KiteSqlPreparedStatement extends KiteSqlStatement implements PreparedStatement {
  private final String sql;
  private final GeneratedKeys keys;

  /**
   * The parameter count, or -1 where the committed schema cannot plan the statement yet (a table
   * created in this transaction).
   */
  private final int parameterCount;

  private Object[] parameters;
  private final BitSet set = new BitSet();
  private final List<Object[]> batch = new ArrayList<>();

  /**
   * The SQL with the RETURNING clause the generated keys need, once the table was found; else null.
   */
  private @Nullable String withKeys;

  KiteSqlPreparedStatement(KiteSqlConnection connection, String sql, GeneratedKeys keys)
      throws SQLException {
    super(connection);
    this.sql = sql;
    this.keys = keys;
    this.parameterCount = parameterCount(connection, sql);
    this.parameters = new Object[Math.max(parameterCount, 0)];
  }

  /**
   * Plans the statement now (so errors surface at prepare), unless a running transaction may have
   * changed the schema.
   */
  private static int parameterCount(KiteSqlConnection connection, String sql) throws SQLException {
    try {
      return connection.database().prepare(sql).parameterCount();
    } catch (KiteSqlException e) {
      if (!connection.getAutoCommit() && e.errorCode() != io.kitesql.ErrorCode.SYNTAX_ERROR) {
        return -1; // the running transaction's schema may differ: the engine checks at execution
      }
      throw SqlErrors.translate(e);
    }
  }

  private void set(int index, @Nullable Object value) throws SQLException {
    checkOpen();
    if (index < 1 || (parameterCount >= 0 && index > parameterCount)) {
      throw new SQLException(
          "parameter index "
              + index
              + " is out of range: the statement has "
              + (parameterCount >= 0 ? parameterCount + " parameters" : "parameters from 1")
              + " ("
              + sql
              + ")",
          "07009");
    }
    if (index > parameters.length) {
      parameters = Arrays.copyOf(parameters, index);
    }
    parameters[index - 1] = value;
    set.set(index - 1);
  }

  /**
   * The SQL to run: with the RETURNING clause the generated keys need, worked out once (not again
   * per execution) when it found the table; a table created in a running transaction is not yet in
   * the catalog, so until then it is asked again.
   */
  private String sqlToRun() throws SQLException {
    if (withKeys != null) {
      return withKeys;
    }
    if (keys instanceof GeneratedKeys.None) {
      return sql;
    }
    var rewritten = withKeys(sql, keys);
    if (!rewritten.equals(sql)) {
      withKeys = rewritten;
    }
    return rewritten;
  }

  private Object[] boundParameters() throws SQLException {
    int count = parameterCount >= 0 ? parameterCount : parameters.length;
    int missing = set.nextClearBit(0);
    if (missing < count) {
      throw new SQLException(
          "parameter "
              + (missing + 1)
              + " has no value: set it (setNull for NULL) before executing "
              + sql,
          "07001");
    }
    return parameters.clone();
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkOpen();
    requireRows(sql);
    runAs(sql, sqlToRun(), boundParameters());
    return getResultSet();
  }

  @Override
  public int executeUpdate() throws SQLException {
    return (int) executeLargeUpdate();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    checkOpen();
    requireNoQuery(sql);
    runAs(sql, sqlToRun(), boundParameters());
    return updateCountOfLastWrite();
  }

  @Override
  public boolean execute() throws SQLException {
    return runAs(sql, sqlToRun(), boundParameters());
  }

  @Override
  public void clearParameters() throws SQLException {
    checkOpen();
    Arrays.fill(parameters, null);
    set.clear();
  }

  @Override
  public void addBatch() throws SQLException {
    checkOpen();
    batch.add(boundParameters());
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    var rewritten = sqlToRun();
    var items = batch.stream().map(values -> new Batches.Item(rewritten, values)).toList();
    batch.clear();
    return Batches.run(this, items, !rewritten.equals(sql));
  }

  @Override
  public @Nullable ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    try {
      var prepared = connection().database().prepare(sql);
      return prepared.returnsRows() ? new KiteSqlResultSetMetaData(prepared.columns()) : null;
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    checkOpen();
    try {
      return new KiteSqlParameterMetaData(connection().database().prepare(sql));
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  // ---- setters ----

  @Override
  public void setNull(int index, int sqlType) throws SQLException {
    set(index, null);
  }

  @Override
  public void setNull(int index, int sqlType, String typeName) throws SQLException {
    set(index, null);
  }

  @Override
  public void setBoolean(int index, boolean x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setByte(int index, byte x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setShort(int index, short x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setInt(int index, int x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setLong(int index, long x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setFloat(int index, float x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setDouble(int index, double x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setBigDecimal(int index, @Nullable BigDecimal x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setString(int index, @Nullable String x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setNString(int index, @Nullable String x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setBytes(int index, byte @Nullable [] x) throws SQLException {
    set(index, x);
  }

  @Override
  public void setDate(int index, @Nullable Date x) throws SQLException {
    set(index, x == null ? null : x.toLocalDate());
  }

  @Override
  public void setTimestamp(int index, @Nullable Timestamp x) throws SQLException {
    set(index, x == null ? null : x.toLocalDateTime());
  }

  /** The date whose midnight in {@code calendar}'s zone is {@code x}. */
  @Override
  public void setDate(int index, @Nullable Date x, Calendar calendar) throws SQLException {
    set(
        index,
        x == null
            ? null
            : java.time.Instant.ofEpochMilli(x.getTime())
                .atZone(calendar.getTimeZone().toZoneId())
                .toLocalDate());
  }

  /** The local date and time of instant {@code x} in {@code calendar}'s zone. */
  @Override
  public void setTimestamp(int index, @Nullable Timestamp x, Calendar calendar)
      throws SQLException {
    set(
        index,
        x == null
            ? null
            : LocalDateTime.ofInstant(x.toInstant(), calendar.getTimeZone().toZoneId()));
  }

  @Override
  public void setObject(int index, @Nullable Object x) throws SQLException {
    set(index, parameter(index, x));
  }

  @Override
  public void setObject(int index, @Nullable Object x, int targetSqlType) throws SQLException {
    setObject(index, x);
  }

  @Override
  public void setObject(int index, @Nullable Object x, int targetSqlType, int scaleOrLength)
      throws SQLException {
    setObject(index, x);
  }

  /**
   * A caller's value as one the engine takes; refused, naming the type, if it has no KiteSQL column
   * type.
   */
  private @Nullable Object parameter(int index, @Nullable Object x) throws SQLException {
    return switch (x) {
      case null -> null;
      case String _,
          Integer _,
          Long _,
          Short _,
          Byte _,
          Double _,
          Float _,
          BigDecimal _,
          BigInteger _,
          Boolean _,
          byte[] _,
          LocalDate _,
          LocalDateTime _,
          Text _,
          Binary _ ->
          x;
      case Date d -> d.toLocalDate();
      case Timestamp t -> t.toLocalDateTime();
      case CharSequence cs -> cs.toString();
      case Character c -> c.toString();
      default ->
          throw new SQLDataException(
              "parameter "
                  + index
                  + " is a "
                  + x.getClass().getName()
                  + ", which KiteSQL "
                  + "has no column type for (TIMESTAMP is zone-free: pass a LocalDateTime; DATE: a LocalDate)",
              "22023");
    };
  }

  @Override
  public void setCharacterStream(int index, @Nullable Reader reader) throws SQLException {
    set(index, reader == null ? null : read(reader));
  }

  @Override
  public void setCharacterStream(int index, @Nullable Reader reader, int length)
      throws SQLException {
    setCharacterStream(index, reader);
  }

  @Override
  public void setCharacterStream(int index, @Nullable Reader reader, long length)
      throws SQLException {
    setCharacterStream(index, reader);
  }

  @Override
  public void setNCharacterStream(int index, @Nullable Reader reader) throws SQLException {
    setCharacterStream(index, reader);
  }

  @Override
  public void setNCharacterStream(int index, @Nullable Reader reader, long length)
      throws SQLException {
    setCharacterStream(index, reader);
  }

  @Override
  public void setBinaryStream(int index, @Nullable InputStream in) throws SQLException {
    set(index, in == null ? null : readBytes(in));
  }

  @Override
  public void setBinaryStream(int index, @Nullable InputStream in, int length) throws SQLException {
    setBinaryStream(index, in);
  }

  @Override
  public void setBinaryStream(int index, @Nullable InputStream in, long length)
      throws SQLException {
    setBinaryStream(index, in);
  }

  @Override
  public void setAsciiStream(int index, @Nullable InputStream in) throws SQLException {
    set(index, in == null ? null : new String(readBytes(in), StandardCharsets.US_ASCII));
  }

  @Override
  public void setAsciiStream(int index, @Nullable InputStream in, int length) throws SQLException {
    setAsciiStream(index, in);
  }

  @Override
  public void setAsciiStream(int index, @Nullable InputStream in, long length) throws SQLException {
    setAsciiStream(index, in);
  }

  private static String read(Reader reader) throws SQLException {
    try {
      var text = new java.io.StringWriter();
      reader.transferTo(text);
      return text.toString();
    } catch (IOException e) {
      throw new SQLException(
          "reading the parameter's character stream failed: " + e.getMessage(), "HY000", e);
    }
  }

  private static byte[] readBytes(InputStream in) throws SQLException {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new SQLException(
          "reading the parameter's stream failed: " + e.getMessage(), "HY000", e);
    }
  }

  private static SQLFeatureNotSupportedException refused(String what) {
    return new SQLFeatureNotSupportedException(
        "PreparedStatement."
            + what
            + " is not supported: KiteSQL has no "
            + "TIME, LOB, array, REF, ROWID, URL or XML values",
        "0A000");
  }

  @Override
  public void setTime(int index, Time x) throws SQLException {
    throw refused("setTime");
  }

  @Override
  public void setTime(int index, Time x, Calendar calendar) throws SQLException {
    throw refused("setTime");
  }

  @Override
  @Deprecated
  public void setUnicodeStream(int index, InputStream x, int length) throws SQLException {
    throw refused("setUnicodeStream");
  }

  @Override
  public void setRef(int index, Ref x) throws SQLException {
    throw refused("setRef");
  }

  @Override
  public void setBlob(int index, Blob x) throws SQLException {
    throw refused("setBlob");
  }

  @Override
  public void setBlob(int index, InputStream x, long length) throws SQLException {
    throw refused("setBlob");
  }

  @Override
  public void setBlob(int index, InputStream x) throws SQLException {
    throw refused("setBlob");
  }

  @Override
  public void setClob(int index, Clob x) throws SQLException {
    throw refused("setClob");
  }

  @Override
  public void setClob(int index, Reader x, long length) throws SQLException {
    throw refused("setClob");
  }

  @Override
  public void setClob(int index, Reader x) throws SQLException {
    throw refused("setClob");
  }

  @Override
  public void setNClob(int index, NClob x) throws SQLException {
    throw refused("setNClob");
  }

  @Override
  public void setNClob(int index, Reader x, long length) throws SQLException {
    throw refused("setNClob");
  }

  @Override
  public void setNClob(int index, Reader x) throws SQLException {
    throw refused("setNClob");
  }

  @Override
  public void setArray(int index, Array x) throws SQLException {
    throw refused("setArray");
  }

  @Override
  public void setURL(int index, URL x) throws SQLException {
    throw refused("setURL");
  }

  @Override
  public void setRowId(int index, RowId x) throws SQLException {
    throw refused("setRowId");
  }

  @Override
  public void setSQLXML(int index, SQLXML x) throws SQLException {
    throw refused("setSQLXML");
  }

  // ---- Statement's text-taking methods do not apply to a prepared statement ----

  private SQLException textGiven() {
    return new SQLException(
        "a PreparedStatement runs the SQL it was prepared with; pass no SQL text (" + sql + ")",
        "HY000");
  }

  @Override
  public ResultSet executeQuery(String text) throws SQLException {
    throw textGiven();
  }

  @Override
  public int executeUpdate(String text) throws SQLException {
    throw textGiven();
  }

  @Override
  public long executeLargeUpdate(String text) throws SQLException {
    throw textGiven();
  }

  @Override
  public boolean execute(String text) throws SQLException {
    throw textGiven();
  }

  @Override
  public void addBatch(String text) throws SQLException {
    throw textGiven();
  }

  @Override
  public int executeUpdate(String text, int keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public int executeUpdate(String text, int[] keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public int executeUpdate(String text, String[] keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public long executeLargeUpdate(String text, int keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public long executeLargeUpdate(String text, int[] keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public long executeLargeUpdate(String text, String[] keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public boolean execute(String text, int keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public boolean execute(String text, int[] keys) throws SQLException {
    throw textGiven();
  }

  @Override
  public boolean execute(String text, String[] keys) throws SQLException {
    throw textGiven();
  }
}
