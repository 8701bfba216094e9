package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A bare NULL (or a CASE whose every result is one) takes the type of its context, as in PostgreSQL
 * and SQLite, instead of being VARCHAR and refused next to numbers; unary plus is the identity on
 * text.
 */
class UntypedNullContextTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table t (k integer primary key, s varchar(10))");
    db.execute("insert into t values (1, 'x')");
  }

  private DataType typeOf(String sql) {
    return db.prepare(sql).columns().getFirst().type();
  }

  /** The first row's first value as text (copied: text values are borrowed), or null. */
  private String value(String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            var v = rows.get(0);
            return v == null ? null : v.toString();
          }
        });
  }

  @Test
  void nullsInPredicatesTakeTheOtherOperandsType() {
    assertThat(value("select null in (null, 1)")).isNull();
    assertThat(value("select null not in (null, 1)")).isNull();
    assertThat(value("select null between 1 and null")).isNull();
    assertThat(value("select null between null and 1")).isNull();
    assertThat(typeOf("select null in (null, 1)")).isEqualTo(DataType.BOOLEAN);
  }

  @Test
  void caseWithOnlyNullResultsTakesItsContextsType() {
    assertThat(typeOf("select case when k = 1 then null end + 1 from t").kind())
        .isIn(TypeKind.INT, TypeKind.BIGINT);
    assertThat(value("select case when k = 1 then null end + 1 from t")).isNull();
    assertThat(value("select coalesce(case when k = 2 then null else null end, 5) * 2 from t"))
        .isEqualTo("10");
    // with a typed result, the NULLs take its type as before
    assertThat(typeOf("select case when k = 1 then null else k end from t").kind())
        .isEqualTo(TypeKind.INT);
    // alone, it is still text, as PostgreSQL resolves "unknown"
    assertThat(typeOf("select case when k = 1 then null end from t").kind())
        .isEqualTo(TypeKind.VARCHAR);
  }

  @Test
  void unaryPlusIsTheIdentityOnTextButMinusStillNeedsANumber() {
    assertThat(value("select + s from t")).isEqualTo("x");
    assertThat(typeOf("select + s from t").kind()).isEqualTo(TypeKind.VARCHAR);
    assertThatThrownBy(() -> db.prepare("select - s from t"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }
}
