package io.kitesql.data.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * SQL text with its parameter values: positional ({@code ?}, {@code ?1}, {@code $1}) or named
 * ({@code :name}). The engine caches the plan by SQL text, so a statement made per call with the
 * same text is planned once.
 */
public record Statement(String sql, @Nullable Object[] positional, @Nullable Map<String, ?> named) {

  public static Statement of(String sql, @Nullable Object... args) {
    return new Statement(sql, args == null ? new Object[0] : args, null);
  }

  public static Statement of(String sql, Map<String, ?> args) {
    return new Statement(sql, null, args);
  }
}
