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
    assertThat(SqlParser.parse("create table t (a int primary key);")).isInstanceOf(CreateTable.class);
  }

  @Test
  void syntaxErrorsNameLineColumnAndToken() {
    assertThatThrownBy(() -> SqlParser.parse("select a\nfrom t wher b = 1"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 2, column 13")
        .hasMessageContaining("'b'")
        .satisfies(e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR));
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

  /** 17 levels (below the limit of 32) parse, and fail as syntax errors, well within the budget. */
  @Test
  void seventeenNestedParenthesesStayWithinTheParserBudget() {
    var open = "( - - ".repeat(17);
    var close = ")".repeat(17);
    assertThat(SqlParser.parse("select " + open + "col1 * 2" + close + " from t where " + "(".repeat(17) + "a in (select 1) or b" + close))
        .isInstanceOf(Select.class);
    assertThatThrownBy(() -> SqlParser.parse("select " + open + "1" + close.substring(1)))
        .isInstanceOf(KiteSqlException.class).hasMessageContaining("near end of statement");
    assertThatThrownBy(() -> SqlParser.parse("select " + "(".repeat(17) + "1 +" + close))
        .isInstanceOf(KiteSqlException.class).hasMessageContaining("syntax error at");
  }

  /** A syntax error skips the second, "complex" pass unless the statement needs it. */
  @Test
  void onlyCaseAndJsonOperatorsGetTheSecondPass() {
    // conditions as CASE results parse only in JSqlParser's complex grammar: the pass must still run
    assertThat(SqlParser.parse("select case when a then b = 1 else c in (1, 2) end from t")).isInstanceOf(Select.class);
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select case when a then b = 1 end from t"))).isTrue();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a -> 'x' from t"))).isTrue();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a - > 'x', 'case' from t"))).isFalse();
    assertThat(SqlParser.needsComplexGrammar(SqlTokens.of("select a, b frm t where a = 1"))).isFalse();
    // either way the error names where the user's text went wrong
    assertThatThrownBy(() -> SqlParser.parse("select a, b frm t where a = 1"))
        .isInstanceOf(KiteSqlException.class).hasMessageContaining("line 1, column 17").hasMessageContaining("'t'");
    assertThatThrownBy(() -> SqlParser.parse("select case when a then 1 end frm t where a = 1"))
        .isInstanceOf(KiteSqlException.class).hasMessageContaining("line 1, column 35");
  }
}
