package io.kitesql.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import io.kitesql.slt.SltFiles;
import io.kitesql.slt.SltParser;
import io.kitesql.slt.SltRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL fuzzing against a live database: statements of the sqllogictest corpus, mutated, and
 * statements generated from a grammar over a fixed schema. Every statement must succeed (queries
 * are read to the end) or throw {@code KiteSqlException}; anything else, or a statement running
 * longer than {@link #TIMEOUT}, fails the test naming the SQL and the seed. Each round of {@link
 * #ROUND} statements runs on a fresh database that is then reopened and fully scanned.
 *
 * <p>CI runs {@link #DEFAULT_CORPUS_STATEMENTS} mutated and {@link #DEFAULT_GRAMMAR_STATEMENTS}
 * generated statements. The long mode takes the count and seed from system properties (see
 * docs/reliability.md): {@code ./mvnw -pl kitesql-core verify -Dtest=SqlFuzzTest
 * -Dkitesql.fuzz.statements=100000 -Dkitesql.fuzz.seed=42}.
 */
class SqlFuzzTest {
  /**
   * CI size per test. Mutated statements are the slower kind: many are syntax errors inside
   * parentheses, which cost JSqlParser up to its pass budget.
   */
  private static final int DEFAULT_CORPUS_STATEMENTS = 1_000;

  private static final int DEFAULT_GRAMMAR_STATEMENTS = 1_500;
  private static final int ROUND = 500;

  /**
   * A hang guard: the engine's own budgets end parsing and planning after 2 s each, and a loaded
   * machine must not turn a bounded statement into a reported hang. What hangs runs for minutes.
   */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir Path dir;

  @Test
  void mutatedCorpusStatements() throws Exception {
    var corpus = corpus();
    var setup =
        corpus.stream()
            .filter(
                sql ->
                    sql.regionMatches(true, 0, "CREATE", 0, 6)
                        || sql.regionMatches(true, 0, "INSERT", 0, 6))
            .toList();
    long seed = seed(1);
    var random = new SplittableRandom(seed);
    var mutator = new SqlMutator(random);
    fuzz(
        "corpus",
        seed,
        DEFAULT_CORPUS_STATEMENTS,
        setup,
        () -> mutator.mutate(corpus.get(random.nextInt(corpus.size()))));
  }

  @Test
  void generatedStatements() throws Exception {
    long seed = seed(2);
    var random = new SplittableRandom(seed);
    var generator = new SqlGenerator(random);
    var setup = new ArrayList<>(FuzzSchema.DDL);
    setup.addAll(seedRows(new SplittableRandom(seed)));
    fuzz("grammar", seed, DEFAULT_GRAMMAR_STATEMENTS, setup, generator::statement);
  }

  /**
   * Runs rounds of statements from {@code next}, each on a fresh database prepared by {@code
   * setup}.
   */
  private void fuzz(String name, long seed, int ciSize, List<String> setup, Supplier<String> next)
      throws Exception {
    int total = Integer.getInteger("kitesql.fuzz.statements", ciSize);
    try (var runner = new FuzzRunner(TIMEOUT)) {
      for (int round = 0; round * ROUND < total; round++) {
        var path = dir.resolve(name + "-" + round);
        try (var db = open(path)) {
          for (var sql : setup) {
            runner.run(db, sql, seed);
          }
          for (int i = 0; i < ROUND && round * ROUND + i < total; i++) {
            var sql = next.get();
            try {
              runner.run(db, sql, seed);
            } catch (TimeoutException e) {
              fail(
                  "statement hung for over "
                      + TIMEOUT
                      + " (seed "
                      + seed
                      + "): "
                      + FuzzRunner.abbreviate(sql));
            }
          }
        }
        checkReadable(path);
      }
      System.out.printf(
          "SQL fuzz %s (seed %d): %d succeeded, %d rejected; slowest:%n%s",
          name, seed, runner.succeeded(), runner.rejected(), runner.slowest());
      if (!runner.failures().isEmpty()) {
        fail(
            runner.failures().size()
                + " distinct failures ("
                + name
                + ", seed "
                + seed
                + "):\n"
                + String.join("\n", runner.failures().stream().map(Object::toString).toList()));
      }
      // guards against a harness that silently rejects everything
      assertThat(runner.succeeded()).as("statements that succeeded").isGreaterThan(total / 20);
    }
  }

  /**
   * Reopens the database, checks its integrity, and reads every table in full, counting both ways.
   */
  private static void checkReadable(Path path) {
    try (var db = open(path)) {
      var integrity = db.checkIntegrity();
      assertThat(integrity.problems()).as("integrity of " + path).isEmpty();
      for (var table : db.catalog().tables()) {
        // stored names are exact: quote them (the corpus has tables such as "select" and "a""b")
        var quoted = '"' + table.name().replace("\"", "\"\"") + '"';
        db.read(
            tx -> {
              long counted;
              try (var rows = tx.query("SELECT COUNT(*) FROM " + quoted)) {
                assertThat(rows.next()).isTrue();
                counted = rows.getLong(0);
              }
              long scanned = 0;
              try (var rows = tx.query("SELECT * FROM " + quoted)) {
                while (rows.next()) {
                  for (int i = 0; i < rows.columns().size(); i++) {
                    String.valueOf(rows.get(i));
                  }
                  scanned++;
                }
              }
              assertThat(scanned).as("rows of " + table.name() + " in " + path).isEqualTo(counted);
              return null;
            });
      }
    }
  }

  static Database open(Path path) {
    // NO_SYNC: the fuzzer checks logic, not durability, and fsync per statement would dominate
    return KiteSql.open(
        path, StorageOptions.defaults().withMapSize(256L << 20).withDurability(Durability.NO_SYNC));
  }

  private static long seed(long fallback) {
    return Long.getLong("kitesql.fuzz.seed", fallback);
  }

  /** Every statement and query of the slt corpus, in file order. */
  private static List<String> corpus() throws Exception {
    var url = SqlFuzzTest.class.getClassLoader().getResource("slt");
    assertThat(url).isNotNull();
    var out = new ArrayList<String>();
    for (var file : SltFiles.find(Path.of(url.toURI()))) {
      for (var record : SltParser.parse(file)) {
        switch (record) {
          case SltRecord.Statement s -> out.add(s.sql());
          case SltRecord.Query q -> out.add(q.sql());
          default -> {}
        }
      }
    }
    assertThat(out).hasSizeGreaterThan(100);
    return out;
  }

  /** A few dozen rows per table, NULLs included, so queries have something to chew on. */
  private static List<String> seedRows(RandomGenerator random) {
    var out = new ArrayList<String>();
    for (int i = 0; i < 25; i++) {
      out.add(
          "INSERT INTO t1 VALUES ("
              + i
              + ", "
              + (i % 7 == 0 ? "NULL" : random.nextInt(-50, 50))
              + ", "
              + random.nextLong() / 1000
              + ", "
              + (i % 5 == 0 ? "NULL" : "'s" + random.nextInt(20) + "'")
              + ", "
              + random.nextDouble() * 100
              + ", "
              + random.nextInt(10000) / 100.0
              + ", "
              + (i % 2 == 0)
              + ")");
      out.add(
          "INSERT INTO t2 VALUES ("
              + i * 3
              + ", "
              + random.nextInt(45)
              + ", 'n"
              + i
              + "', DATE '2024-01-"
              + (1 + i % 28)
              + "', TIMESTAMP '2024-03-01 10:00:0"
              + i % 10
              + "', X'0"
              + i % 10
              + "')");
      out.add(
          "INSERT INTO t3 VALUES ('k"
              + i
              + "', "
              + (i % 6 == 0 ? "NULL" : random.nextInt(30))
              + ", "
              + i % 4
              + ")");
    }
    return out;
  }
}
