package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Random queries over random tables give the same results in KiteSQL as in SQLite. Each round makes
 * a {@link DiffSchema} (three tables with NULLs and duplicates) and loads it into KiteSQL with
 * primary keys and secondary indexes (key ranges, index lookup joins), into KiteSQL without any
 * (full scans, hash and nested-loop joins) and into SQLite, then runs {@value #QUERIES_PER_ROUND}
 * queries from {@link DiffQueryGenerator} (projections with arithmetic, CASE and COALESCE; WHERE
 * with AND/OR/NOT, comparisons, BETWEEN, IN lists and subqueries, EXISTS, IS NULL and LIKE; inner,
 * left, right, full and cross joins; derived tables; GROUP BY with aggregates and HAVING; DISTINCT;
 * scalar subqueries; UNION/EXCEPT/INTERSECT; ORDER BY with LIMIT/OFFSET). Results are compared as
 * lists when ORDER BY covers every column, else as multisets; reals with three decimals ({@code
 * %.3f}, {@code -0.000} read as {@code 0.000}: KiteSQL's decimals have no negative zero).
 *
 * <p>{@code ./mvnw verify} runs 300 queries. Long mode: {@code -Dkitesql.diff.queries=100000} (and
 * {@code -Dkitesql.diff.seed=N}); every failure (a wrong answer, or a query KiteSQL refuses) names
 * its round's seed, which reruns that round alone with {@code -Dkitesql.diff.seed=<seed>
 * -Dkitesql.diff.queries=30}, and is printed with the schema, data and query; the first {@value
 * #MAX_REPORTED} are also written to {@code target/query-diff-failures.txt}.
 */
class QueryDifferentialTest {
  private static final int QUERIES_PER_ROUND = 30;
  private static final int MAX_REPORTED = 50;

  private final List<String> failures = new ArrayList<>();
  private int compared;
  private int withRows;

  @Test
  void kiteSqlAgreesWithSqliteOnRandomQueries() throws Exception {
    long seed = Long.getLong("kitesql.diff.seed", 13);
    int queries = Integer.getInteger("kitesql.diff.queries", 300);
    int rounds = Math.max(1, queries / QUERIES_PER_ROUND);
    for (int round = 0; round < rounds && failures.size() < MAX_REPORTED; round++) {
      runRound(seed + round);
    }
    System.out.printf(
        "QueryDifferentialTest: %d queries compared, %d returned rows, %d failures%n",
        compared, withRows, failures.size());
    var report = Path.of("target", "query-diff-failures.txt");
    Files.deleteIfExists(report); // a report from an earlier run would mislead
    if (!failures.isEmpty()) {
      Files.createDirectories(report.getParent());
      Files.writeString(report, String.join("\n\n", failures) + "\n");
    }
    assertThat(failures).as("queries on which KiteSQL and SQLite disagree").isEmpty();
    assertThat(compared).isEqualTo(rounds * QUERIES_PER_ROUND);
    if (rounds >= 10) { // one round alone (a rerun) may well return nothing
      assertThat(withRows)
          .as("queries that returned rows (an all-empty run would prove little)")
          .isGreaterThan(compared / 3);
    }
  }

  private void runRound(long roundSeed) throws Exception {
    var random = new SplittableRandom(roundSeed);
    var schema = DiffSchema.random(random);
    try (var indexed = KiteSqlEngine.inTemporaryDirectory(Durability.NO_SYNC);
        var plain = KiteSqlEngine.inTemporaryDirectory(Durability.NO_SYNC);
        var sqlite = SqliteEngine.inMemory()) {
      load(indexed, schema.statements(true));
      load(sqlite, schema.statements(true));
      load(plain, schema.statements(false));
      var generator = new DiffQueryGenerator(random, schema);
      var changes = new ArrayList<String>();
      for (int q = 0; q < QUERIES_PER_ROUND && failures.size() < MAX_REPORTED; q++) {
        if (q == QUERIES_PER_ROUND / 2
            && random.nextBoolean()
            && !modify(generator, random, changes, roundSeed, schema, sqlite, indexed, plain)) {
          return; // the databases no longer hold the same rows: later answers would differ anyway
        }
        var query = generator.next();
        compare(query, roundSeed, schema, changes, sqlite, indexed, plain);
      }
    }
  }

  /**
   * Runs one to three random UPDATE/DELETE/INSERT statements on all three databases (which must all
   * succeed or all fail), then compares every table's rows: index maintenance must keep the indexed
   * database's answers right. Returns false when the engines disagreed on a statement.
   */
  private boolean modify(
      DiffQueryGenerator generator,
      SplittableRandom random,
      List<String> changes,
      long roundSeed,
      DiffSchema schema,
      SltEngine sqlite,
      SltEngine indexed,
      SltEngine plain) {
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      var dml = generator.dml();
      var outcomes = new ArrayList<String>();
      for (var engine : List.of(sqlite, indexed, plain)) {
        try {
          engine.statement(dml);
          outcomes.add("ok");
        } catch (Exception e) {
          outcomes.add("error: " + e.getMessage());
        }
      }
      changes.add(dml + (outcomes.getFirst().equals("ok") ? "" : " -- fails in SQLite"));
      boolean sqliteOk = outcomes.get(0).equals("ok");
      if (outcomes.get(1).equals("ok") != sqliteOk || outcomes.get(2).equals("ok") != sqliteOk) {
        var query = new DiffQueryGenerator.Query(dml, "", false);
        fail(
            "DML outcomes differ (SQLite, KiteSQL with indexes, without): " + outcomes,
            query,
            roundSeed,
            schema,
            changes);
        return false;
      }
    }
    for (var table : schema.tables()) {
      var contents =
          new DiffQueryGenerator.Query("SELECT k, a, b, s, r FROM " + table.name(), "TTTTR", false);
      check(contents, roundSeed, schema, changes, sqlite, indexed, plain);
    }
    return true;
  }

  /** Compares a generated query, counting it. */
  private void compare(
      DiffQueryGenerator.Query query,
      long roundSeed,
      DiffSchema schema,
      List<String> changes,
      SltEngine sqlite,
      SltEngine indexed,
      SltEngine plain) {
    var expected = check(query, roundSeed, schema, changes, sqlite, indexed, plain);
    if (expected != null) {
      compared++;
      withRows += expected.isEmpty() ? 0 : 1;
    }
  }

  /**
   * Runs {@code query} on all three databases and records a failure where KiteSQL's rows differ
   * from SQLite's; returns SQLite's rows, or null when SQLite refused the query.
   */
  private List<String> check(
      DiffQueryGenerator.Query query,
      long roundSeed,
      DiffSchema schema,
      List<String> changes,
      SltEngine sqlite,
      SltEngine indexed,
      SltEngine plain) {
    List<String> expected;
    try {
      expected = normalise(sqlite.query(query.sql(), query.types()), query.ordered());
    } catch (Exception e) {
      fail(
          "SQLite refused a generated query (a generator bug): " + e.getMessage(),
          query,
          roundSeed,
          schema,
          changes);
      return null;
    }
    for (var engine : List.of(indexed, plain)) {
      var variant =
          engine == indexed ? "KiteSQL with keys and indexes" : "KiteSQL without keys or indexes";
      try {
        var actual = normalise(engine.query(query.sql(), query.types()), query.ordered());
        if (!actual.equals(expected)) {
          fail(
              "WRONG ANSWER from "
                  + variant
                  + "\n  expected (SQLite): "
                  + expected
                  + "\n  actual:            "
                  + actual,
              query,
              roundSeed,
              schema,
              changes);
          break;
        }
      } catch (Exception e) {
        fail(
            variant
                + " refused a query SQLite runs: "
                + e.getMessage()
                + "\n  expected (SQLite): "
                + expected,
            query,
            roundSeed,
            schema,
            changes);
        break;
      }
    }
    return expected;
  }

  private void fail(
      String problem,
      DiffQueryGenerator.Query query,
      long roundSeed,
      DiffSchema schema,
      List<String> changes) {
    var changed =
        changes.isEmpty() ? "" : "then, before the query:\n" + String.join(";\n", changes) + ";\n";
    failures.add(
        "%s%nround seed %d (rerun alone: -Dkitesql.diff.seed=%d -Dkitesql.diff.queries=%d)%nquery (%s, types %s):%n%s%nschema and data:%n%s%s"
            .formatted(
                problem,
                roundSeed,
                roundSeed,
                QUERIES_PER_ROUND,
                query.ordered() ? "ordered" : "compared as a multiset",
                query.types(),
                query.sql(),
                schema.describe(),
                changed));
  }

  private static void load(SltEngine engine, List<String> statements) throws Exception {
    for (var sql : statements) {
      engine.statement(sql);
    }
  }

  /** Rows as lines, in a canonical order unless the query fixes it; negative zero as zero. */
  private static List<String> normalise(List<List<String>> rows, boolean ordered) {
    var lines =
        rows.stream()
            .map(
                row ->
                    String.join(
                        " | ", row.stream().map(v -> v.equals("-0.000") ? "0.000" : v).toList()))
            .toList();
    return ordered ? lines : lines.stream().sorted().toList();
  }
}
