package io.kitesql.slt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripted engine for the runner's own tests: queries return canned rows, SQL registered as
 * failing throws with a given message, everything else succeeds and is logged.
 */
final class FakeEngine implements SltEngine {
  private final String name;
  private final Map<String, List<List<String>>> results = new HashMap<>();
  private final Map<String, String> errors = new HashMap<>();
  final List<String> executed = new ArrayList<>();
  boolean closed;

  FakeEngine(String name) {
    this.name = name;
  }

  FakeEngine returns(String sql, List<List<String>> rows) {
    results.put(sql, rows);
    return this;
  }

  FakeEngine fails(String sql, String message) {
    errors.put(sql, message);
    return this;
  }

  @Override
  public void statement(String sql) {
    executed.add(sql);
    String error = errors.get(sql);
    if (error != null) {
      throw new IllegalStateException(error);
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
