package io.kitesql.bench.micro;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.bench.KiteEngine;
import io.kitesql.options.Durability;
import io.kitesql.sql.SqlParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Preparing a statement: the SQL front end alone ({@link SqlParser#parse}) on a typical repository
 * query and on a statement with a syntax error, and a whole {@link Database#prepare} (parse, bind
 * and plan) of the same query against a real database.
 *
 * <p>Hot because every statement a program has not prepared before pays it (a repository's derived
 * queries, statements built at run time), and a failed parse is what a tool that probes SQL, or a
 * corpus test, pays per statement. {@link Database#prepare} caches by text, so each invocation of
 * {@link #prepare} appends a different trailing comment to miss the cache: the comment is one more
 * token for the front end, the rest of the statement is the same.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Thread)
public class PrepareBenchmark {
  static final String REPOSITORY_QUERY =
      "SELECT id, title, body FROM post WHERE author_id = ? AND created_at > ? ORDER BY created_at DESC LIMIT ?";

  /** A misspelt keyword in the middle: the parser fails at {@code BY}'s place. */
  static final String SYNTAX_ERROR =
      "SELECT id, title, body FROM post WHERE author_id = ? AND created_at > ? ORDER created_at DESC LIMIT ?";

  private Path directory;
  private Database db;
  private long next;

  @Setup
  public void setUp() throws IOException {
    directory = Files.createTempDirectory("kitesql-jmh-");
    db = KiteSql.open(directory, KiteEngine.options(Durability.NO_SYNC));
    db.execute(
        "CREATE TABLE post (id BIGINT PRIMARY KEY, author_id BIGINT NOT NULL, title VARCHAR(200), "
            + "body VARCHAR, created_at TIMESTAMP NOT NULL)");
    db.execute("CREATE INDEX post_author_created ON post (author_id, created_at)");
    // A benchmark that failed quietly would still run fast: check each outcome once.
    db.prepare(REPOSITORY_QUERY);
    try {
      SqlParser.parse(SYNTAX_ERROR);
      throw new IllegalStateException("the statement with a syntax error parsed");
    } catch (KiteSqlException expected) {
      if (!expected.getMessage().contains("syntax error")) {
        throw expected;
      }
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    if (db != null) {
      db.close();
    }
    try (var paths = Files.walk(directory)) {
      for (var p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** The front end on the repository query: text to JSqlParser's tree. */
  @Benchmark
  public Object parse() {
    return SqlParser.parse(REPOSITORY_QUERY);
  }

  /** The front end on a statement it refuses: text to the syntax error. */
  @Benchmark
  public Object failedParse() {
    try {
      return SqlParser.parse(SYNTAX_ERROR);
    } catch (KiteSqlException e) {
      return e;
    }
  }

  /** A whole prepare of the repository query (parse, bind, plan), missing the statement cache. */
  @Benchmark
  public Object prepare() {
    return db.prepare(REPOSITORY_QUERY + " -- " + next++);
  }
}
