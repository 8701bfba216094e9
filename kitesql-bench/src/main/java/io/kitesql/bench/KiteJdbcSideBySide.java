package io.kitesql.bench;

import io.kitesql.api.Database;
import io.kitesql.api.Transaction;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One KiteSQL database reached two ways at once, for {@link Measure#cells}: the native API (a
 * read-only {@link Transaction}) and the JDBC driver (a read-only connection transaction:
 * auto-commit off, {@code setReadOnly(true)}), both open for all executions of a cell. The native
 * side is the driver's own {@link Database} ({@code connection.unwrap}), so both read the same map.
 */
final class KiteJdbcSideBySide implements Engine {
  /** How a JDBC query hands out a text column. */
  enum JdbcText {
    /** {@code getObject(i, CharSequence.class)}: the engine's borrowed {@code Text}. */
    BORROWED,
    /** {@code getString(i)}: a copy, as its contract says. */
    STRING
  }

  private final Connection connection;
  private final Database db;
  private Transaction tx;

  KiteJdbcSideBySide(Connection connection) throws SQLException {
    this.connection = connection;
    this.db = connection.unwrap(Database.class);
    connection.setAutoCommit(false);
    connection.setReadOnly(true);
  }

  @Override
  public String name() {
    return "KiteSQL native and JDBC";
  }

  /** The native side. */
  @Override
  public Query prepare(String sql) {
    return new KiteQuery(db.prepare(sql), () -> tx);
  }

  /** The JDBC side: one prepared statement, text as {@code text} says. */
  Query prepareJdbc(String sql, JdbcText text) throws SQLException {
    return new JdbcQuery(connection.prepareStatement(sql), text);
  }

  @Override
  public void begin() {
    tx = db.beginRead(); // the JDBC side begins its own snapshot with its first statement
  }

  @Override
  public void end() throws SQLException {
    if (tx != null) {
      tx.close();
      tx = null;
    }
    connection.commit();
  }

  @Override
  public void close() throws SQLException {
    end();
    connection.close();
  }

  private static final class JdbcQuery implements Query, Rows {
    private final java.sql.PreparedStatement statement;
    private final JdbcText text;
    private ResultSet rs;

    JdbcQuery(java.sql.PreparedStatement statement, JdbcText text) {
      this.statement = statement;
      this.text = text;
    }

    @Override
    public Rows execute(Object[] parameters) throws SQLException {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      rs = statement.executeQuery();
      return this;
    }

    @Override
    public boolean next() throws SQLException {
      return rs.next();
    }

    @Override
    public CharSequence text(int column) throws SQLException {
      return text == JdbcText.BORROWED
          ? rs.getObject(column + 1, CharSequence.class)
          : rs.getString(column + 1);
    }

    @Override
    public long number(int column) throws SQLException {
      return rs.getLong(column + 1);
    }

    @Override
    public void close() throws SQLException {
      rs.close();
    }
  }
}
