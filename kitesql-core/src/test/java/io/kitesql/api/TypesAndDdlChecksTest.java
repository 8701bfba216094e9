package io.kitesql.api;

import static io.kitesql.testing.Failures.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Types and DDL: SMALLINT is 16-bit, CREATE TEMPORARY TABLE is refused by name, a DEFAULT must fit
 * its column at DDL, ADD COLUMN IF NOT EXISTS, CAST of binary to text, LIMIT parameters, and error
 * messages that carry their code once. Expected values follow PostgreSQL (derived by hand from its
 * documentation).
 */
class TypesAndDdlChecksTest {
  @TempDatabase Database db;

  private List<String> column(String sql) {
    return db.read(
        tx -> {
          var out = new ArrayList<String>();
          try (var rows = tx.query(sql)) {
            while (rows.next()) {
              var v = rows.get(0);
              out.add(v == null ? null : v.toString());
            }
          }
          return out;
        });
  }

  @Test
  void smallintHoldsSixteenBits() {
    db.execute("create table s (a smallint, b int2)");
    assertThat(db.prepare("select a, b from s").columns())
        .extracting(ResultColumn::type)
        .containsExactly(DataType.SMALLINT, DataType.SMALLINT);
    db.execute("insert into s values (32767, -32768)");
    assertFails(
        () -> db.execute("insert into s values (100000, 0)"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "SMALLINT");
    assertFails(
        () -> db.execute("insert into s values (32768, 0)"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "SMALLINT");
    assertFails(
        () -> db.execute("insert into s values (0, -32769)"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "SMALLINT");
    assertFails(
        () -> db.execute("insert into s values (?, 0)", 40000),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "SMALLINT");
    assertFails(
        () -> db.execute("update s set a = a + 1"), ErrorCode.VALUE_OUT_OF_RANGE, "SMALLINT");
    assertFails(
        () -> column("select cast(100000 as smallint)"), ErrorCode.VALUE_OUT_OF_RANGE, "SMALLINT");
    // arithmetic and negation work in INT, as PostgreSQL's smallint + integer does
    assertThat(column("select a + 1 from s")).containsExactly("32768");
    assertThat(column("select -b from s")).containsExactly("32768");
    assertThat(column("select a from s")).containsExactly("32767");
  }

  @Test
  void smallintKeysCompareWithValuesBeyondTheirRange() {
    db.execute("create table k (a smallint primary key, b smallint)");
    db.execute("create index kb on k (b)");
    db.execute("insert into k values (1, 1), (2, 300), (-5, -32768)");
    // every stored value is below 100000 and above -100000: a key range must not refuse the bound
    assertThat(column("select a from k where a < 100000 order by a"))
        .containsExactly("-5", "1", "2");
    assertThat(column("select a from k where a between -40000 and 40000 order by a"))
        .containsExactly("-5", "1", "2");
    assertThat(column("select a from k where b < 100000 order by a"))
        .containsExactly("-5", "1", "2");
    assertThat(column("select a from k where b = 100000")).isEmpty();
    assertThat(column("select a from k where b <= -32768")).containsExactly("-5");
    // an INT constant that fits still uses the key
    assertThat(String.join("\n", column("explain select a from k where a = 2")))
        .contains("PrimaryKeyLookup k = (2)");
    assertThat(String.join("\n", column("explain select a from k where b = 300")))
        .contains("IndexRangeScan");
    assertThat(column("select a from k where b = 300")).containsExactly("2");
  }

  @Test
  void smallserialCountsWithinSixteenBits() {
    db.execute("create table c (id smallserial, x int)");
    db.execute("insert into c (id, x) values (32767, 1)");
    db.execute("insert into c (x) values (2)");
    assertThat(column("select id from c order by x")).containsExactly("32767", "1");
    assertFails(
        () ->
            db.execute(
                "create table d (id smallint generated always as identity (start with 40000))"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "START WITH 40000");
  }

  @Test
  void temporaryTablesAreRefusedByName() {
    assertFails(
        () -> db.execute("create temporary table t (x int)"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "TEMPORARY");
    assertFails(
        () -> db.execute("create temp table t (x int)"), ErrorCode.UNSUPPORTED_FEATURE, "TEMP");
    assertFails(
        () -> db.execute("create unlogged table t (x int)"),
        ErrorCode.UNSUPPORTED_FEATURE,
        "UNLOGGED");
    // nothing was created: the name is still free
    db.execute("create table t (x int)");
  }

  @Test
  void aDefaultThatDoesNotFitItsColumnIsRefusedAtDdl() {
    assertFails(
        () -> db.execute("create table d (i int default 'x')"),
        ErrorCode.INVALID_VALUE,
        "DEFAULT 'x' of column i");
    assertFails(
        () -> db.execute("create table d (i smallint default 40000)"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "DEFAULT 40000");
    assertFails(
        () -> db.execute("create table d (v varchar(2) default 'abc')"),
        ErrorCode.VALUE_OUT_OF_RANGE,
        "DEFAULT 'abc'");
    assertFails(
        () -> db.execute("create table d (b boolean default 'maybe')"),
        ErrorCode.INVALID_VALUE,
        "DEFAULT 'maybe'");
    db.execute("create table d (i int default '7', v varchar(3) default 'abc')");
    db.execute("insert into d default values");
    assertThat(column("select i from d")).containsExactly("7");
    assertFails(
        () -> db.execute("alter table d add column z int default 'x'"),
        ErrorCode.INVALID_VALUE,
        "DEFAULT 'x' of column z");
  }

  @Test
  void addColumnIfNotExistsKeepsAnExistingColumn() {
    db.execute("create table t (a int)");
    db.execute("insert into t values (1)");
    db.execute("alter table t add column if not exists a varchar(5) default 'x'");
    db.execute("alter table t add if not exists b int default 2");
    assertThat(db.prepare("select * from t").columns())
        .extracting(ResultColumn::type)
        .containsExactly(DataType.INT, DataType.INT);
    assertThat(column("select a + b from t")).containsExactly("3");
    assertFails(
        () -> db.execute("alter table t add column a int"),
        ErrorCode.CATALOG_CONFLICT,
        "column a already exists");
  }

  @Test
  void binaryCastsToTextInPostgresHexForm() {
    assertThat(column("select cast(x'4142' as varchar)")).containsExactly("\\x4142");
    assertThat(column("select cast(X'00ff' as varchar)")).containsExactly("\\x00ff");
    assertThat(column("select cast(x'' as varchar)")).containsExactly("\\x");
    assertThat(column("select cast(x'4142' as varbinary) = x'4142'")).containsExactly("true");
    assertFails(
        () -> column("select x'414'"),
        ErrorCode.INVALID_VALUE,
        "even number of hex digits: x'414'");
  }

  @Test
  void aNegativeLimitParameterFailsLikeANegativeLiteral() {
    db.execute("create table t (a int)");
    db.execute("insert into t values (1)");
    var literal = catchCode(() -> db.read(tx -> tx.query("select a from t limit -1").toList()));
    var parameter =
        catchCode(() -> db.read(tx -> tx.query("select a from t limit ?", -1).toList()));
    assertThat(parameter.errorCode())
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE)
        .isEqualTo(literal.errorCode());
    assertThat(parameter.getMessage()).isEqualTo(literal.getMessage());
    var offset = catchCode(() -> db.read(tx -> tx.query("select a from t offset ?", -1L).toList()));
    assertThat(offset.getMessage())
        .isEqualTo(
            catchCode(() -> db.read(tx -> tx.query("select a from t offset -1").toList()))
                .getMessage());
  }

  @Test
  void wrappedErrorsNameTheirCodeOnce() {
    db.execute("create table t (a int, s smallint)");
    for (Runnable r :
        List.<Runnable>of(
            () -> db.execute("insert into t (a) values (?)", "x"),
            () -> db.execute("insert into t (s) values (?)", 70000),
            () -> db.execute("create table u (i int default 'x')"),
            () -> column("select 'a' union select 1"))) {
      var e = catchCode(r);
      var code = "[" + e.errorCode() + " " + e.errorCode().code() + "]";
      assertThat(e.getMessage()).endsWith(code);
      assertThat(e.getMessage().indexOf(code))
          .as(e.getMessage())
          .isEqualTo(e.getMessage().lastIndexOf(code));
      assertThat(e.reason()).doesNotContain("[" + e.errorCode());
    }
  }

  private static KiteSqlException catchCode(Runnable r) {
    try {
      r.run();
    } catch (KiteSqlException e) {
      return e;
    }
    throw new AssertionError("no KiteSqlException");
  }
}
