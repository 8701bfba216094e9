package io.kitesql.bench;

import java.util.concurrent.Callable;

/**
 * One engine under test, opened on one database: statements are prepared once, and every execution
 * of a cell runs between {@link #begin()} and {@link #end()}, inside one read-only transaction (or,
 * for the forced-copy control group, one write transaction rolled back at the end).
 */
public interface Engine extends AutoCloseable {

  /** The column label of the report. */
  String name();

  /** Prepares {@code sql} once; throws if the engine rejects it (the cell then reads "n/a"). */
  Query prepare(String sql) throws Exception;

  /** Begins the transaction all executions of one cell share. */
  void begin() throws Exception;

  /** Ends it (commit of a read-only snapshot, or rollback). */
  void end() throws Exception;

  /**
   * Runs the executions of one cell, {@code cell}, in the transaction they share: by default
   * between {@link #begin()} and {@link #end()} on the calling thread. The thread that runs {@code
   * cell} is the one whose allocation is counted.
   */
  default <T> T inTransaction(Callable<T> cell) throws Exception {
    begin();
    try {
      return cell.call();
    } finally {
      end();
    }
  }

  /** Whether text values are views of the LMDB map that must be checked against it. */
  default boolean borrows() {
    return false;
  }

  /**
   * The engine's own counters for the current transaction: bytes lent from its storage as views and
   * bytes copied out of it; null if the engine keeps none.
   */
  default long[] byteCounters() {
    return null;
  }

  /** Closes the engine: SQLException only from the JDBC peers, never InterruptedException. */
  @Override
  void close() throws java.sql.SQLException;

  /**
   * A prepared statement; {@link #execute} reuses one result object, so it allocates nothing
   * itself.
   */
  interface Query {
    /** Runs the statement; the returned rows stay valid until the next execution. */
    Rows execute(Object[] parameters) throws Exception;
  }

  /** The rows of one execution, read forward; column indexes are 0-based. */
  interface Rows {
    boolean next() throws Exception;

    /**
     * A text column: a {@code String} for the peers, a {@code io.kitesql.value.Text} for KiteSQL.
     */
    CharSequence text(int column) throws Exception;

    long number(int column) throws Exception;

    void close() throws Exception;
  }
}
