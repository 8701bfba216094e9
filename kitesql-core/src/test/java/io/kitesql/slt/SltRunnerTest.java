package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SltRunnerTest {
  private static final List<List<String>> THREE_ROWS =
      List.of(List.of("2", "b"), List.of("1", "c"), List.of("3", "a"));

  private static SltResult run(String text, SltEngine engine) {
    return SltRunner.run("f.slt", SltParser.parse("f.slt", text), engine);
  }

  @Test
  void statementsPassAndFail() {
    FakeEngine engine = new FakeEngine("fake").fails("BAD", "syntax error near BAD");
    SltResult result =
        run(
            """
            statement ok
            GOOD

            statement error
            BAD

            statement ok
            BAD

            statement error
            GOOD
            """,
            engine);
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.failures())
        .extracting(f -> f.location().line(), SltResult.Failure::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(7, "unexpected error: syntax error near BAD"),
            org.assertj.core.groups.Tuple.tuple(
                10, "statement succeeded but an error was expected"));
  }

  @Test
  void statementErrorMessageIsASubstringOrRegex() {
    FakeEngine engine = new FakeEngine("fake").fails("INS", "UNIQUE constraint failed: t.a");
    SltResult result =
        run(
            """
            statement error unique constraint
            INS

            statement error constraint failed: t\\.\\w+$
            INS

            statement error NOT NULL
            INS
            """,
            engine);
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.location().line()).isEqualTo(7);
              assertThat(f.message()).contains("does not match 'NOT NULL'");
            });
  }

  @Test
  void sortModes() {
    FakeEngine engine = new FakeEngine("fake").returns("Q", THREE_ROWS);
    SltResult result =
        run(
            """
            query IT nosort
            Q
            ----
            2 b
            1 c
            3 a

            query IT rowsort
            Q
            ----
            1
            c
            2
            b
            3
            a

            query IT valuesort
            Q
            ----
            1
            2
            3
            a
            b
            c

            query IT rowsort
            Q
            ----
            2 b
            1 c
            3 a
            """,
            engine);
    assertThat(result.passed()).isEqualTo(3);
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.location().line()).isEqualTo(28);
              assertThat(f.message())
                  .contains("wrong result")
                  .contains("actual:\n    1 c\n    2 b");
            });
  }

  @Test
  void rowsMayUseTabsAndValuesWithSpacesNeedTabsOrALineEach() {
    FakeEngine engine =
        new FakeEngine("fake").returns("Q", List.of(List.of("hello world", "(empty)", "NULL")));
    SltResult result =
        run(
            "query TTT\nQ\n----\nhello world\t(empty)\tNULL\n\n"
                + "query TTT\nQ\n----\nhello world\n(empty)\nNULL\n\n"
                + "query TTT\nQ\n----\nhello   world (empty) NULL\n",
            engine);
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.failures())
        .singleElement()
        .satisfies(f -> assertThat(f.location().line()).isEqualTo(13));
  }

  @Test
  void rowLinesAreComparedValueByValue() {
    FakeEngine engine =
        new FakeEngine("fake")
            .returns("SPLIT", List.of(List.of("a", "b c")))
            .returns("SPACES", List.of(List.of("a  b", "c")))
            .returns("PLAIN", List.of(List.of("1", "x"), List.of("2", "y")));
    SltResult result =
        run(
            "query TT\nSPLIT\n----\na b c\n\n" // three words, two values: not the same row
                + "query TT\nSPLIT\n----\na\tb c\n\n"
                + "query TT\nSPACES\n----\na b\tc\n\n" // one space is not two
                + "query IT\nPLAIN\n----\n1   x\n2 y\n\n"
                + "query IT\nPLAIN\n----\n1 y\n2 x\n",
            engine);
    assertThat(result.failures()).extracting(f -> f.location().line()).containsExactly(1, 11, 22);
    assertThat(result.passed()).isEqualTo(2);
  }

  @Test
  void anErrorRecordNeedsTheEnginesOwnErrorNotACrash() {
    FakeEngine engine =
        new FakeEngine("fake")
            .fails("BAD", "syntax error near BAD")
            .crashes("NPE", "Cannot invoke \"Object.toString()\" because \"value\" is null");
    SltResult result =
        run(
            """
            statement error
            BAD

            statement error
            NPE

            statement error is null
            NPE
            """,
            engine);
    assertThat(result.passed()).isEqualTo(1);
    assertThat(result.failures()).extracting(f -> f.location().line()).containsExactly(4, 7);
    assertThat(result.failures())
        .allSatisfy(
            f ->
                assertThat(f.message())
                    .startsWith(
                        "an error was expected, but the engine failed with java.lang.NullPointerException"));
  }

  @Test
  void hashedResultsAboveTheThreshold() throws Exception {
    List<String> values = List.of("1", "c", "2", "b", "3", "a"); // rowsort order
    MessageDigest md = MessageDigest.getInstance("MD5");
    for (String v : values) {
      md.update((v + "\n").getBytes(StandardCharsets.UTF_8));
    }
    String md5 = HexFormat.of().formatHex(md.digest());
    assertThat(SltRunner.md5(values)).isEqualTo(md5);

    FakeEngine engine = new FakeEngine("fake").returns("Q", THREE_ROWS);
    SltResult result =
        run(
            "hash-threshold 4\n\n"
                + "query IT rowsort\nQ\n----\n6 values hashing to "
                + md5
                + "\n\n"
                + "query IT nosort\nQ\n----\n6 values hashing to "
                + md5
                + "\n\n"
                + "query IT rowsort\nQ\n----\n1 c\n2 b\n3 a\n",
            engine);
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.location().line()).isEqualTo(8);
              assertThat(f.message()).contains("actual:\n    6 values hashing to ");
            });
  }

  @Test
  void sameLabelMeansSameResults() {
    FakeEngine engine =
        new FakeEngine("fake")
            .returns("A", List.of(List.of("1"), List.of("2")))
            .returns("B", List.of(List.of("2"), List.of("1")))
            .returns("C", List.of(List.of("3")));
    SltResult result =
        run(
            "query I rowsort L\nA\n----\n1\n2\n\n"
                + "query I rowsort L\nB\n----\n1\n2\n\n"
                + "query I rowsort L\nC\n----\n3\n",
            engine);
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.location().line()).isEqualTo(13);
              assertThat(f.message())
                  .isEqualTo("label 'L': result differs from the query at f.slt:1");
            });
  }

  @Test
  void skipifOnlyifAndHalt() {
    FakeEngine engine = new FakeEngine("kitesql");
    SltResult result =
        run(
            """
            skipif kitesql
            statement ok
            S1

            onlyif kitesql
            statement ok
            S2

            onlyif sqlite
            halt

            statement ok
            S3

            skipif sqlite
            halt

            statement ok
            S4
            """,
            engine);
    assertThat(engine.executed).containsExactly("S2", "S3");
    assertThat(result.passed()).isEqualTo(2);
    assertThat(result.skipped()).isEqualTo(1);
    assertThat(result.notRun()).isEqualTo(1); // S4, after the halt
  }

  @Test
  void wrongColumnCountAndQueryErrorsAreFailures() {
    FakeEngine engine = new FakeEngine("fake").returns("Q", THREE_ROWS).fails("E", "boom");
    SltResult result = run("query I\nQ\n----\n1\n\nquery I\nE\n----\n1\n", engine);
    assertThat(result.failures())
        .extracting(SltResult.Failure::message)
        .containsExactly("query returned 2 columns, types 'I' say 1", "unexpected error: boom");
    assertThat(result.report())
        .endsWith("0 passed, 2 failed, 0 skipped, 0 not run after halt")
        .contains("f.slt:6: unexpected");
  }

  @Test
  void commandLinePrintsTotalsAndExitStatus(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.slt"), "statement ok\nCREATE TABLE t(a INT)\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/b.slt"), "query I\nSELECT 1 + 1\n----\n3\n");
    Files.writeString(dir.resolve("sub/ignored.txt"), "not a test");
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    int status =
        SltMain.run(
            new String[] {"sqlite", dir.toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).isEqualTo(1);
    assertThat(printed)
        .contains("b.slt:1: wrong result")
        .endsWith("1 passed, 1 failed, 0 skipped, 0 not run after halt (2 files)\n");

    status = SltMain.run(new String[] {"oracle", dir.toString()}, System.out, new PrintStream(err));
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("unknown engine 'oracle'; available engines: sqlite");
  }

  @Test
  void formatFollowsSqllogictestConventions() {
    assertThat(SltFormat.format(null, 'I')).isEqualTo("NULL");
    assertThat(SltFormat.format("", 'T')).isEqualTo("(empty)");
    assertThat(SltFormat.format("a\tb", 'T')).isEqualTo("a@b");
    assertThat(SltFormat.format(7L, 'I')).isEqualTo("7");
    assertThat(SltFormat.format(-7.9, 'I')).isEqualTo("-7");
    assertThat(SltFormat.format(true, 'I')).isEqualTo("1");
    assertThat(SltFormat.format(2, 'R')).isEqualTo("2.000");
    assertThat(SltFormat.format(1.0005, 'R')).isEqualTo("1.001");
    assertThat(SltFormat.format(new java.math.BigDecimal("-2.5"), 'R')).isEqualTo("-2.500");
    assertThat(SltFormat.format("abc", 'I')).isEqualTo("abc");
  }
}
