package io.kitesql.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdentityOptionsTest {
  @Test
  void rewritesTheStandardOptionsToTheFormJsqlparserKeeps() {
    assertThat(IdentityOptions.rewrite("create table t (id int generated always as identity (start with 10 increment by 5))"))
        .isEqualTo("create table t (id int generated always as identity ('10', '5'))");
    assertThat(IdentityOptions.rewrite("create table t (id int generated always as identity(INCREMENT BY - 2))"))
        .isEqualTo("create table t (id int generated always as identity('', '-2'))");
    assertThat(IdentityOptions.rewrite("create table t (id int generated always as identity ( start +3 ))"))
        .isEqualTo("create table t (id int generated always as identity ('3', '1'))");
  }

  @Test
  void leavesQuotesCommentsAndOtherTextAlone() {
    var quoted = "create table \"identity (start with 1)\" (v varchar(40) default 'identity (increment by 2)')";
    assertThat(IdentityOptions.rewrite(quoted)).isEqualTo(quoted);
    var commented = "select 1 -- identity (start with 1)\n/* identity (start 2) */";
    assertThat(IdentityOptions.rewrite(commented)).isEqualTo(commented);
    var plain = "create table t (id int generated always as identity, v int)";
    assertThat(IdentityOptions.rewrite(plain)).isSameAs(plain);
  }

  @Test
  void findsQuotesAndCommentsBeforeAPosition() {
    var sql = "a 'b' \"c\" -- d\n/* e */ f";
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('a'))).isFalse();
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('b'))).isTrue();
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('c'))).isTrue();
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('d'))).isTrue();
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('e'))).isTrue();
    assertThat(SqlParser.insideQuotesOrComment(sql, sql.indexOf('f'))).isFalse();
    assertThat(SqlParser.insideQuotesOrComment("x 'unclosed y", 12)).isTrue();
  }
}
