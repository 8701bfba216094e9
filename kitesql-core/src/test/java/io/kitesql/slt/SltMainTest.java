package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: which files it reads, what it counts, when it fails, and its options. */
class SltMainTest {

  /** What a run printed and returned. */
  private record Run(int status, String out, String err) {}

  private static Run run(String... args) {
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    int status =
        SltMain.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void readsTestFilesAsWellAsSltFiles(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("select1.test"), "query I nosort\nSELECT 1 + 1\n----\n2\n");
    Files.writeString(dir.resolve("mine.slt"), "statement ok\nCREATE TABLE t(a INTEGER)\n");
    Files.writeString(dir.resolve("notes.txt"), "query I\nSELECT 1\n----\n9\n"); // not a test file
    var run = run("sqlite", dir.toString());
    assertThat(run.status()).isZero();
    assertThat(run.out())
        .contains("select1.test: 1 passed")
        .contains("mine.slt: 1 passed")
        .endsWith("2 passed, 0 failed, 0 skipped, 0 not run after halt (2 files)\n");
  }

  @Test
  void aDirectoryWithoutTestFilesFails(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("readme.md"), "nothing to run");
    var run = run("sqlite", dir.toString());
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.err()).contains("no .slt or .test file under [" + dir + "]");
    assertThat(run.out()).doesNotContain("passed");
  }

  @Test
  void aRunThatRunsNoRecordFails(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("other.test"),
        """
        hash-threshold 8

        onlyif mysql
        statement ok
        SELECT 1

        skipif sqlite
        query I
        SELECT 1
        ----
        1
        """);
    Files.writeString(dir.resolve("empty.test"), "# only a comment\n");
    var run = run("sqlite", dir.toString());
    assertThat(run.status()).isEqualTo(1);
    assertThat(run.out())
        .endsWith("0 passed, 0 failed, 2 skipped, 0 not run after halt (2 files)\n");
    assertThat(run.err())
        .contains(
            "no record was run: the 2 files hold no statement or query that applies to sqlite");
  }

  @Test
  void countsSkippedRecordsAndThoseAfterAHalt(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("h.test"),
        """
        statement ok
        CREATE TABLE t(a INTEGER)

        skipif sqlite
        statement ok
        THIS IS NOT SQL

        onlyif sqlite
        halt

        statement ok
        ALSO NOT SQL

        query I
        SELECT 1
        ----
        1
        """);
    var run = run("sqlite", dir.toString());
    assertThat(run.status()).isZero();
    assertThat(run.out()).contains("h.test: 1 passed, 0 failed, 1 skipped, 2 not run after halt");
  }

  @Test
  void namesChooseWhichConditionalRecordsRun(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("c.test"),
        """
        onlyif mysql
        query I
        SELECT 10 / 4
        ----
        2

        skipif mysql
        statement ok
        NOT SQL AT ALL

        onlyif sqlite
        query I
        SELECT 1
        ----
        1
        """);
    var asMysql = run("--names", "mysql,sqlite", "sqlite", dir.toString());
    assertThat(asMysql.status()).isZero();
    assertThat(asMysql.out()).contains("2 passed, 0 failed, 1 skipped");
    var asItself = run("sqlite", dir.toString());
    assertThat(asItself.status()).isEqualTo(1); // NOT SQL AT ALL runs and fails
    assertThat(asItself.out()).contains("1 passed, 1 failed, 1 skipped");

    var record = SltParser.parse("x", "onlyif sqlite\nstatement ok\nS\n").getFirst();
    assertThat(record.appliesTo(Set.of("kitesql", "sqlite"))).isTrue();
    assertThat(record.appliesTo(Set.of("kitesql"))).isFalse();
  }

  @Test
  void badOptionsAreUsageErrors() {
    var unknown = run("--fast", "sqlite", "x");
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown option '--fast'").contains("usage: SltMain");
    var noNames = run("sqlite", "--names");
    assertThat(noNames.status()).isEqualTo(2);
    var noPath = run("--original-values", "sqlite");
    assertThat(noPath.status()).isEqualTo(2);
    assertThat(noPath.err()).contains("an engine and at least one file or directory are needed");
  }

  /**
   * A file in the style of SQLite's corpus, whose results (derived by hand) hold only under the
   * original program's conversions: text in an I column is 0, a 64-bit integer keeps its low 32
   * bits, a real is truncated, R has three decimals, non-ASCII bytes are {@code @}, and a long
   * result is given as a hash.
   */
  @Test
  void originalValuesReadASqliteCorpusFaithfullyOnBothEngines(@TempDir Path dir) throws Exception {
    // 5 values of the rowsort result of the last query, one per line: the hash input
    var hash = SltRunner.md5(List.of("1", "2", "3", "4", "5"));
    Files.writeString(
        dir.resolve("original.test"),
        """
        hash-threshold 4

        statement ok
        CREATE TABLE t1(a INTEGER, b VARCHAR(10))

        statement ok
        INSERT INTO t1 VALUES (5, 'abc'), (4, '12x'), (3, ''), (2, 'h\u00e9'), (1, NULL)

        query I nosort
        SELECT b FROM t1 ORDER BY a DESC
        ----
        0
        12
        0
        0
        NULL

        query IIII nosort
        SELECT 4294967297, -7 / 2, 2.9, -2.9
        ----
        1
        -3
        2
        -2

        query RR nosort
        SELECT 1, 1.0 / 3
        ----
        1.000
        0.333

        query T nosort
        SELECT b FROM t1 ORDER BY a DESC
        ----
        abc
        12x
        (empty)
        h@@
        NULL

        query I rowsort
        SELECT a FROM t1
        ----
        5 values hashing to %s

        skipif sqlite
        query I
        SELECT 'not the same on SQLite'
        ----
        1
        """
            .formatted(hash));
    for (var engine : List.of("sqlite", "kitesql")) {
      var run = run("--original-values", "--names", engine + ",sqlite", engine, dir.toString());
      assertThat(run.status()).as(engine + "\n" + run.out() + run.err()).isZero();
      assertThat(run.out()).as(engine).contains("7 passed, 0 failed, 1 skipped");
    }
    // without the option, text in an I column stays text: the first query fails
    var strict = run("sqlite", dir.toString());
    assertThat(strict.status()).isEqualTo(1);
    assertThat(strict.out()).contains("original.test:9: wrong result");
  }
}
