package io.kitesql.slt;

import java.util.List;

/**
 * The database under test, as seen by the sqllogictest runner.
 *
 * <p>The runner knows nothing about SQL: an engine executes statements and returns query results
 * already rendered as sqllogictest strings (see {@link SltFormat}), so the same corpus can be run
 * against KiteSQL and against a reference engine such as SQLite.
 */
public interface SltEngine extends AutoCloseable {

  /**
   * Executes a statement whose result, if any, is discarded.
   *
   * @throws Exception any failure of the engine; a {@code statement error} record expects one
   */
  void statement(String sql) throws Exception;

  /**
   * Runs a query and returns its rows, each value formatted by {@link SltFormat#format} for the
   * column's type letter in {@code columnTypes} ({@code I} integer, {@code R} real, {@code T}
   * text). A query may return more columns than there are letters; extra columns are text.
   */
  List<List<String>> query(String sql, String columnTypes) throws Exception;

  /**
   * Runs a query once per parameter set through one prepared statement, the values bound in order
   * to its {@code ?} parameters; the rows as {@link #query(String, String)} returns them.
   *
   * @throws UnsupportedOperationException when the engine has no prepared statements
   */
  default List<List<List<String>>> queryPrepared(
      String sql, String columnTypes, List<List<Object>> parameterSets) throws Exception {
    throw new UnsupportedOperationException(name() + " runs no prepared statements");
  }

  /**
   * Whether {@code failure} is the engine's own report of an error in the SQL or the data (what a
   * {@code statement error} record expects), rather than a crash of the engine or of this harness
   * (a {@code NullPointerException}, an {@code IllegalStateException}) that must fail the record.
   */
  boolean isEngineError(Exception failure);

  /**
   * The name matched by {@code skipif} and {@code onlyif}, e.g. {@code sqlite} or {@code kitesql}.
   */
  String name();

  /**
   * Releases the engine's resources; the runner creates a fresh engine per file. Unchecked, so
   * try-with-resources needs no catch (and no InterruptedException can hide behind it).
   */
  @Override
  void close();
}
