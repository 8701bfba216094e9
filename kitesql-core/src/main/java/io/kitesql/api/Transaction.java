package io.kitesql.api;

import java.util.Map;

/**
 * A transaction of a {@link Database}: a consistent snapshot to query, and for {@link
 * ReadWriteTransaction} the one place to write. Used by one thread at a time; the values it lends
 * may be read by any thread until it ends. {@link #close()} ends it (a read-write transaction not
 * committed is rolled back) and is idempotent.
 */
public abstract sealed class Transaction implements AutoCloseable permits ReadOnlyTransaction, ReadWriteTransaction {
  final Session session;

  Transaction(Session session) {
    this.session = session;
  }

  /**
   * Runs a query with positional parameters; values are lent until the transaction ends. In a
   * {@link ReadWriteTransaction} this also runs an INSERT, UPDATE or DELETE with RETURNING
   * (generated keys, say): the statement completes before the first row is read, and the cursor
   * holds its rows (owned copies).
   */
  public RowCursor query(PreparedStatement statement, Object... parameters) {
    Arguments.required(statement, "the statement");
    return session.query(this, statement, parameters, null);
  }

  /** Runs a query with named parameters ({@code :name}). */
  public RowCursor query(PreparedStatement statement, Map<String, ?> parameters) {
    Arguments.required(statement, "the statement");
    Arguments.required(parameters, "the named parameters");
    return session.query(this, statement, null, parameters);
  }

  /** Prepares (cached by SQL text) and runs a query. */
  public RowCursor query(String sql, Object... parameters) {
    return query(session.database().statement(sql), parameters);
  }

  /** Bytes of the LMDB map this transaction has handed out as views so far (rows and keys read). */
  public long bytesBorrowed() {
    return session.storage().bytesBorrowed();
  }

  /** Bytes this transaction has copied out of the map so far (reads in a read-write transaction). */
  public long bytesCopied() {
    return session.storage().bytesCopied();
  }

  /** Whether values this transaction lends are views of the map (true) or owned copies. */
  public boolean lendsFromMap() {
    return session.storage().isReadOnly();
  }

  public boolean isOpen() {
    return session.storage().isOpen();
  }

  @Override
  public abstract void close();

  /** A cursor closed itself. */
  void forget(RowCursor cursor) {
    session.forget(cursor);
  }
}
