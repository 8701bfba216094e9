package io.kitesql.slt;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * SQLite through JDBC: the reference engine that cross-checks the corpus' expected results.
 *
 * <p>Each instance owns a private in-memory database, so files cannot see each other's tables.
 */
public final class SqliteEngine implements SltEngine {
  private final Connection connection;

  private SqliteEngine(Connection connection) {
    this.connection = connection;
  }

  /** A fresh, empty in-memory database. */
  public static SqliteEngine inMemory() {
    try {
      return new SqliteEngine(DriverManager.getConnection("jdbc:sqlite::memory:"));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open an in-memory SQLite database", e);
    }
  }

  @Override
  public void statement(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  @Override
  public List<List<String>> query(String sql, String columnTypes) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      List<List<String>> rows = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>(columns);
        for (int c = 1; c <= columns; c++) {
          row.add(SltFormat.format(rs.getObject(c), SltFormat.typeAt(columnTypes, c - 1)));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("closing SQLite failed", e);
    }
  }
}
