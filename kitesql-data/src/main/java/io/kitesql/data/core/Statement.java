package io.kitesql.data.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * SQL text with its parameter values: positional ({@code ?}, {@code ?1}, {@code $1}) or named
 * ({@code :name}), and the name metrics know it by. The engine caches the plan by SQL text, so a
 * statement made per call with the same text is planned once.
 *
 * @param name a low-cardinality name for metrics and logs ({@code OrderRepository.findByStatus}),
 *     never SQL text with literals; null for statements nobody named
 */
public record Statement(
    @Nullable String name,
    String sql,
    @Nullable Object[] positional,
    @Nullable Map<String, ?> named) {

  public static Statement of(String sql, @Nullable Object... args) {
    return new Statement(null, sql, args == null ? new Object[0] : args, null);
  }

  public static Statement of(String sql, Map<String, ?> args) {
    return new Statement(null, sql, null, args);
  }

  /** A statement with positional parameters, known to metrics as {@code name}. */
  public static Statement named(String name, String sql, @Nullable Object... args) {
    return new Statement(name, sql, args == null ? new Object[0] : args, null);
  }

  /** A statement with named parameters, known to metrics as {@code name}. */
  public static Statement named(String name, String sql, Map<String, ?> args) {
    return new Statement(name, sql, null, args);
  }
}
