package io.kitesql.slt;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * SQLite through JDBC: the reference engine that cross-checks the corpus' expected results.
 *
 * <p>Each instance owns a private in-memory database, so files cannot see each other's tables. With
 * {@link SltFormat.Values#ORIGINAL} it renders values exactly as the original sqllogictest program
 * does, through SQLite's own conversions ({@code sqlite3_column_int}, {@code _double}, {@code
 * _text}, which sqlite-jdbc's getInt, getDouble and getString call).
 */
public final class SqliteEngine implements SltEngine {
  private final Connection connection;
  private final SltFormat.Values values;

  private SqliteEngine(Connection connection, SltFormat.Values values) {
    this.connection = connection;
    this.values = values;
  }

  /** A fresh, empty in-memory database. */
  public static SqliteEngine inMemory() {
    return inMemory(SltFormat.Values.KITESQL);
  }

  /** A fresh, empty in-memory database rendering values by the rules {@code values}. */
  public static SqliteEngine inMemory(SltFormat.Values values) {
    try {
      return new SqliteEngine(DriverManager.getConnection("jdbc:sqlite::memory:"), values);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open an in-memory SQLite database", e);
    }
  }

  /** SQLite reports errors as {@link SQLException}s (the JDBC driver's own type). */
  @Override
  public boolean isEngineError(Exception failure) {
    return failure instanceof SQLException;
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
      return rows(rs, columnTypes);
    }
  }

  @Override
  public List<List<List<String>>> queryPrepared(
      String sql, String columnTypes, List<List<Object>> parameterSets) throws SQLException {
    var results = new ArrayList<List<List<String>>>();
    try (PreparedStatement s = connection.prepareStatement(sql)) {
      for (var parameters : parameterSets) {
        for (int i = 0; i < parameters.size(); i++) {
          s.setObject(i + 1, parameters.get(i));
        }
        try (ResultSet rs = s.executeQuery()) {
          results.add(rows(rs, columnTypes));
        }
      }
    }
    return results;
  }

  private List<List<String>> rows(ResultSet rs, String columnTypes) throws SQLException {
    int columns = rs.getMetaData().getColumnCount();
    List<List<String>> rows = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>(columns);
      for (int c = 1; c <= columns; c++) {
        char type = SltFormat.typeAt(columnTypes, c - 1);
        row.add(
            values == SltFormat.Values.ORIGINAL
                ? original(rs, c, type)
                : SltFormat.format(rs.getObject(c), type));
      }
      rows.add(row);
    }
    return rows;
  }

  /**
   * The value as the original sqllogictest program renders it, by SQLite's own conversions; only a
   * real as text follows {@link SltFormat#sqliteReal} (the 15 digits of the SQLite versions that
   * wrote the corpus, where the bundled one may write 17).
   */
  private static String original(ResultSet rs, int column, char type) throws SQLException {
    var value = rs.getObject(column);
    if (value == null) {
      return SltFormat.NULL;
    }
    return switch (type) {
      case 'I' -> Integer.toString(rs.getInt(column));
      case 'R' ->
          SltFormat.sqliteFixed3(rs.getDouble(column)); // the C program's sqlite3_snprintf("%.3f")
      default ->
          SltFormat.formatOriginal(value instanceof Double ? value : rs.getString(column), 'T');
    };
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
