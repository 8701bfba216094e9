package io.kitesql.jdbc;

import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.ResultColumn;
import io.kitesql.api.Transaction;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Runs one statement of a {@link KiteSqlStatement} in the transaction its connection's mode asks
 * for: in auto-commit mode a query in a read-only transaction of its own (ended when its result set
 * closes) and a write in a write transaction of its own (committed before the call returns); with
 * auto-commit off, in the connection's transaction.
 *
 * @param resultSet the rows of a query, or of a write with RETURNING the caller wrote; else null
 * @param updateCount the rows written; -1 for a query
 * @param keys the rows a RETURNING clause gave (the generated keys); empty otherwise
 * @param keyColumns the columns of {@code keys}
 */
record Execution(
    @Nullable KiteSqlResultSet resultSet,
    long updateCount,
    List<Object[]> keys,
    List<ResultColumn> keyColumns) {
  /**
   * Runs {@code sql} with {@code parameters}.
   *
   * @param keysOnly the RETURNING clause was added for generated keys: its rows are not a result
   *     set
   */
  static Execution run(KiteSqlStatement owner, String sql, Object[] parameters, boolean keysOnly)
      throws SQLException {
    var connection = owner.connection();
    try {
      var kind = SqlKind.of(sql);
      if (kind == SqlKind.QUERY) {
        return new Execution(query(owner, sql, parameters), -1, List.of(), List.of());
      }
      if (connection.isReadOnly()) {
        throw new SQLException(
            "the connection is read-only (setReadOnly(true)): cannot run " + sql, "25006");
      }
      if (kind == SqlKind.WRITE) {
        long count =
            connection.getAutoCommit()
                ? connection.database().write(tx -> execute(owner, tx, sql, parameters))
                : execute(owner, writer(connection), sql, parameters);
        return new Execution(null, count, List.of(), List.of());
      }
      var rows =
          connection.getAutoCommit()
              ? connection.database().write(tx -> returning(owner, tx, sql, parameters))
              : returning(owner, writer(connection), sql, parameters);
      var resultSet =
          keysOnly
              ? null
              : new KiteSqlResultSet(
                  owner, new Rows.Read(rows.columns(), rows.rows()), null, owner.maxRows());
      return new Execution(resultSet, rows.rows().size(), rows.rows(), rows.columns());
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  private record ReturnedRows(List<ResultColumn> columns, List<Object[]> rows) {}

  private static KiteSqlResultSet query(KiteSqlStatement owner, String sql, Object[] parameters)
      throws SQLException {
    var connection = owner.connection();
    if (!connection.getAutoCommit()) {
      var tx = connection.transaction();
      limitTime(owner, tx);
      return new KiteSqlResultSet(
          owner, new Rows.Live(tx.query(sql, parameters)), null, owner.maxRows());
    }
    var tx = connection.database().beginRead();
    try {
      limitTime(owner, tx);
      return new KiteSqlResultSet(
          owner, new Rows.Live(tx.query(sql, parameters)), tx, owner.maxRows());
    } catch (RuntimeException e) {
      tx.close();
      throw e;
    }
  }

  private static long execute(
      KiteSqlStatement owner, ReadWriteTransaction tx, String sql, Object[] parameters) {
    limitTime(owner, tx);
    return tx.execute(sql, parameters);
  }

  private static ReturnedRows returning(
      KiteSqlStatement owner, ReadWriteTransaction tx, String sql, Object[] parameters) {
    limitTime(owner, tx);
    try (var cursor = tx.query(sql, parameters)) {
      return new ReturnedRows(cursor.columns(), cursor.toList());
    }
  }

  private static ReadWriteTransaction writer(KiteSqlConnection connection) throws SQLException {
    return (ReadWriteTransaction)
        connection.transaction(); // a read-only connection never gets here
  }

  /** The statement's query timeout as the transaction's deadline (cleared if it has none). */
  static void limitTime(KiteSqlStatement owner, Transaction tx) {
    int seconds = owner.queryTimeoutSeconds();
    if (seconds > 0) {
      tx.setTimeout(Duration.ofSeconds(seconds));
    } else {
      tx.clearTimeout();
    }
  }
}
