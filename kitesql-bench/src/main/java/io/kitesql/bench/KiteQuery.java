package io.kitesql.bench;

import io.kitesql.api.PreparedStatement;
import io.kitesql.api.RowCursor;
import io.kitesql.api.Transaction;
import java.util.function.Supplier;

/**
 * A prepared statement of KiteSQL's native API as an {@link Engine.Query}, run in the transaction
 * its engine has open at each execution; its cursor is the rows (one execution at a time).
 */
final class KiteQuery implements Engine.Query, Engine.Rows {
  private final PreparedStatement statement;
  private final Supplier<Transaction> transaction;
  private RowCursor cursor;

  KiteQuery(PreparedStatement statement, Supplier<Transaction> transaction) {
    this.statement = statement;
    this.transaction = transaction;
  }

  @Override
  public Engine.Rows execute(Object[] parameters) {
    cursor = transaction.get().query(statement, parameters);
    return this;
  }

  @Override
  public boolean next() {
    return cursor.next();
  }

  @Override
  public CharSequence text(int column) {
    return cursor.getText(column);
  }

  @Override
  public long number(int column) {
    return cursor.getLong(column);
  }

  @Override
  public void close() {
    cursor.close();
  }
}
