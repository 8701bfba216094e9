package io.kitesql.data.core;

import java.util.List;

/**
 * Maps the current row of a query to an object, like Spring JDBC's {@code RowMapper}. Called once
 * per row; must not keep {@code row} itself (it moves on), but may keep the values it returns.
 *
 * <p>A mapper may also finish the objects of a whole result once every row is read ({@link
 * #completeResults}): the template then reads the rows and runs the mapper's further queries in one
 * transaction. The rows of an aggregate's collections are read this way, one query per collection
 * for all the aggregates a query returns.
 */
@FunctionalInterface
public interface RowMapper<T> {
  T mapRow(Row row);

  /** Whether {@link #completeResults} does anything: then results cannot be streamed. */
  default boolean completesResults() {
    return false;
  }

  /**
   * The objects mapped from a whole result, finished with what further queries read; runs in the
   * transaction the rows were read in. Returns {@code mapped} itself by default.
   */
  default List<T> completeResults(List<T> mapped) {
    return mapped;
  }
}
