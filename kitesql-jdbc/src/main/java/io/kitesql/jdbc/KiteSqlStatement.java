package io.kitesql.jdbc;

import io.kitesql.api.ResultColumn;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A statement of a {@link KiteSqlConnection}: runs SQL text in the connection's transaction mode
 * (see {@link KiteSqlConnection}). Batches run in one transaction: in auto-commit mode a batch that
 * fails part-way writes nothing.
 */
public class KiteSqlStatement implements Statement {
  private final KiteSqlConnection connection;
  private final List<String> batch = new ArrayList<>();
  private @Nullable KiteSqlResultSet resultSet;
  private long updateCount = -1;
  private List<Object[]> keys = List.of();
  private List<ResultColumn> keyColumns = List.of();
  private boolean closed;
  private long maxRows;
  private int queryTimeout;
  private int fetchSize;
  private boolean closeOnCompletion;
  private boolean poolable;

  KiteSqlStatement(KiteSqlConnection connection) {
    this.connection = connection;
  }

  KiteSqlConnection connection() {
    return connection;
  }

  long maxRows() {
    return maxRows;
  }

  int queryTimeoutSeconds() {
    return queryTimeout;
  }

  void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("this statement");
    }
    connection.checkOpen();
  }

  /**
   * Runs {@code sql} (with the RETURNING clause {@code keys} need) after closing the last result;
   * whether it returned a result set.
   */
  final boolean run(String sql, Object[] parameters, GeneratedKeys requested) throws SQLException {
    checkOpen();
    return runAs(sql, withKeys(sql, requested), parameters);
  }

  /** {@code sql} with the RETURNING clause {@code requested} needs, or as it is. */
  final String withKeys(String sql, GeneratedKeys requested) throws SQLException {
    try {
      return requested.rewrite(connection.database(), sql).orElse(sql);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  /**
   * Runs {@code rewritten}, the caller's {@code sql} with a RETURNING clause added for generated
   * keys or not.
   */
  final boolean runAs(String sql, String rewritten, Object[] parameters) throws SQLException {
    checkOpen();
    clearResults();
    var execution = Execution.run(this, rewritten, parameters, !rewritten.equals(sql));
    resultSet = execution.resultSet();
    updateCount = execution.resultSet() == null ? execution.updateCount() : -1;
    keys = execution.keys();
    keyColumns = execution.keyColumns();
    return resultSet != null;
  }

  /** The kind of {@code sql}, checked before it runs against what the calling method can return. */
  static SqlKind kind(String sql) throws SQLException {
    try {
      return SqlKind.of(sql);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  static void requireRows(String sql) throws SQLException {
    if (kind(sql) == SqlKind.WRITE) {
      throw new SQLException(
          "executeQuery runs statements that return rows; use executeUpdate for " + sql, "42000");
    }
  }

  static void requireNoQuery(String sql) throws SQLException {
    if (kind(sql) == SqlKind.QUERY) {
      throw new SQLException(
          "executeUpdate does not run queries; use executeQuery for " + sql, "42000");
    }
  }

  private void clearResults() throws SQLException {
    if (resultSet != null) {
      resultSet.close();
    }
    resultSet = null;
    updateCount = -1;
    keys = List.of();
    keyColumns = List.of();
  }

  /** A result set of this statement closed itself. */
  void closed(KiteSqlResultSet closedResultSet) throws SQLException {
    if (closedResultSet == resultSet) {
      resultSet = null;
    }
    if (closeOnCompletion && resultSet == null && !closed) {
      close();
    }
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    checkOpen();
    requireRows(sql);
    run(sql, new Object[0], GeneratedKeys.NONE);
    return resultSet;
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return (int) executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    return executeLargeUpdate(sql, GeneratedKeys.NONE);
  }

  private long executeLargeUpdate(String sql, GeneratedKeys requested) throws SQLException {
    checkOpen();
    requireNoQuery(sql);
    run(sql, new Object[0], requested);
    return updateCountOfLastWrite();
  }

  /** The rows written by the statement just run, whether or not it returned rows too. */
  final long updateCountOfLastWrite() {
    return updateCount >= 0 ? updateCount : keys.size();
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    return run(sql, new Object[0], GeneratedKeys.NONE);
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return (int) executeLargeUpdate(sql, GeneratedKeys.of(autoGeneratedKeys));
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return (int) executeLargeUpdate(sql, new GeneratedKeys.Positions(columnIndexes));
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return (int) executeLargeUpdate(sql, new GeneratedKeys.Named(List.of(columnNames)));
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return executeLargeUpdate(sql, GeneratedKeys.of(autoGeneratedKeys));
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeLargeUpdate(sql, new GeneratedKeys.Positions(columnIndexes));
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeLargeUpdate(sql, new GeneratedKeys.Named(List.of(columnNames)));
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    return run(sql, new Object[0], GeneratedKeys.of(autoGeneratedKeys));
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    return run(sql, new Object[0], new GeneratedKeys.Positions(columnIndexes));
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    return run(sql, new Object[0], new GeneratedKeys.Named(List.of(columnNames)));
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    checkOpen();
    return new KiteSqlResultSet(this, new Rows.Read(keyColumns, keys), null, 0);
  }

  @Override
  public @Nullable ResultSet getResultSet() throws SQLException {
    checkOpen();
    return resultSet;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    checkOpen();
    return (int) Math.min(updateCount, Integer.MAX_VALUE);
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return updateCount;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return getMoreResults(CLOSE_CURRENT_RESULT);
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    checkOpen();
    if (current != CLOSE_CURRENT_RESULT && current != CLOSE_ALL_RESULTS) {
      throw SqlErrors.unsupported(
          "keeping a result set open past getMoreResults (KEEP_CURRENT_RESULT)");
    }
    if (resultSet != null) {
      resultSet.close();
    }
    resultSet = null;
    updateCount = -1;
    return false;
  }

  // ---- batches ----

  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    batch.add(sql);
  }

  @Override
  public void clearBatch() throws SQLException {
    checkOpen();
    batch.clear();
  }

  @Override
  public int[] executeBatch() throws SQLException {
    return Arrays.stream(executeLargeBatch())
        .mapToInt(count -> (int) Math.min(count, Integer.MAX_VALUE))
        .toArray();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    clearResults();
    var items = batch.stream().map(sql -> new Batches.Item(sql, new Object[0])).toList();
    batch.clear();
    return Batches.run(this, items, false);
  }

  /** The keys a batch returned, for {@link #getGeneratedKeys()}. */
  final void batchKeys(List<ResultColumn> columns, List<Object[]> rows) {
    keyColumns = columns;
    keys = rows;
  }

  // ---- settings and plumbing ----

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    try {
      clearResults();
    } finally {
      closed = true;
      connection.forget(this);
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    checkOpen();
    return 0;
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    checkOpen();
    if (max != 0) {
      throw SqlErrors.unsupported("Statement.setMaxFieldSize (truncating values)");
    }
  }

  @Override
  public int getMaxRows() throws SQLException {
    return (int) Math.min(getLargeMaxRows(), Integer.MAX_VALUE);
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    setLargeMaxRows(max);
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    checkOpen();
    return maxRows;
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    checkOpen();
    if (max < 0) {
      throw new SQLException("max rows must not be negative, was " + max, "22023");
    }
    maxRows = max;
  }

  /**
   * JDBC escape syntax ({@code {d '2024-01-31'}}) is never rewritten: the parser refuses it, naming
   * it.
   */
  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    checkOpen();
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    checkOpen();
    return queryTimeout;
  }

  /**
   * The statement's deadline, as the transaction timeout of the engine ({@code STATEMENT_TIMEOUT},
   * SQLSTATE 57014).
   */
  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    checkOpen();
    if (seconds < 0) {
      throw new SQLException("the query timeout must not be negative, was " + seconds, "22023");
    }
    queryTimeout = seconds;
  }

  @Override
  public void cancel() throws SQLException {
    throw SqlErrors.unsupported(
        "Statement.cancel (interrupt the executing thread, or set a query timeout)");
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
  public void setCursorName(String name) throws SQLException {
    throw SqlErrors.unsupported("Statement.setCursorName (positioned updates)");
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD) {
      throw new SQLException(
          "KiteSQL result sets fetch forward only (FETCH_FORWARD), not " + direction, "HY106");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return ResultSet.FETCH_FORWARD;
  }

  /** A hint only: rows are read from the map one at a time. */
  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    if (rows < 0) {
      throw new SQLException("the fetch size must not be negative, was " + rows, "22023");
    }
    fetchSize = rows;
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    checkOpen();
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getResultSetType() throws SQLException {
    checkOpen();
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    checkOpen();
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public Connection getConnection() throws SQLException {
    checkOpen();
    return connection;
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    checkOpen();
    this.poolable = poolable;
  }

  @Override
  public boolean isPoolable() throws SQLException {
    checkOpen();
    return poolable;
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    checkOpen();
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    checkOpen();
    return closeOnCompletion;
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return Wrappers.unwrap(this, type, "a KiteSQL statement");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
