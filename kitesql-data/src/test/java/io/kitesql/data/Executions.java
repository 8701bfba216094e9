package io.kitesql.data;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.api.PreparedStatement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * Records what a database's {@link ExecutionListener} hears: each execution's label (as {@code
 * String.valueOf}, so "null" for none) in the order they started, and each ended execution with its
 * SQL and outcome in the order they ended.
 */
public final class Executions implements ExecutionListener {
  /** One ended execution. */
  public record Ended(@Nullable String label, String sql, Outcome outcome) {}

  private final List<String> labels = new CopyOnWriteArrayList<>();
  private final List<Ended> ended = new CopyOnWriteArrayList<>();

  /** Starts recording what {@code database} executes; {@link #stop} ends it. */
  public static Executions listenTo(Database database) {
    var executions = new Executions();
    database.setExecutionListener(executions);
    return executions;
  }

  /** Stops recording what {@code database} executes. */
  public static void stop(Database database) {
    database.setExecutionListener(ExecutionListener.NONE);
  }

  @Override
  public Execution started(PreparedStatement statement) {
    return started(statement, null);
  }

  @Override
  public Execution started(PreparedStatement statement, @Nullable String label) {
    labels.add(String.valueOf(label));
    return outcome -> ended.add(new Ended(label, statement.sql(), outcome));
  }

  /** The labels of the executions started so far, in order ("null" for none). */
  public List<String> labels() {
    return List.copyOf(labels);
  }

  /** The executions ended so far, in the order they ended. */
  public List<Ended> ended() {
    return List.copyOf(ended);
  }

  public void clear() {
    labels.clear();
    ended.clear();
  }
}
