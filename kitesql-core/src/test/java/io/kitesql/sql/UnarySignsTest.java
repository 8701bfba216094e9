package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

class UnarySignsTest {

  private static String rewrite(String sql) {
    return SqlParser.rewrites(sql, SqlTokens.of(sql)).apply().sql();
  }

  @Test
  void eachSignAfterTheFirstOfARunGetsParenthesesAroundItsPrimary() {
    assertThat(rewrite("select - - 3")).isEqualTo("select -( - 3)");
    assertThat(rewrite("select - + - 1")).isEqualTo("select -( +( - 1))");
    assertThat(rewrite("select + -col from t")).isEqualTo("select +( -col) from t");
    // a unary sign binds tighter than any binary operator: only the primary goes inside
    assertThat(rewrite("select 12 / - - 4 * 3")).isEqualTo("select 12 / -( - 4) * 3");
    assertThat(rewrite("select 10 - - - 3")).isEqualTo("select 10 - -( - 3)");
  }

  @Test
  void primariesIncludeCallsWindowsCaseParenthesesAndCasts() {
    assertThat(rewrite("select - - f(a, - - b) over (partition by c) + 1"))
        .isEqualTo("select -( - f(a, -( - b)) over (partition by c)) + 1");
    assertThat(rewrite("select - - case when a then 1 else case when b then 2 end end * 2"))
        .isEqualTo("select -( - case when a then 1 else case when b then 2 end end) * 2");
    assertThat(rewrite("select - - (1 + 2) * 2")).isEqualTo("select -( - (1 + 2)) * 2");
    assertThat(rewrite("select - - x::varchar(3) || 'a'"))
        .isEqualTo("select -( - x::varchar(3)) || 'a'");
    assertThat(rewrite("select - - t.a, - - cast(b as int) from t"))
        .isEqualTo("select -( - t.a), -( - cast(b as int)) from t");
  }

  @Test
  void aSignedSimpleCaseOperandGetsParenthesesUpToItsWhen() {
    assertThat(rewrite("select case -2 when 2 then 1 end"))
        .isEqualTo("select case (-2) when 2 then 1 end");
    assertThat(rewrite("select CASE -x + f(y, z) WHEN 0 THEN 1 END from t"))
        .isEqualTo("select CASE (-x + f(y, z)) WHEN 0 THEN 1 END from t");
    assertThat(rewrite("select case - - x when 1 then 1 end from t"))
        .isEqualTo("select case (-( - x)) when 1 then 1 end from t");
    assertThat(rewrite("select case -case when a then 2 end when -2 then 1 end from t"))
        .isEqualTo("select case (-case when a then 2 end) when -2 then 1 end from t");
    assertThat(rewrite("select case when -a > 0 then 1 end from t"))
        .isEqualTo("select case when -a > 0 then 1 end from t");
    assertThat(SqlParser.parse("select case -a when -1 then 'x' end from t"))
        .isInstanceOf(Select.class);
  }

  @Test
  void leavesLiteralsQuotedNamesCommentsAndSingleSignsAlone() {
    for (var sql :
        java.util.List.of(
            "select '- - 3', \"- - x\" from t",
            "select a - -3, -a + +b from t",
            "select 1e-5 - 2",
            "select 1 -- - - 3\n",
            "select /* - - */ 1")) {
      assertThat(rewrite(sql)).as(sql).isSameAs(sql);
    }
    assertThat(rewrite("select - /* - */ - 3")).isEqualTo("select -( /* - */ - 3)");
    // a quote inside a dollar-quoted string does not hide the run after it
    assertThat(rewrite("select $$it's$$, - - 1")).isEqualTo("select $$it's$$, -( - 1)");
    assertThat(SqlParser.parse("select $$it's$$, - - 1")).isInstanceOf(Select.class);
  }

  @Test
  void parsesAndReportsErrorsWhereTheUserWroteThem() {
    assertThat(SqlParser.parse("select - + - 1, - - a from t where - - a > 0"))
        .isInstanceOf(Select.class);
    // "t" is at column 18 of what was written, column 20 of the rewritten text
    assertThatThrownBy(() -> SqlParser.parse("SELECT - - 3 FRM t"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1, column 18");
    assertThatThrownBy(() -> SqlParser.parse("SELECT - - 3,\n - - 4 FRM t"))
        .hasMessageContaining("line 2, column 12"); // " - - 4 FRM t": t is the 12th character
  }

  @Test
  void longRunsCountTowardsTheNestingLimit() {
    assertThatThrownBy(
            () ->
                SqlParser.parse(
                    "select " + "- ".repeat(SqlParser.MAX_NESTING_WITH_SIGNS + 2) + "1"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("unary signs");
    assertThat(SqlParser.parse("select " + "- ".repeat(SqlParser.MAX_NESTING_WITH_SIGNS) + "1"))
        .isInstanceOf(Select.class);
    // 17 levels of parentheses, each behind a run of two signs: 34 levels once rewritten
    assertThat(SqlParser.parse("select " + "+ ( - ".repeat(17) + "1" + ")".repeat(17)))
        .isInstanceOf(Select.class);
  }
}
