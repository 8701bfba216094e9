package io.kitesql.data.core;

/**
 * Maps the current row of a query to an object, like Spring JDBC's {@code RowMapper}. Called once
 * per row; must not keep {@code row} itself (it moves on), but may keep the values it returns.
 */
@FunctionalInterface
public interface RowMapper<T> {
  T mapRow(Row row);
}
