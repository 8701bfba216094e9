package io.kitesql.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.options.Durability;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One test per bug the SQL fuzzer found, reduced to the smallest statement that showed it. */
class FuzzRegressionTest {
  @TempDatabase(mapSize = 256L << 20, durability = Durability.NO_SYNC)
  Database db;

  @BeforeEach
  void schema() {
    for (var ddl : FuzzSchema.DDL) {
      db.execute(ddl);
    }
  }

  /**
   * JSqlParser backtracked for minutes over a syntax error inside ten nested parentheses. Failing
   * fast means the first failure is reported where it is, not after backtracking ran into the parse
   * budget (whose error names the budget, not a position): a property of the parse, not of how fast
   * this machine is.
   */
  @Test
  void syntaxErrorInsideNestedParenthesesFailsFast() {
    var sql = "SELECT 1 NOT IN (" + SqlMutator.nested("NULL", 12) + ", INTO NULL)";
    assertThatThrownBy(() -> db.prepare(sql))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessageContaining("at line 1, column " + (sql.indexOf("INTO") + 1) + " near 'INTO'")
        .hasMessageNotContaining("budget");
  }

  /**
   * Valid SQL with 230 nested parentheses kept an older JSqlParser busy far beyond its pass budget;
   * 5.4 parses it in well under a second. Deeper than the nesting limit is refused before parsing:
   * the message is the nesting check's, so the parser never saw it.
   */
  @Test
  void deepValidNestingParsesUpToTheLimitAndIsRefusedBeyond() {
    try (var tx = db.beginRead();
        var rows = tx.query("SELECT ((((NULL)))) UNION SELECT " + SqlMutator.nested("'a'", 230))) {
      assertThat(rows.next()).isTrue();
    }
    int tooDeep = io.kitesql.sql.SqlParser.MAX_NESTING + 1;
    var sql = "SELECT ((((NULL)))) UNION SELECT " + SqlMutator.nested("'a'", tooDeep);
    assertThatThrownBy(() -> db.prepare(sql))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessageContaining("nests parentheses " + tooDeep + " deep");
    // parentheses inside strings do not count
    try (var tx = db.beginRead();
        var rows =
            tx.query("SELECT " + SqlMutator.nested("1", 8) + ", '" + "(".repeat(tooDeep) + "'")) {
      assertThat(rows.next()).isTrue();
    }
  }

  /**
   * JSqlParser parses "DELETE FROM WHERE ..." with no table; the binder threw NullPointerException.
   */
  @Test
  void deleteWithoutTableIsASyntaxError() {
    assertThatThrownBy(() -> db.execute("DELETE FROM WHERE owner ('bob', 1) OR balance > 400"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR));
  }

  /**
   * JSqlParser throws NumberFormatException for a type length beyond int: it escaped the parser.
   */
  @Test
  void typeLengthBeyondIntIsASyntaxError() {
    assertThatThrownBy(
            () -> db.execute("CREATE TABLE u1 (id INT PRIMARY KEY, code VARCHAR(2147483648))"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessageContaining("2147483648");
  }

  /**
   * JSqlParser accepts any expression in a parenthesized SET list; the binder cast it to a column
   * and threw ClassCastException (found once the corpus grew by identifiers.slt and types_ddl.slt).
   */
  @Test
  void setOfSomethingOtherThanAColumnIsASyntaxError() {
    db.execute("CREATE TABLE acct2 (id INT PRIMARY KEY, n INT)");
    assertThatThrownBy(() -> db.execute("UPDATE acct2 SET (1) = (1)"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessageContaining("SET needs column names");
  }

  /** A position beyond BIGINT threw NumberFormatException from the binder (LongValue.getValue). */
  @Test
  void positionBeyondBigintIsOutOfRange() {
    for (var sql :
        java.util.List.of(
            "SELECT 1 AS a ORDER BY 9223372036854775808",
            "SELECT 1 AS a GROUP BY 99999999999999999999",
            "SELECT 1 UNION SELECT 2 ORDER BY 9223372036854775808")) {
      assertThatThrownBy(
              () ->
                  db.read(
                      tx -> {
                        try (var rows = tx.query(sql)) {
                          return rows.next();
                        }
                      }))
          .as(sql)
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_COLUMN))
          .hasMessageContaining("position 9")
          .hasMessageContaining("not in the");
    }
  }
}
