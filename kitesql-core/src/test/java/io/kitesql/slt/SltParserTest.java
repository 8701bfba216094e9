package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.slt.SltRecord.Condition;
import io.kitesql.slt.SltRecord.Halt;
import io.kitesql.slt.SltRecord.Hash;
import io.kitesql.slt.SltRecord.HashThreshold;
import io.kitesql.slt.SltRecord.Lines;
import io.kitesql.slt.SltRecord.Location;
import io.kitesql.slt.SltRecord.Query;
import io.kitesql.slt.SltRecord.SortMode;
import io.kitesql.slt.SltRecord.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class SltParserTest {

  private static List<SltRecord> parse(String text) {
    return SltParser.parse("t.slt", text);
  }

  @Test
  void parsesEveryRecordKindWithLineNumbers() {
    String text =
        """
        # a comment
        hash-threshold 8

        statement ok
        CREATE TABLE t(a INT,
          b TEXT)

        statement error
        INSERT INTO nowhere VALUES (1)

        query IT rowsort
        SELECT a, b
        FROM t
        ----
        1
        x

        halt
        """;
    List<SltRecord> records = parse(text);
    assertThat(records).hasSize(5);
    assertThat(records.get(0)).isEqualTo(new HashThreshold(new Location("t.slt", 2), List.of(), 8));
    assertThat(records.get(1))
        .isEqualTo(
            new Statement(
                new Location("t.slt", 4),
                List.of(),
                "CREATE TABLE t(a INT,\n  b TEXT)",
                false,
                null));
    assertThat(records.get(2))
        .isEqualTo(
            new Statement(
                new Location("t.slt", 8), List.of(), "INSERT INTO nowhere VALUES (1)", true, null));
    Query q = (Query) records.get(3);
    assertThat(q.location().line()).isEqualTo(11);
    assertThat(q.sql()).isEqualTo("SELECT a, b\nFROM t");
    assertThat(q.types()).isEqualTo("IT");
    assertThat(q.sort()).isEqualTo(SortMode.ROWSORT);
    assertThat(q.label()).isNull();
    assertThat(q.expected()).isEqualTo(new Lines(List.of("1", "x")));
    assertThat(records.get(4)).isEqualTo(new Halt(new Location("t.slt", 18), List.of()));
  }

  @Test
  void statementErrorKeepsTheExpectedMessage() {
    Statement s =
        (Statement)
            parse("statement error UNIQUE constraint\nINSERT INTO t VALUES (1)\n").getFirst();
    assertThat(s.expectError()).isTrue();
    assertThat(s.errorPattern()).isEqualTo("UNIQUE constraint");
  }

  @Test
  void queryErrorIsAnErrorExpectingStatement() {
    Statement s = (Statement) parse("query error division\nSELECT 1/0\n").getFirst();
    assertThat(s.expectError()).isTrue();
    assertThat(s.errorPattern()).isEqualTo("division");
  }

  @Test
  void sortModesLabelsAndDefault() {
    List<SltRecord> records =
        parse(
            """
            query I
            SELECT 1
            ----
            1

            query I valuesort lbl
            SELECT 1
            ----
            1

            query R nosort
            SELECT 1.0
            ----
            1.000
            """);
    assertThat(records)
        .extracting(r -> ((Query) r).sort())
        .containsExactly(SortMode.NOSORT, SortMode.VALUESORT, SortMode.NOSORT);
    assertThat(((Query) records.get(1)).label()).isEqualTo("lbl");
  }

  @Test
  void hashLineAndEmptyResults() {
    List<SltRecord> records =
        parse(
            """
            query II
            SELECT a, b FROM t
            ----
            30 values hashing to 3C13DEE48D9356AE19AF2515E05E6B54

            query I
            SELECT a FROM t WHERE false
            ----

            query I
            SELECT a FROM t WHERE false
            """);
    assertThat(((Query) records.get(0)).expected())
        .isEqualTo(new Hash(30, "3c13dee48d9356ae19af2515e05e6b54"));
    assertThat(((Query) records.get(1)).expected()).isEqualTo(new Lines(List.of()));
    assertThat(((Query) records.get(2)).expected()).isEqualTo(new Lines(List.of()));
  }

  @Test
  void conditionsAttachToTheNextRecord() {
    List<SltRecord> records =
        parse(
            """
            skipif sqlite
            onlyif kitesql
            statement ok
            SELECT 1

            statement ok
            SELECT 2
            """);
    assertThat(records.get(0).conditions())
        .containsExactly(new Condition(false, "sqlite"), new Condition(true, "kitesql"));
    assertThat(records.get(0).appliesTo("kitesql")).isTrue();
    assertThat(records.get(0).appliesTo("sqlite")).isFalse();
    assertThat(records.get(0).appliesTo("h2")).isFalse();
    assertThat(records.get(1).conditions()).isEmpty();
  }

  @Test
  void windowsLineEndingsAreAccepted() {
    Query q = (Query) parse("query T\r\nSELECT 'a'\r\n----\r\na\r\n").getFirst();
    assertThat(q.sql()).isEqualTo("SELECT 'a'");
    assertThat(q.expected()).isEqualTo(new Lines(List.of("a")));
  }

  @Test
  void malformedInputNamesFileAndLine() {
    assertThatThrownBy(() -> parse("\n\nstatment ok\nSELECT 1\n"))
        .isInstanceOf(SltParseException.class)
        .hasMessageStartingWith("t.slt:3: unknown record type");
    assertThatThrownBy(() -> parse("query IX\nSELECT 1\n"))
        .hasMessageStartingWith("t.slt:1: bad column types");
    assertThatThrownBy(() -> parse("query I sideways\nSELECT 1\n"))
        .hasMessageStartingWith("t.slt:1: unknown sort mode");
    assertThatThrownBy(() -> parse("statement ok\n\nSELECT 1\n"))
        .hasMessageStartingWith("t.slt:1: record has no SQL");
    assertThatThrownBy(() -> parse("hash-threshold many\n"))
        .hasMessageStartingWith("t.slt:1: expected 'hash-threshold N'");
    assertThatThrownBy(() -> parse("skipif sqlite\n"))
        .hasMessageContaining("not followed by a record");
    assertThatThrownBy(() -> parse("statement ok\nSELECT 1\n----\n1\n"))
        .hasMessageStartingWith("t.slt:3: a statement has no '----'");
  }
}
