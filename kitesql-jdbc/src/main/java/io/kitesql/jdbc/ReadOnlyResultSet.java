package io.kitesql.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * What a forward-only, read-only result set refuses: every update, every move but {@code next()},
 * and the types KiteSQL has no column for (TIME, LOBs, arrays, refs, row ids, URLs, XML). Each
 * refusal is a {@link SQLFeatureNotSupportedException} naming the method.
 */
abstract class ReadOnlyResultSet implements ResultSet {
  private static SQLFeatureNotSupportedException refused(String method) {
    return new SQLFeatureNotSupportedException(
        "ResultSet."
            + method
            + " is not supported: KiteSQL result sets are "
            + "forward-only and read-only, and have no TIME, LOB, array, REF, ROWID, URL or XML values",
        "0A000");
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    throw refused("absolute");
  }

  @Override
  public void afterLast() throws SQLException {
    throw refused("afterLast");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw refused("beforeFirst");
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw refused("cancelRowUpdates");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw refused("deleteRow");
  }

  @Override
  public boolean first() throws SQLException {
    throw refused("first");
  }

  @Override
  public Array getArray(String columnLabel) throws SQLException {
    throw refused("getArray");
  }

  @Override
  public Array getArray(int columnIndex) throws SQLException {
    throw refused("getArray");
  }

  @Override
  public Blob getBlob(String columnLabel) throws SQLException {
    throw refused("getBlob");
  }

  @Override
  public Blob getBlob(int columnIndex) throws SQLException {
    throw refused("getBlob");
  }

  @Override
  public Clob getClob(String columnLabel) throws SQLException {
    throw refused("getClob");
  }

  @Override
  public Clob getClob(int columnIndex) throws SQLException {
    throw refused("getClob");
  }

  @Override
  public NClob getNClob(String columnLabel) throws SQLException {
    throw refused("getNClob");
  }

  @Override
  public NClob getNClob(int columnIndex) throws SQLException {
    throw refused("getNClob");
  }

  @Override
  public Ref getRef(String columnLabel) throws SQLException {
    throw refused("getRef");
  }

  @Override
  public Ref getRef(int columnIndex) throws SQLException {
    throw refused("getRef");
  }

  @Override
  public RowId getRowId(String columnLabel) throws SQLException {
    throw refused("getRowId");
  }

  @Override
  public RowId getRowId(int columnIndex) throws SQLException {
    throw refused("getRowId");
  }

  @Override
  public SQLXML getSQLXML(String columnLabel) throws SQLException {
    throw refused("getSQLXML");
  }

  @Override
  public SQLXML getSQLXML(int columnIndex) throws SQLException {
    throw refused("getSQLXML");
  }

  @Override
  public Time getTime(String columnLabel, Calendar calendar) throws SQLException {
    throw refused("getTime");
  }

  @Override
  public Time getTime(String columnLabel) throws SQLException {
    throw refused("getTime");
  }

  @Override
  public Time getTime(int columnIndex, Calendar calendar) throws SQLException {
    throw refused("getTime");
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    throw refused("getTime");
  }

  @Override
  public URL getURL(String columnLabel) throws SQLException {
    throw refused("getURL");
  }

