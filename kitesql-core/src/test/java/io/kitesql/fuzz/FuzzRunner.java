package io.kitesql.fuzz;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.RowCursor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs fuzz statements one at a time against a database and records every outcome the engine's
 * contract forbids: anything thrown that is not a {@link KiteSqlException}, and statements that run
 * longer than the time limit (a hang).
 *
 * <p>Statements run on a worker thread so a hang is caught by {@link Future#get(long, TimeUnit)}
 * instead of stalling the build. Failures are grouped by exception type and throwing frame, so a
 * single bug hit a thousand times reports once, with the first SQL that hit it.
 */
final class FuzzRunner implements AutoCloseable {
  /** One distinct failure: what was thrown, where, by which statement, under which seed. */
  record Failure(String signature, String sql, long seed, Throwable error) {
    @Override
    public String toString() {
      return signature + "\n    seed " + seed + ": " + abbreviate(sql) + "\n    " + error;
    }
  }

  private static final int MAX_REPORTED_SQL = 600;

  private final Duration timeout;
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(
          r -> {
            var t = new Thread(r, "sql-fuzz-worker");
            t.setDaemon(true); // a hung statement must not keep the JVM alive after the test fails
            return t;
          });
  private final Map<String, Failure> failures = new LinkedHashMap<>();
  private final java.util.TreeMap<Long, String> slowest = new java.util.TreeMap<>();
  private long succeeded;
  private long rejected;

  FuzzRunner(Duration timeout) {
    this.timeout = timeout;
  }

  /**
   * Runs {@code sql}: queries are read to the end (every value fetched), other statements executed
   * in their own write transaction. Returns whether it succeeded; false means a {@link
   * KiteSqlException} (allowed) or a recorded failure.
   *
   * @throws TimeoutException if the statement did not finish in time; the worker is then stuck, so
   *     the run cannot go on
   */
  boolean run(Database db, String sql, long seed) throws TimeoutException {
    Future<?> future = worker.submit(() -> execute(db, sql));
    long start = System.nanoTime();
    try {
      future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      succeeded++;
      return true;
    } catch (ExecutionException e) {
      var cause = e.getCause();
      if (cause instanceof KiteSqlException k
          && k.getMessage() != null
          && !k.getMessage().isBlank()) {
        rejected++;
      } else {
        record(sql, seed, cause);
      }
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (TimeoutException e) {
      future.cancel(true);
      record(sql, seed, e);
      throw e;
    } finally {
      slowest.put(System.nanoTime() - start, sql);
      if (slowest.size() > 5) {
        slowest.pollFirstEntry();
      }
    }
  }

  private static void execute(Database db, String sql) {
    var statement = db.prepare(sql);
    if (statement.isQuery()) {
      db.read(tx -> readAll(tx.query(statement)));
    } else if (statement.returnsRows()) { // a write with RETURNING
      db.write(tx -> readAll(tx.query(statement)));
    } else {
      db.write(tx -> tx.execute(statement));
    }
  }

  private static Void readAll(RowCursor rows) {
    try (rows) {
      int width = rows.columns().size();
      while (rows.next()) {
        for (int i = 0; i < width; i++) {
          // toString forces text and binary views to be decoded from the map
          String.valueOf(rows.get(i));
        }
      }
    }
    return null;
  }

  private void record(String sql, long seed, Throwable error) {
    // the report abbreviates; the full text goes to a file for reproduction
    try {
      var file = java.nio.file.Path.of("target", "sql-fuzz-failures.txt");
      java.nio.file.Files.writeString(
          file,
          "-- seed " + seed + ": " + error + "\n" + sql + "\n\n",
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (java.io.IOException ignored) {
      // the report still names the statement
    }
    failures.putIfAbsent(signature(error), new Failure(signature(error), sql, seed, error));
  }

  /** The exception type and the first engine frame: one entry per distinct bug. */
  private static String signature(Throwable error) {
    var where = "";
    for (var frame : error.getStackTrace()) {
      if (frame.getClassName().startsWith("io.kitesql.")
          && !frame.getClassName().startsWith("io.kitesql.fuzz.")) {
        where = frame.getClassName() + "." + frame.getMethodName() + ":" + frame.getLineNumber();
        break;
      }
    }
    return error.getClass().getName() + " at " + where;
  }

  List<Failure> failures() {
    return new ArrayList<>(failures.values());
  }

  /** The slowest statements so far, slowest first, with their milliseconds: where the time goes. */
  String slowest() {
    var sb = new StringBuilder();
    slowest
        .descendingMap()
        .forEach(
            (nanos, sql) ->
                sb.append(nanos / 1_000_000).append(" ms: ").append(abbreviate(sql)).append('\n'));
    return sb.toString();
  }

  long succeeded() {
    return succeeded;
  }

  long rejected() {
    return rejected;
  }

  static String abbreviate(String sql) {
    return sql.length() <= MAX_REPORTED_SQL
        ? sql
        : sql.substring(0, MAX_REPORTED_SQL) + "... (" + sql.length() + " characters)";
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
