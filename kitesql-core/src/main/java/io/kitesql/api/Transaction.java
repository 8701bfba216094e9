package io.kitesql.api;

import java.util.Map;

/**
 * A transaction of a {@link Database}: a consistent snapshot to query, and for {@link
 * ReadWriteTransaction} the one place to write. Used by one thread at a time; the values it lends
 * may be read by any thread until it ends. {@link #close()} ends it (a read-write transaction not
 * committed is rolled back) and is idempotent.
 */
public sealed interface Transaction extends AutoCloseable permits ReadOnlyTransaction, ReadWriteTransaction {

  /** Runs a query with positional parameters; values are lent until the transaction ends. */
  RowCursor query(PreparedStatement statement, Object... parameters);

  /** Runs a query with named parameters ({@code :name}). */
  RowCursor query(PreparedStatement statement, Map<String, ?> parameters);

  /** Prepares (cached by SQL text) and runs a query. */
  RowCursor query(String sql, Object... parameters);

  /** Bytes of the LMDB map this transaction has handed out as views so far (rows and keys read). */
  long bytesBorrowed();

  /** Bytes this transaction has copied out of the map so far (reads in a read-write transaction). */
  long bytesCopied();

  /** Whether values this transaction lends are views of the map (true) or owned copies. */
  boolean lendsFromMap();

  boolean isOpen();

  @Override
  void close();

  /** A cursor closed itself. */
  void forget(RowCursor cursor);
}
