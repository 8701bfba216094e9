package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The queries an index may answer give the same rows with the index as without it, and as in
 * SQLite. Each round makes an {@link IndexDiffSchema} (hundreds to thousands of rows; a composite
 * primary key; single and composite secondary indexes on INT, BIGINT and text columns with NULLs,
 * duplicates, multi-byte UTF-8 and LIKE's special characters) and loads it three times: into
 * KiteSQL with its primary keys and indexes, into KiteSQL without any (every query a scan) and into
 * SQLite; every other round ANALYZEs the first, so that its plans follow measured costs. Then it
 * runs {@value #QUERIES_PER_ROUND} queries from {@link IndexQueryGenerator} on all three. A
 * prepared query runs through one prepared statement per database, once per parameter set. Results
 * compare as lists when the query's ORDER BY fixes the order (the generator ends every ORDER BY
 * with the primary key), else as multisets.
 *
 * <p>{@code ./mvnw verify} runs {@value #DEFAULT_QUERIES} queries from seed {@value #DEFAULT_SEED}.
 * Long mode: {@code -Dkitesql.indexdiff.queries=100000} (and {@code -Dkitesql.indexdiff.seed=N}). A
 * failure names its round's seed, which reruns that round alone with {@code
 * -Dkitesql.indexdiff.seed=<seed> -Dkitesql.indexdiff.queries=}{@value #QUERIES_PER_ROUND}, and
 * shows the query, its parameters, the plan KiteSQL chose, both results and the rows in one and not
 * the other; the first {@value #MAX_REPORTED} also go to {@code target/index-diff-failures.txt},
 * each with the round's schema and data as a script.
 */
class IndexDifferentialTest {
  static final int QUERIES_PER_ROUND = 100;
  static final int DEFAULT_QUERIES = 300;
  static final long DEFAULT_SEED = 22;
  private static final int MAX_REPORTED = 30;
  private static final int SHOWN_ROWS = 60;

  private final List<String> failures = new ArrayList<>();
  private int executions;
  private int withRows;

  @Test
  void indexesChangeNoAnswer() throws Exception {
    long seed = Long.getLong("kitesql.indexdiff.seed", DEFAULT_SEED);
    int queries = Integer.getInteger("kitesql.indexdiff.queries", DEFAULT_QUERIES);
    int rounds = Math.max(1, queries / QUERIES_PER_ROUND);
    long started = System.nanoTime();
    for (int round = 0; round < rounds && failures.size() < MAX_REPORTED; round++) {
      runRound(seed + round);
    }
    System.out.printf(
        "IndexDifferentialTest: %d rounds, %d executions compared, %d returned rows, %d failures, %d s%n",
        rounds,
        executions,
        withRows,
        failures.size(),
        (System.nanoTime() - started) / 1_000_000_000L);
    var report = Path.of("target", "index-diff-failures.txt");
    Files.deleteIfExists(report); // a report from an earlier run would mislead
    if (!failures.isEmpty()) {
      Files.createDirectories(report.getParent());
      Files.writeString(report, String.join("\n\n", failures) + "\n");
    }
    assertThat(failures).as("queries on which the three databases disagree").isEmpty();
    assertThat(executions).isGreaterThanOrEqualTo(rounds * QUERIES_PER_ROUND);
    assertThat(withRows)
        .as("executions that returned rows (an all-empty run would prove little)")
        .isGreaterThan(executions / 2);
  }

  private void runRound(long roundSeed) throws Exception {
    var random = new SplittableRandom(roundSeed);
    var schema = IndexDiffSchema.random(random);
    try (var indexed = KiteSqlEngine.inTemporaryDirectory(Durability.NO_SYNC);
        var plain = KiteSqlEngine.inTemporaryDirectory(Durability.NO_SYNC);
        var sqlite = SqliteEngine.inMemory()) {
      sqlite.statement("PRAGMA case_sensitive_like = ON"); // KiteSQL's LIKE tells case apart
      load(indexed, schema.statements(true));
      if ((roundSeed & 1) == 1) {
        indexed.statement("analyze"); // half the rounds plan by measured costs
      }
      load(plain, schema.statements(false));
      load(sqlite, schema.statements(true));
      var generator = new IndexQueryGenerator(random, schema);
      var engines = new Engines(sqlite, indexed, plain);
      for (int q = 0; q < QUERIES_PER_ROUND && failures.size() < MAX_REPORTED; q++) {
        compare(generator.next(), roundSeed, schema, engines);
      }
    }
  }

  private record Engines(SltEngine sqlite, KiteSqlEngine indexed, KiteSqlEngine plain) {}

  /** Runs {@code query} on the three databases and records each disagreement with SQLite. */
  private void compare(
      IndexQueryGenerator.Query query, long roundSeed, IndexDiffSchema schema, Engines engines) {
    List<List<String>> expected;
    try {
      expected = run(engines.sqlite(), query);
    } catch (Exception e) {
      fail(
          "SQLite refused a generated query (a generator bug): " + e.getMessage(),
          query,
          roundSeed,
          schema,
          engines);
      return;
    }
    for (var engine : List.of(engines.indexed(), engines.plain())) {
      var variant =
          engine == engines.indexed()
              ? "KiteSQL with keys and indexes"
              : "KiteSQL without keys or indexes";
      try {
        var actual = run(engine, query);
        for (int set = 0; set < expected.size(); set++) {
          if (!actual.get(set).equals(expected.get(set))) {
            var parameters =
                query.parameterSets().isEmpty()
                    ? ""
                    : "\n  parameters: " + show(query.parameterSets().get(set));
            fail(
                "WRONG ANSWER from "
                    + variant
                    + parameters
                    + "\n"
                    + difference(expected.get(set), actual.get(set)),
                query,
                roundSeed,
                schema,
                engines);
            return;
          }
        }
      } catch (Exception e) {
        fail(
            variant
                + " refused a query SQLite runs: "
                + e
                + "\n  expected (SQLite): "
                + shown(expected.getFirst()),
            query,
            roundSeed,
            schema,
            engines);
        return;
      }
    }
    executions += expected.size();
    withRows += (int) expected.stream().filter(rows -> !rows.isEmpty()).count();
  }

  /** The query's rows, per parameter set (one result when it has no parameters), as lines. */
  private static List<List<String>> run(SltEngine engine, IndexQueryGenerator.Query query)
      throws Exception {
    var results =
        query.parameterSets().isEmpty()
            ? List.of(engine.query(query.sql(), ""))
            : engine.queryPrepared(query.sql(), "", query.parameterSets());
    return results.stream().map(rows -> normalise(rows, query.ordered())).toList();
  }

  private void fail(
      String problem,
      IndexQueryGenerator.Query query,
      long roundSeed,
      IndexDiffSchema schema,
      Engines engines) {
    var message =
        "%s%nround seed %d (rerun alone: -Dkitesql.indexdiff.seed=%d -Dkitesql.indexdiff.queries=%d)%nquery (%s):%n%s%nall parameter sets: %s%nplan with indexes:%n%s"
            .formatted(
                problem,
                roundSeed,
                roundSeed,
                QUERIES_PER_ROUND,
                query.ordered() ? "ordered" : "compared as a multiset",
                query.sql(),
                query.parameterSets().stream().map(IndexDifferentialTest::show).toList(),
                plan(engines.indexed(), query));
    System.out.println(message + "\n");
    failures.add(message + "\nschema and data:\n" + schema.describe());
  }

  private static String plan(KiteSqlEngine engine, IndexQueryGenerator.Query query) {
    try {
      var sql = "EXPLAIN " + query.sql();
      var rows =
          query.parameterSets().isEmpty()
              ? engine.query(sql, "")
              : engine.queryPrepared(sql, "", List.of(query.parameterSets().getFirst())).getFirst();
      return String.join("\n", rows.stream().map(row -> String.join(" ", row)).toList());
    } catch (RuntimeException e) {
      return "(no plan: " + e.getMessage() + ")";
    }
  }

  /** Both results (the first rows of each) and the rows only one of them has. */
  private static String difference(List<String> expected, List<String> actual) {
    var counts = new HashMap<String, Integer>();
    expected.forEach(row -> counts.merge(row, 1, Integer::sum));
    actual.forEach(row -> counts.merge(row, -1, Integer::sum));
    var missing = new ArrayList<String>();
    var extra = new ArrayList<String>();
    counts.forEach(
        (row, n) -> {
          for (int i = 0; i < Math.abs(n); i++) {
            (n > 0 ? missing : extra).add(row);
          }
        });
    return "  expected (SQLite, %d rows): %s%n  actual (%d rows):           %s%n  only in expected: %s%n  only in actual: %s%s"
        .formatted(
            expected.size(),
            shown(expected),
            actual.size(),
            shown(actual),
            shown(missing.stream().sorted().toList()),
            shown(extra.stream().sorted().toList()),
            missing.isEmpty() && extra.isEmpty() ? " (same rows, another order)" : "");
  }

  private static String shown(List<String> rows) {
    return rows.size() <= SHOWN_ROWS
        ? rows.toString()
        : rows.subList(0, SHOWN_ROWS) + " ... and " + (rows.size() - SHOWN_ROWS) + " more";
  }

  /** Parameter values with their Java types, which decide how they are bound. */
  private static String show(List<Object> parameters) {
    return parameters.stream()
        .map(
            v ->
                v == null
                    ? "null"
                    : v instanceof String s
                        ? IndexDiffSchema.literal(s)
                        : v + " (" + v.getClass().getSimpleName() + ")")
        .toList()
        .toString();
  }

  private static void load(SltEngine engine, List<String> statements) throws Exception {
    for (var sql : statements) {
      engine.statement(sql);
    }
  }

  /** Rows as lines, sorted unless the query fixes their order. */
  private static List<String> normalise(List<List<String>> rows, boolean ordered) {
    var lines = rows.stream().map(row -> String.join(" | ", row)).toList();
    return ordered ? lines : lines.stream().sorted().toList();
  }
}
