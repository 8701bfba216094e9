package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import org.junit.jupiter.api.Test;

class IdentityOptionsTest {
  private static String rewrite(String sql) {
    return SqlParser.rewrites(sql, SqlTokens.of(sql)).apply().sql();
  }

  @Test
  void rewritesTheStandardOptionsToTheFormJsqlparserKeeps() {
    // an option not given is left empty: its default is the binder's (it depends on the increment)
    assertThat(
            rewrite(
                "create table t (id int generated always as identity (start with 10 increment by 5))"))
        .isEqualTo("create table t (id int generated always as identity ('10', '5'))");
    assertThat(rewrite("create table t (id int generated always as identity(INCREMENT BY - 2))"))
        .isEqualTo("create table t (id int generated always as identity('', '-2'))");
    assertThat(rewrite("create table t (id int generated always as identity ( start +3 ))"))
        .isEqualTo("create table t (id int generated always as identity ('3', ''))");
  }

  @Test
  void leavesQuotesCommentsAndOtherTextAlone() {
    var quoted =
        "create table \"identity (start with 1)\" (v varchar(40) default 'identity (increment by 2)')";
    assertThat(rewrite(quoted)).isEqualTo(quoted);
    var commented = "select 1 -- identity (start with 1)\n/* identity (start 2) */";
    assertThat(rewrite(commented)).isEqualTo(commented);
    var plain = "create table t (id int generated always as identity, v int)";
    assertThat(rewrite(plain)).isSameAs(plain);
  }

  /**
   * The rewrite keeps the line breaks of the options it replaces, so later positions stay right.
   */
  @Test
  void optionsOverSeveralLinesKeepTheLinesOfWhatFollows() {
    var sql =
        "create table t (id int generated always as identity (start with 1\n   increment by 2),\n v int);\n  select 1";
    assertThatThrownBy(() -> SqlParser.parse(sql))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 4, column 3: unexpected 'select'");
    var sameLine =
        "create table t (id int generated always as identity (start with 1\n   increment by 2), v int); select 1";
    assertThatThrownBy(() -> SqlParser.parse(sameLine))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("line 2, column 29: unexpected 'select'");
  }
}
