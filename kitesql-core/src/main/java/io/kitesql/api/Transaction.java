package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A transaction of a {@link Database}: a consistent snapshot to query, and for {@link
 * ReadWriteTransaction} the one place to write. Used by one thread at a time; the values it lends
 * may be read by any thread until it ends. {@link #close()} ends it (a read-write transaction not
 * committed is rolled back) and is idempotent.
 */
public abstract sealed class Transaction implements AutoCloseable
    permits ReadOnlyTransaction, ReadWriteTransaction {
  final Session session;

  /** Set by {@link #setTimeout}; null for none. */
  private volatile @Nullable Deadline timeout;

  /** A timeout and the deadline it set ({@link System#nanoTime()} scale). */
  record Deadline(long millis, long nanos) {}

  Transaction(Session session) {
    this.session = session;
  }

  /**
   * Runs a query with positional parameters; values are lent until the transaction ends. In a
   * {@link ReadWriteTransaction} this also runs an INSERT, UPDATE or DELETE with RETURNING
   * (generated keys, say): the statement completes before the first row is read, and the cursor
   * holds its rows (owned copies).
   */
  public RowCursor query(PreparedStatement statement, @Nullable Object... parameters) {
    Arguments.required(statement, "the statement");
    return session.query(this, statement, null, parameters, null);
  }

  /** Runs a query with named parameters ({@code :name}). */
  public RowCursor query(
      PreparedStatement statement, Map<String, ? extends @Nullable Object> parameters) {
    Arguments.required(statement, "the statement");
    Arguments.required(parameters, "the named parameters");
    return session.query(this, statement, null, null, parameters);
  }

  /** Prepares (cached by SQL text) and runs a query. */
  public RowCursor query(String sql, @Nullable Object... parameters) {
    return query(session.database().statement(sql), parameters);
  }

  /**
   * Prepares (cached by SQL text) and runs a query whose execution carries {@code label} for the
   * database's {@link ExecutionListener}: a low-cardinality name for metrics and tracing ({@code
   * OrderRepository.findByStatus}), never SQL text with literals.
   */
  public RowCursor queryLabelled(String label, String sql, @Nullable Object... parameters) {
    Arguments.required(label, "the label");
    return session.query(this, session.database().statement(sql), label, parameters, null);
  }

  /** {@link #queryLabelled(String, String, Object...)} with named parameters ({@code :name}). */
  public RowCursor queryLabelled(
      String label, String sql, Map<String, ? extends @Nullable Object> parameters) {
    Arguments.required(label, "the label");
    Arguments.required(parameters, "the named parameters");
    return session.query(this, session.database().statement(sql), label, null, parameters);
  }

  /**
   * Gives this transaction a deadline {@code timeout} from now: a statement that starts after it
   * fails at once, and one running when it passes fails at its next check (its loops over rows
   * check every thousand rows or so), both with {@code STATEMENT_TIMEOUT}. The transaction stays
   * usable: it can be closed (or rolled back) as usual. The database's statement timeout ({@link
   * Database#setStatementTimeout}) applies as well; the earlier deadline wins. Spring's transaction
   * timeout ({@code @Transactional(timeout = ...)}) maps onto this.
   *
   * @throws KiteSqlException {@code INVALID_ARGUMENT} if {@code timeout} is null, zero or negative
   */
  public void setTimeout(Duration timeout) {
    Arguments.required(timeout, "the transaction timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT, "the transaction timeout must be positive, was " + timeout);
    }
    long millis = Database.timeoutMillis(timeout);
    this.timeout = new Deadline(millis, System.nanoTime() + millis * 1_000_000);
  }

  /**
   * Removes the deadline {@link #setTimeout} set; statements that start afterwards have none of the
   * transaction's.
   */
  public void clearTimeout() {
    this.timeout = null;
  }

  /** The deadline {@link #setTimeout} set, or null. */
  @Nullable Deadline timeout() {
    return timeout;
  }

  /** Bytes of the LMDB map this transaction has handed out as views so far (rows and keys read). */
  public long bytesBorrowed() {
    return session.storage().bytesBorrowed();
  }

  /**
   * Bytes this transaction has copied out of the map so far (reads in a read-write transaction).
   */
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
