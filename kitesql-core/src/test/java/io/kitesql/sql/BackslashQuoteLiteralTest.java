package io.kitesql.sql;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In a standard SQL string literal a backslash is an ordinary character and a quote is written
 * twice: {@code 'a\'''} is the three characters {@code a\'}. The parser must not read {@code \'} as
 * an escaped quote (as MySQL's dialect does).
 */
class BackslashQuoteLiteralTest {
  @TempDatabase Database db;

  @Test
  void aBackslashBeforeADoubledQuoteIsTwoCharacters() {
    for (var text : List.of("a\\'", "\\'", "\\''", "\\\\'", "a\\'b\\'", "'\\", "\\")) {
      assertThat(column(db, "SELECT " + literal(text))).as(literal(text)).containsExactly(text);
    }
    assertThat(column(db, "SELECT " + literal("x\\'") + " || " + literal("y\\''")))
        .containsExactly("x\\'y\\''");
  }

  @Test
  void storedFoundAndMatchedByLike() {
    db.execute("CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(10))");
    db.execute("CREATE INDEX t_s ON t (s)");
    db.execute(
        "INSERT INTO t VALUES (1, "
            + literal("a\\'")
            + "), (2, "
            + literal("a\\'b")
            + "), (3, "
            + literal("a'")
            + "), (4, "
            + literal("a\\")
            + ")");
    assertThat(column(db, "SELECT s FROM t WHERE id = 1")).containsExactly("a\\'");
    assertThat(
            column(
                db,
                "SELECT CAST(id AS VARCHAR) FROM t WHERE s = " + literal("a\\'") + " ORDER BY id"))
        .containsExactly("1");
    // the backslash is also LIKE's default escape: as a pattern, a\'% is "a", a quote, anything
    assertThat(
            column(
                db,
                "SELECT CAST(id AS VARCHAR) FROM t WHERE s LIKE "
                    + literal("a\\'%")
                    + " ORDER BY id"))
        .containsExactly("3");
    assertThat(
            column(
                db,
                "SELECT CAST(id AS VARCHAR) FROM t WHERE s LIKE "
                    + literal("a\\'%")
                    + " ESCAPE '' ORDER BY id"))
        .containsExactly("1", "2");
    assertThat(
            column(
                db,
                "SELECT CAST(id AS VARCHAR) FROM t WHERE s LIKE "
                    + literal("a!\\'%")
                    + " ESCAPE '!' ORDER BY id"))
        .containsExactly("1", "2");
  }

  @Test
  void anUnpairedSurrogateBeforeAQuoteIsRefusedNotReadAsABackslash() {
    for (var text : List.of("b\uD800'", "\\'b\uD800'", "b\uDFFF")) {
      assertThatThrownBy(() -> column(db, "SELECT " + literal(text)))
          .as(literal(text))
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.INVALID_VALUE));
    }
    for (var text :
        List.of("\uD83D\uDE00'", "\uDBFF\uDFFF\\'", "\\'\uD83D\uDE00")) { // paired surrogates stay
      assertThat(column(db, "SELECT " + literal(text))).containsExactly(text);
    }
  }

  /** {@code text} as a standard SQL literal: quotes doubled, nothing else escaped. */
  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
