package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import org.junit.jupiter.api.Test;

/** {@code a BETWEEN 1 AND 2 IS NOT NULL} parses as {@code (a BETWEEN 1 AND 2) IS NOT NULL}. */
class BetweenIsTest {

  private static String rewrite(String sql) {
    return SqlParser.rewrites(sql, SqlTokens.of(sql)).apply().sql();
  }

  @Test
  void betweenFollowedByIsGetsParentheses() {
    assertThat(rewrite("select a between 1 and 2 is not null from t"))
        .isEqualTo("select (a between 1 and 2) is not null from t");
    assertThat(rewrite("select * from t where a not between 1 and 2 is null and b = 1"))
        .isEqualTo("select * from t where (a not between 1 and 2) is null and b = 1");
    assertThat(rewrite("select x.a + 1 between b - 10 and f(b) * 2 is true from x"))
        .isEqualTo("select (x.a + 1 between b - 10 and f(b) * 2) is true from x");
    assertThat(rewrite("select case when -a between -5 and 0 is not true then 1 end"))
        .isEqualTo("select case when (-a between -5 and 0) is not true then 1 end");
  }

  @Test
  void leavesOtherBetweensAlone() {
    for (var sql :
        java.util.List.of(
            "select a between 1 and 2 from t",
            "select a between 1 and 2 and b is null from t",
            "select 'a between 1 and 2 is null'",
            "select a = b between 1 and 2 is null from t")) {
      assertThat(rewrite(sql)).isEqualTo(sql);
    }
  }

  @Test
  void parsesAndReportsPositionsInTheTextAsWritten() {
    assertThat(SqlParser.parse("select a between 1 and 2 is not null from t").toString())
        .containsIgnoringCase("(a BETWEEN 1 AND 2) IS NOT NULL");
    // the error is after the inserted parentheses; its column is the one the user wrote
    assertThatThrownBy(() -> SqlParser.parse("select a between 1 and 2 is not null frm t"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1, column 42")
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
  }
}