  @Override
  public URL getURL(int columnIndex) throws SQLException {
    throw refused("getURL");
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(String columnLabel) throws SQLException {
    throw refused("getUnicodeStream");
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(int columnIndex) throws SQLException {
    throw refused("getUnicodeStream");
  }

  @Override
  public void insertRow() throws SQLException {
    throw refused("insertRow");
  }

  @Override
  public boolean last() throws SQLException {
    throw refused("last");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw refused("moveToCurrentRow");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw refused("moveToInsertRow");
  }

  @Override
  public boolean previous() throws SQLException {
    throw refused("previous");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw refused("refreshRow");
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    throw refused("relative");
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    throw refused("rowDeleted");
  }

  @Override
  public boolean rowInserted() throws SQLException {
    throw refused("rowInserted");
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    throw refused("rowUpdated");
  }

  @Override
  public void updateArray(String columnLabel, Array value) throws SQLException {
    throw refused("updateArray");
  }

  @Override
  public void updateArray(int columnIndex, Array value) throws SQLException {
    throw refused("updateArray");
  }

  @Override
  public void updateAsciiStream(String columnLabel, InputStream value, int length)
      throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, InputStream value, long length)
      throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, InputStream value) throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, InputStream value, int length)
      throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, InputStream value, long length)
      throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, InputStream value) throws SQLException {
    throw refused("updateAsciiStream");
  }

  @Override
  public void updateBigDecimal(String columnLabel, BigDecimal value) throws SQLException {
    throw refused("updateBigDecimal");
  }

  @Override
  public void updateBigDecimal(int columnIndex, BigDecimal value) throws SQLException {
    throw refused("updateBigDecimal");
  }

  @Override
  public void updateBinaryStream(String columnLabel, InputStream value, int length)
      throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, InputStream value, long length)
      throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, InputStream value) throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, InputStream value, int length)
      throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, InputStream value, long length)
      throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, InputStream value) throws SQLException {
    throw refused("updateBinaryStream");
  }

  @Override
  public void updateBlob(String columnLabel, InputStream value, long length) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, InputStream value) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, Blob value) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, InputStream value, long length) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, InputStream value) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, Blob value) throws SQLException {
    throw refused("updateBlob");
  }

  @Override
  public void updateBoolean(String columnLabel, boolean value) throws SQLException {
    throw refused("updateBoolean");
  }

  @Override
  public void updateBoolean(int columnIndex, boolean value) throws SQLException {
    throw refused("updateBoolean");
  }

  @Override
  public void updateByte(String columnLabel, byte value) throws SQLException {
    throw refused("updateByte");
  }

  @Override
  public void updateByte(int columnIndex, byte value) throws SQLException {
    throw refused("updateByte");
  }

  @Override
  public void updateBytes(String columnLabel, byte[] value) throws SQLException {
    throw refused("updateBytes");
  }

  @Override
  public void updateBytes(int columnIndex, byte[] value) throws SQLException {
    throw refused("updateBytes");
  }

  @Override
  public void updateCharacterStream(String columnLabel, Reader value, int length)
      throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, Reader value, long length)
      throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, Reader value) throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, Reader value, int length) throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, Reader value, long length)
      throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, Reader value) throws SQLException {
    throw refused("updateCharacterStream");
  }

  @Override
  public void updateClob(String columnLabel, Reader value, long length) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, Reader value) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, Clob value) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, Reader value, long length) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, Reader value) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, Clob value) throws SQLException {
    throw refused("updateClob");
  }

  @Override
  public void updateDate(String columnLabel, Date value) throws SQLException {
    throw refused("updateDate");
  }

  @Override
  public void updateDate(int columnIndex, Date value) throws SQLException {
    throw refused("updateDate");
  }

  @Override
  public void updateDouble(String columnLabel, double value) throws SQLException {
    throw refused("updateDouble");
  }

  @Override
  public void updateDouble(int columnIndex, double value) throws SQLException {
    throw refused("updateDouble");
  }

  @Override
  public void updateFloat(String columnLabel, float value) throws SQLException {
    throw refused("updateFloat");
  }

  @Override
  public void updateFloat(int columnIndex, float value) throws SQLException {
    throw refused("updateFloat");
  }

  @Override
  public void updateInt(String columnLabel, int value) throws SQLException {
    throw refused("updateInt");
  }

  @Override
  public void updateInt(int columnIndex, int value) throws SQLException {
    throw refused("updateInt");
  }

  @Override
  public void updateLong(String columnLabel, long length) throws SQLException {
    throw refused("updateLong");
  }

  @Override
  public void updateLong(int columnIndex, long length) throws SQLException {
    throw refused("updateLong");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, Reader value, long length)
      throws SQLException {
    throw refused("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, Reader value) throws SQLException {
    throw refused("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, Reader value, long length)
      throws SQLException {
    throw refused("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, Reader value) throws SQLException {
    throw refused("updateNCharacterStream");
  }

  @Override
  public void updateNClob(String columnLabel, Reader value, long length) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, Reader value) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, NClob value) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, Reader value, long length) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, Reader value) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, NClob value) throws SQLException {
    throw refused("updateNClob");
  }

  @Override
  public void updateNString(String columnLabel, String value) throws SQLException {
    throw refused("updateNString");
  }

  @Override
  public void updateNString(int columnIndex, String value) throws SQLException {
    throw refused("updateNString");
  }

  @Override
  public void updateNull(String columnLabel) throws SQLException {
    throw refused("updateNull");
  }

  @Override
  public void updateNull(int columnIndex) throws SQLException {
    throw refused("updateNull");
  }

  @Override
  public void updateObject(String columnLabel, Object value, int length) throws SQLException {
    throw refused("updateObject");
  }

  @Override
  public void updateObject(String columnLabel, Object value) throws SQLException {
    throw refused("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object value, int length) throws SQLException {
    throw refused("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object value) throws SQLException {
    throw refused("updateObject");
  }

  @Override
  public void updateRef(String columnLabel, Ref value) throws SQLException {
    throw refused("updateRef");
  }

  @Override
  public void updateRef(int columnIndex, Ref value) throws SQLException {
    throw refused("updateRef");
  }

  @Override
  public void updateRow() throws SQLException {
    throw refused("updateRow");
  }

  @Override
  public void updateRowId(String columnLabel, RowId value) throws SQLException {
    throw refused("updateRowId");
  }

  @Override
  public void updateRowId(int columnIndex, RowId value) throws SQLException {
    throw refused("updateRowId");
  }

  @Override
  public void updateSQLXML(String columnLabel, SQLXML value) throws SQLException {
    throw refused("updateSQLXML");
  }

  @Override
  public void updateSQLXML(int columnIndex, SQLXML value) throws SQLException {
    throw refused("updateSQLXML");
  }

  @Override
  public void updateShort(String columnLabel, short value) throws SQLException {
    throw refused("updateShort");
  }

  @Override
  public void updateShort(int columnIndex, short value) throws SQLException {
    throw refused("updateShort");
  }

  @Override
  public void updateString(String columnLabel, String value) throws SQLException {
    throw refused("updateString");
  }

  @Override
  public void updateString(int columnIndex, String value) throws SQLException {
    throw refused("updateString");
  }

  @Override
  public void updateTime(String columnLabel, Time value) throws SQLException {
    throw refused("updateTime");
  }

  @Override
  public void updateTime(int columnIndex, Time value) throws SQLException {
    throw refused("updateTime");
  }

  @Override
  public void updateTimestamp(String columnLabel, Timestamp value) throws SQLException {
    throw refused("updateTimestamp");
  }

  @Override
  public void updateTimestamp(int columnIndex, Timestamp value) throws SQLException {
    throw refused("updateTimestamp");
  }
}
