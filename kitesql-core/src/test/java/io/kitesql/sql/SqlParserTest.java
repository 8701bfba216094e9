package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

class SqlParserTest {

  @Test
  void parsesOneStatementWithOrWithoutSemicolon() {
    assertThat(SqlParser.parse("select a from t where b = ?")).isInstanceOf(Select.class);
    assertThat(SqlParser.parse("create table t (a int primary key);"))
        .isInstanceOf(CreateTable.class);
  }

  @Test
  void syntaxErrorsNameLineColumnAndToken() {
    assertThatThrownBy(() -> SqlParser.parse("select a\nfrom t wher b = 1"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 2, column 13")
        .hasMessageContaining("'b'")
        .satisfies(
            e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR));
    assertThatThrownBy(() -> SqlParser.parse("select from"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1");
    assertThatThrownBy(() -> SqlParser.parse("select (1 + "))
        .hasMessageContaining("line 1, column");
  }

  @Test
  void refusesSeveralStatementsEmptyTextAndHugeText() {
    assertThatThrownBy(() -> SqlParser.parse("select 1; select 2"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("one statement at a time");
    assertThatThrownBy(() -> SqlParser.parse("   ")).hasMessageContaining("empty SQL statement");
    assertThatThrownBy(() -> SqlParser.parse("select " + "1+".repeat(SqlParser.MAX_LENGTH) + "1"))
        .hasMessageContaining("exceeds the limit");
  }

  /** 17 levels parse, and fail as syntax errors, well within the budget. */
  @Test
  void seventeenNestedParenthesesStayWithinTheParserBudget() {
    var open = "( - - ".repeat(17);
    var close = ")".repeat(17);
    assertThat(
            SqlParser.parse(
                "select "
                    + open
                    + "col1 * 2"
                    + close
                    + " from t where "
                    + "(".repeat(17)
                    + "a in (select 1) or b"
                    + close))
        .isInstanceOf(Select.class);
    assertThatThrownBy(() -> SqlParser.parse("select " + open + "1" + close.substring(1)))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("near end of statement");
    assertThatThrownBy(() -> SqlParser.parse("select " + "(".repeat(17) + "1 +" + close))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("syntax error at");
  }

  /** A syntax error skips the second, "complex" pass unless the statement needs it. */
  @Test
  void onlyCaseAndJsonOperatorsGetTheSecondPass() {
    // conditions as CASE results parse only in JSqlParser's complex grammar: the pass must still
    // run
    assertThat(SqlParser.parse("select case when a then b = 1 else c in (1, 2) end from t"))
        .isInstanceOf(Select.class);
    assertThat(
            SqlParser.needsComplexGrammar(SqlTokens.of("select case when a then b = 1 end from t")))
        .isTrue();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a -> 'x' from t"))).isTrue();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a - > 'x', 'case' from t")))
        .isFalse();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a, b frm t where a = 1")))
        .isFalse();
    // either way the error names where the user's text went wrong
    assertThatThrownBy(() -> SqlParser.parse("select a, b frm t where a = 1"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1, column 17")
        .hasMessageContaining("'t'");
    assertThatThrownBy(() -> SqlParser.parse("select case when a then 1 end frm t where a = 1"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1, column 35");
  }

  /**
   * Generated SQL nests one level per AND/OR group (a specification, a query by example) or per
   * subquery: 200 levels of each parse.
   */
  @Test
  void generatedSqlNestedTwoHundredDeepParses() {
    var groups = new StringBuilder("select id from t where ");
    for (int i = 0; i < 200; i++) {
      groups.append("c").append(i).append(" = ? ").append(i % 2 == 0 ? "and (" : "or (");
    }
    groups.append("x = 1").append(")".repeat(200));
    assertThat(SqlParser.parse(groups.toString())).isInstanceOf(Select.class);
    var subqueries =
        "select a from t where a in "
            + "(select a from t where a in ".repeat(199)
            + "(1)"
            + ")".repeat(199);
    assertThat(SqlParser.parse(subqueries)).isInstanceOf(Select.class);
    // a syntax error at the innermost level is still found where it is
    var error = "select " + "(".repeat(200) + "1 +" + ")".repeat(200);
    assertThatThrownBy(() -> SqlParser.parse(error))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 1, column " + (error.indexOf("+)") + 2) + " near ')'");
  }

  @Test
  void nestingBeyondTheLimitIsRefusedBeforeParsing() {
    int depth = SqlParser.MAX_NESTING + 1;
    assertThatThrownBy(
            () -> SqlParser.parse("select " + "(".repeat(depth) + "1" + ")".repeat(depth)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessage(
            "SQL statement nests parentheses "
                + depth
                + " deep, more than the limit of "
                + SqlParser.MAX_NESTING
                + " [SYNTAX_ERROR "
                + ErrorCode.SYNTAX_ERROR.code()
                + "]");
  }

  /**
   * The parser threads' stack holds the deepest nesting a statement may reach (parentheses the sign
   * rewrite inserted included), so one that passes the checks cannot overflow it.
   */
  @Test
  void theParserStackHoldsTheDeepestAllowedNesting() throws InterruptedException {
    int depth = SqlParser.MAX_NESTING_WITH_SIGNS;
    var sql = "select a from t where " + "(".repeat(depth) + "a = 1" + ")".repeat(depth);
    var outcome = new Object[1];
    var thread =
        new Thread(
            null,
            () -> {
              try {
                outcome[0] =
                    new net.sf.jsqlparser.parser.CCJSqlParser(
                            new net.sf.jsqlparser.parser.StringProvider(sql))
                        .Statement();
              } catch (Throwable e) {
                outcome[0] = e;
              }
            },
            "deep-parse",
            ParserPasses.STACK_BYTES);
    thread.start();
    thread.join();
    assertThat(outcome[0]).isInstanceOf(Select.class);
  }
}
