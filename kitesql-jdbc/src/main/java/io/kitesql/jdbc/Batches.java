package io.kitesql.jdbc;

import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.ResultColumn;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A statement's batch, run in one write transaction: in auto-commit mode a transaction of its own
 * on the database's writer thread (no hand-off per item), committed after the last item, or rolled
 * back whole if an item fails; with auto-commit off, in the connection's transaction (items before
 * a failing one stay in it, for the caller to commit or roll back).
 */
final class Batches {
  /** One item: SQL text and its parameters. */
  record Item(String sql, Object[] parameters) {}

  private Batches() {}

  /**
   * Runs {@code items}; the rows each wrote.
   *
   * @param returning the items carry a RETURNING clause for generated keys: their rows are kept as
   *     the statement's keys
   * @throws BatchUpdateException with the counts of the items before the failing one, and its
   *     SQLSTATE
   */
  static long[] run(KiteSqlStatement owner, List<Item> items, boolean returning)
      throws SQLException {
    var connection = owner.connection();
    for (int i = 0; i < items.size(); i++) {
      if (KiteSqlStatement.kind(items.get(i).sql()) == SqlKind.QUERY) {
        throw new BatchUpdateException(
            "batch item "
                + (i + 1)
                + " is a query; a batch holds writes only: "
                + items.get(i).sql(),
            "42000",
            0,
            new long[0],
            null);
      }
    }
    if (connection.isReadOnly() && !items.isEmpty()) {
      throw new BatchUpdateException(
          "the connection is read-only (setReadOnly(true)): cannot run a batch of writes",
          "25006",
          0,
          new long[0],
          null);
    }
    var counts = new long[items.size()];
    var done = new int[1];
    var keys = new ArrayList<Object[]>();
    var keyColumns = new ArrayList<ResultColumn>();
    boolean autoCommit = connection.getAutoCommit();
    try {
      if (autoCommit) {
        connection
            .database()
            .writeOnWriterThread(
                tx -> {
                  Execution.limitTime(owner, tx);
                  return runAll(tx, items, returning, counts, done, keys, keyColumns);
                });
      } else {
        var tx = (ReadWriteTransaction) connection.transaction();
        Execution.limitTime(owner, tx);
        runAll(tx, items, returning, counts, done, keys, keyColumns);
      }
    } catch (RuntimeException e) {
      var failure = SqlErrors.translate(e);
      throw new BatchUpdateException(
          "batch item "
              + (done[0] + 1)
              + " of "
              + items.size()
              + " failed"
              + (autoCommit ? " and the whole batch was rolled back: " : ": ")
              + failure.getMessage(),
          failure.getSQLState(),
          failure.getErrorCode(),
          Arrays.copyOf(counts, done[0]),
          failure);
    }
    owner.batchKeys(keyColumns, keys);
    return counts;
  }

  private static Void runAll(
      ReadWriteTransaction tx,
      List<Item> items,
      boolean returning,
      long[] counts,
      int[] done,
      List<Object[]> keys,
      List<ResultColumn> keyColumns) {
    for (var item : items) {
      if (returning) {
        try (var rows = tx.query(item.sql(), item.parameters())) {
          if (keyColumns.isEmpty()) {
            keyColumns.addAll(rows.columns());
          }
          int before = keys.size();
          keys.addAll(rows.toList());
          counts[done[0]] = keys.size() - before;
        }
      } else {
        counts[done[0]] = tx.execute(item.sql(), item.parameters());
      }
      done[0]++;
    }
    return null;
  }
}
