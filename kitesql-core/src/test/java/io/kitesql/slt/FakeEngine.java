package io.kitesql.slt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripted engine for the runner's own tests: queries return canned rows, SQL registered as
 * failing throws an {@link EngineError} with a given message, SQL registered as crashing throws a
 * {@link NullPointerException}, everything else succeeds and is logged.
 */
final class FakeEngine implements SltEngine {
  private final String name;
  private final Map<String, List<List<String>>> results = new HashMap<>();
  private final Map<String, String> errors = new HashMap<>();
  private final Map<String, String> crashes = new HashMap<>();
  final List<String> executed = new ArrayList<>();
  boolean closed;

  FakeEngine(String name) {
    this.name = name;
  }

  FakeEngine returns(String sql, List<List<String>> rows) {
    results.put(sql, rows);
    return this;
  }

  /** This engine's own error type, what {@code statement error} records expect. */
  static final class EngineError extends RuntimeException {
    EngineError(String message) {
      super(message);
    }
  }

  FakeEngine fails(String sql, String message) {
    errors.put(sql, message);
    return this;
  }

  /**
   * {@code sql} fails with a {@link NullPointerException} whose message is {@code message}: a bug,
   * not an error report.
   */
  FakeEngine crashes(String sql, String message) {
    crashes.put(sql, message);
    return this;
  }

  @Override
  public boolean isEngineError(Exception failure) {
    return failure instanceof EngineError;
  }

  @Override
  public void statement(String sql) {
    executed.add(sql);
    String error = errors.get(sql);
    if (error != null) {
      throw new EngineError(error);
    }
    String crash = crashes.get(sql);
    if (crash != null) {
      throw new NullPointerException(crash);
    }
  }

  @Override
  public List<List<String>> query(String sql, String columnTypes) {
    statement(sql);
    List<List<String>> rows = results.get(sql);
    if (rows == null) {
      throw new IllegalStateException("no canned result for: " + sql);
    }
    return rows;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void close() {
    closed = true;
  }
}
