package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.slt.KiteSqlEngine;
import io.kitesql.slt.SltEngine;
import io.kitesql.slt.SqliteEngine;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Unquoted names fold to lower case, quoted names are exact, for tables, columns, indexes and
 * aliases alike (PostgreSQL's rules); {@code "a""b"} is the name {@code a"b}; {@code "x.y"} is one
 * name; a single-quoted string is not a name; reserved words are names only when quoted, and
 * misplaced they are syntax errors naming the word.
 */
class IdentifierRulesTest {
  @TempDatabase Database db;

  private List<String> column(String sql) {
    return db.read(
        tx -> tx.query(sql).toList().stream().map(row -> String.valueOf(row[0])).toList());
  }

  private static KiteSqlException failure(Runnable r) {
    try {
      r.run();
    } catch (KiteSqlException e) {
      return e;
    }
    throw new AssertionError("no KiteSqlException");
  }

  @Test
  void unquotedNamesFoldToLowerCaseAndQuotedNamesAreExact() {
    db.execute("create table Orders (Id int, Note varchar(10))");
    db.execute("insert into ORDERS (ID, note) values (1, 'a')");
    assertThat(column("select \"id\" from \"orders\"")).containsExactly("1");
    assertThat(db.prepare("select Id, NOTE from orders").columns())
        .extracting(ResultColumn::name)
        .containsExactly("id", "note");
    assertThat(failure(() -> column("select * from \"Orders\"")).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_TABLE);
    assertThat(failure(() -> column("select \"Id\" from orders")).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_COLUMN);

    db.execute("create table \"Orders\" (\"Id\" int, id int)"); // a second table: the names differ
    db.execute("insert into \"Orders\" values (10, 20)");
    assertThat(column("select \"Id\" + id from \"Orders\"")).containsExactly("30");
    assertThat(failure(() -> db.execute("create table ORDERS (x int)")).errorCode())
        .isEqualTo(ErrorCode.CATALOG_CONFLICT);
  }

  @Test
  void indexesAndAliasesFollowTheSameRules() {
    db.execute("create table t (a int)");
    db.execute("create index \"Ix\" on t (a)");
    db.execute("create index ix on t (a)");
    db.execute("drop index IX");
    db.execute("drop index \"Ix\"");
    assertThat(failure(() -> db.execute("drop index ix")).getMessage())
        .contains("index ix does not exist");
    db.execute("insert into t values (1)");
    assertThat(column("select \"X\" from (select a as \"X\" from t) d order by \"X\""))
        .containsExactly("1");
    assertThat(column("select d.x from (select a as X from t) D")).containsExactly("1");
    assertThat(failure(() -> column("select d.x from (select a as \"X\" from t) d")).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_COLUMN);
    // an index without a name is named as PostgreSQL names it
    db.execute("create index on t (a)");
    db.execute("create index on t (a)");
    db.execute("drop index t_a_idx");
    db.execute("drop index t_a_idx1");
  }

  @Test
  void quotedNamesMayHoldQuotesDotsAndReservedWords() throws Exception {
    var statements =
        List.of(
            "create table \"a\"\"b\" (\"c\"\"d\" int, \"x.y\" int)",
            "insert into \"a\"\"b\" (\"c\"\"d\", \"x.y\") values (1, 2)",
            "create table \"x.y\" (\"select\" int, \"order\" int, \"from\" int)",
            "insert into \"x.y\" (\"select\", \"order\", \"from\") values (3, 4, 5)",
            "create index \"where\" on \"x.y\" (\"order\")",
            "update \"x.y\" set \"order\" = \"order\" + 10 where \"select\" = 3");
    var query =
        "select \"c\"\"d\", t.\"x.y\", \"select\", \"order\", u.\"from\" from \"a\"\"b\" t, \"x.y\" u"
            + " where u.\"order\" > 0 order by \"order\"";
    // SQLite reads these names the same way: cross-check the result
    try (var kite = KiteSqlEngine.inTemporaryDirectory(Durability.NO_SYNC);
        var sqlite = SqliteEngine.inMemory()) {
      for (SltEngine engine : List.of(kite, sqlite)) {
        for (var sql : statements) {
          engine.statement(sql);
        }
      }
      var expected = sqlite.query(query, "IIIII");
      assertThat(expected).containsExactly(List.of("1", "2", "3", "14", "5"));
      assertThat(kite.query(query, "IIIII")).isEqualTo(expected);
    }
    db.execute(statements.get(0));
    assertThat(db.prepare("select * from \"a\"\"b\"").columns())
        .extracting(ResultColumn::name)
        .containsExactly("c\"d", "x.y");
  }

  @Test
  void viewsFollowTheSameRules() {
    db.execute("create table \"x.y\" (\"order\" int)");
    db.execute("insert into \"x.y\" values (5)");
    db.execute("create view \"V\" (\"Order\") as select \"order\" from \"x.y\"");
    db.execute("create view v as select \"order\" * 2 as Doubled from \"x.y\"");
    assertThat(column("select \"Order\" from \"V\"")).containsExactly("5");
    assertThat(column("select DOUBLED from V")).containsExactly("10");
    assertThat(failure(() -> column("select \"Doubled\" from v")).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_COLUMN);
    assertThat(failure(() -> db.execute("create view select as select 1")).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
    db.execute("drop view \"V\"");
    db.execute("drop view V");
  }

  @Test
  void singleQuotedStringsAreNotNames() {
    var e = failure(() -> db.execute("create table 'sq' (x int)"));
    assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThat(e.getMessage()).contains("'sq'");
    assertThat(failure(() -> db.execute("create table t ('c' int)")).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
    db.execute("create table t (a int)");
    assertThat(failure(() -> column("select a as 'x' from t")).errorCode())
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
  }

  @Test
  void misplacedReservedWordsAreSyntaxErrorsNamingThem() {
    db.execute("create table t (a int)");
    for (var sql :
        List.of(
            "create table select (x int)",
            "create table order (x int)",
            "create table t2 (x int, group int)",
            "create table t3 (from int)",
            "select * from order",
            "select a from t order",
            "select a from t where order = 1",
            "select a as from from t",
            "delete from t where order = 1",
            "create index where on t (a)")) {
      var e = failure(() -> db.execute(sql));
      assertThat(e.errorCode()).as(sql).isEqualTo(ErrorCode.SYNTAX_ERROR);
      assertThat(e.getMessage())
          .as(sql)
          .containsPattern("(?i)'(select|order|group|from|where)'")
          .doesNotContain("UnsupportedStatement");
    }
  }
}
