package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sql.SqlTokens.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTokensTest {

  private static List<String> texts(String sql) {
    return SqlTokens.of(sql).stream().map(SqlTokens.Token::text).toList();
  }

  @Test
  void quotesAndCommentsHideWhatLooksLikeSyntax() {
    var sql = "select 'it''s (', \"a.b\", `c)` -- ) (\n /* ( */ from t";
    assertThat(texts(sql))
        .containsExactly("select", "'it''s ('", ",", "\"a.b\"", ",", "`c)`", "from", "t");
    assertThat(SqlTokens.of(sql).stream().map(SqlTokens.Token::kind).toList())
        .containsExactly(
            Kind.WORD,
            Kind.STRING,
            Kind.SYMBOL,
            Kind.QUOTED_NAME,
            Kind.SYMBOL,
            Kind.QUOTED_NAME,
            Kind.WORD,
            Kind.WORD);
  }

  @Test
  void dollarQuotedStringsAreOneToken() {
    assertThat(texts("select $$it's (($$, 1")).containsExactly("select", "$$it's (($$", ",", "1");
    assertThat(SqlTokens.of("select $$x$$").get(1).kind()).isEqualTo(Kind.STRING);
    assertThat(texts("select a$$b")).containsExactly("select", "a$$b"); // a name may contain $
  }

  @Test
  void unterminatedQuotesAndCommentsRunToTheEnd() {
    assertThat(texts("select 'abc")).containsExactly("select", "'abc");
    assertThat(texts("select $$abc")).containsExactly("select", "$$abc");
    assertThat(texts("select 1 /* abc")).containsExactly("select", "1");
  }

  @Test
  void numbersParametersAndTwoCharacterSymbols() {
    assertThat(texts("a<=1e-3||b::int<>:name!=?"))
        .containsExactly("a", "<=", "1e-3", "||", "b", "::", "int", "<>", ":name", "!=", "?");
  }
}
