package io.kitesql.bench.tpcc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;

/**
 * One engine under TPC-C: loads the tables and hands out one {@link Session} per terminal. Every
 * engine runs the same DDL, the same rows and the same {@link Sql} texts.
 */
public interface TpccEngine extends AutoCloseable {

  /** The engine's label in the report. */
  String name();

  /** Runs one DDL statement. */
  void execute(String ddl) throws Exception;

  /**
   * Inserts {@code rows} into {@code table} in one transaction, with a statement prepared once per
   * call.
   */
  void insert(String table, List<Object[]> rows) throws Exception;

  /** What the engine does after loading (statistics, a WAL checkpoint); not timed. */
  void afterLoad() throws Exception;

  /**
   * A terminal's connection: on JDBC a connection of its own, with every statement prepared once.
   */
  Session session() throws Exception;

  @Override
  void close() throws SQLException;

  /** A terminal's way into the engine. */
  interface Session extends AutoCloseable {
    /**
     * Runs {@code body} in one transaction and commits it; rolls back and rethrows if it throws. A
     * read-write transaction unless {@code readOnly}.
     */
    void run(boolean readOnly, Body body) throws Exception;

    @Override
    void close() throws SQLException;
  }

  /** A transaction's statements. */
  @FunctionalInterface
  interface Body {
    void run(Tx tx) throws Exception;
  }

  /** Statements inside one transaction. */
  interface Tx {
    /** Runs a prepared query; the caller closes the cursor. */
    Cursor query(Sql sql, Object... parameters) throws Exception;

    /** Runs a prepared INSERT, UPDATE or DELETE; returns the rows written. */
    long execute(Sql sql, Object... parameters) throws Exception;

    /**
     * Runs a query that is not one of the harness's (the consistency checks); the caller closes the
     * cursor.
     */
    Cursor query(String sql, Object... parameters) throws Exception;
  }

  /** A result being read, columns from 0. */
  interface Cursor extends AutoCloseable {
    boolean next() throws Exception;

    boolean isNull(int column) throws Exception;

    long getLong(int column) throws Exception;

    BigDecimal getDecimal(int column) throws Exception;

    CharSequence getText(int column) throws Exception;

    /** A value read for its cost only (timestamps). */
    Object getObject(int column) throws Exception;

    @Override
    void close() throws SQLException;
  }
}
