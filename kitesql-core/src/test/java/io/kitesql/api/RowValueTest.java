package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Row values, {@code (a, b) [NOT] IN (SELECT x, y ...)}, {@code (a, b) IN ((1, 2), ...)} and {@code
 * (a, b) op (c, d)}, with PostgreSQL's NULL rules: a row comparison is NULL when a NULL pair
 * decides it; IN is TRUE if some row is equal, else NULL if some may be, else FALSE. Expected
 * results derived by hand (the comments give the reasoning).
 */
class RowValueTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table p (id integer primary key, a integer, b integer)");
    db.execute(
        "insert into p values (1, 1, 1), (2, 1, null), (3, 2, 2), (4, null, null), (5, 3, 3),"
            + " (6, 4, 4)");
    db.execute("create table q (x integer, y integer)");
    db.execute("insert into q values (1, 1), (2, null), (null, 3)");
  }

  /** Every row, each as its values joined by commas. */
  List<String> rows(String sql) {
    return QueryRows.of(db, sql);
  }

  ErrorCode errorOf(String sql) {
    return QueryRows.errorOf(db, sql);
  }

  @Test
  void rowInSubqueryFollowsThreeValuedLogic() {
    // against q's rows (1,1), (2,NULL), (NULL,3):
    // 1 (1,1) equals the first: TRUE. 2 (1,NULL): (1,1) gives NULL. 3 (2,2): (2,NULL) gives NULL.
    // 4 (NULL,NULL): NULL everywhere. 5 (3,3): (NULL,3) gives NULL. 6 (4,4): FALSE against all.
    assertThat(rows("select id, (a, b) in (select x, y from q) from p order by id"))
        .containsExactly("1,true", "2,null", "3,null", "4,null", "5,null", "6,false");
    assertThat(rows("select id from p where (a, b) in (select x, y from q) order by id"))
        .containsExactly("1");
    assertThat(rows("select id from p where (a, b) not in (select x, y from q) order by id"))
        .containsExactly("6");
  }

  @Test
  void rowInAnEmptySubqueryIsFalseEvenForNulls() {
    assertThat(
            rows("select count(*) from p where (a, b) not in (select x, y from q where x > 100)"))
        .containsExactly("6");
  }

  @Test
  void correlatedRowIn() {
    // id 1 finds (1,1); id 2 finds (2,NULL), and 1 <> 2 makes it FALSE; the others find no row
    assertThat(
            rows(
                "select id from p where (a, b) in (select x, y from q where q.x = p.id) order by id"))
        .containsExactly("1");
    assertThat(
            rows(
                "select id from p where (b, a) not in (select y, x from q where q.x = p.id) order by id"))
        .containsExactly("2", "3", "4", "5", "6");
  }

  @Test
  void rowOperandReadingTwoScopesInsideACorrelatedSubquery() {
    // (p.a, q.y) equals a row of q only as (1,1): q.y = 1 and p.a = 1, so ids 1 and 2
    assertThat(
            rows(
                "select id from p where exists (select 1 from q where (p.a, q.y) in"
                    + " (select x, y from q q2)) order by id"))
        .containsExactly("1", "2");
  }

  @Test
  void rowEqualityAndInequality() {
    assertThat(
            rows(
                "select (1, 2) = (1, 2), (1, 2) = (1, 3), (1, null) = (1, 2), (1, null) = (2, 2),"
                    + " (1, 2) <> (1, 3), (1, null) <> (1, 2), (1, null) <> (2, 2)"))
        .containsExactly("true,false,null,false,true,null,true");
    assertThat(rows("select id from p where (a, b) = (1, 1) or (a, b) = (2, 2) order by id"))
        .containsExactly("1", "3");
  }

  @Test
  void rowOrderingIsLexicographic() {
    // the first unequal pair decides; a NULL before it makes the result NULL
    assertThat(
            rows(
                "select (1, 2) < (1, 3), (1, 2) < (2, 0), (2, 0) < (1, 9), (1, null) < (2, 0),"
                    + " (1, null) < (1, 5), (1, 2) <= (1, 2), (1, 3) >= (1, 2), (1, 2) > (1, 2), (1, 2, 3) > (1, 2, 2)"))
        .containsExactly("true,true,false,true,null,true,true,false,true");
    assertThat(rows("select id from p where (a, b) > (1, 1) order by id"))
        .containsExactly("3", "5", "6");
  }

  @Test
  void rowInList() {
    assertThat(
            rows(
                "select (1, 2) in ((1, 2), (3, 4)), (1, 2) in ((3, 4)), (1, 2) in ((1, null)),"
                    + " (1, 2) not in ((3, 4), (1, null)), (1, 2) not in ((3, 4))"))
        .containsExactly("true,false,null,null,true");
  }

  @Test
  void mismatchesAreRefusedClearly() {
    assertThat(errorOf("select id from p where (a, b) in (select x from q)"))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(errorOf("select (1, 2) = (1, 2, 3)")).isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThat(errorOf("select (1, 2) in ((1, 2), 3)")).isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThat(errorOf("select (1, 2) = (select 1, 2)")).isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(errorOf("select (1, 'a') = (1, 2)")).isEqualTo(ErrorCode.TYPE_MISMATCH);
  }
}
