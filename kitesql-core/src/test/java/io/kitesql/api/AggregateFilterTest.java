package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code aggregate(...) FILTER (WHERE condition)}, grouped, ungrouped and as a window aggregate:
 * only the rows the condition makes TRUE reach the aggregate. Expected results derived by hand from
 * the rows below.
 */
class AggregateFilterTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table t (id integer primary key, g integer, x integer)");
    db.execute(
        "insert into t values (1, 1, 1), (2, 1, 2), (3, 1, null), (4, 2, 3), (5, 2, 5),"
            + " (6, 3, null)");
  }

  /** Every row, each as its values joined by commas. */
  List<String> rows(String sql) {
    return QueryRows.of(db, sql);
  }

  ErrorCode errorOf(String sql) {
    return QueryRows.errorOf(db, sql);
  }

  @Test
  void ungroupedAggregatesSeeOnlyFilteredRows() {
    // x > 1: 2, 3, 5; x IS NULL: ids 3 and 6; g = 2: 3, 5
    assertThat(
            rows(
                "select count(*) filter (where x > 1), sum(x) filter (where x > 1),"
                    + " min(x) filter (where x > 1), max(x) filter (where x < 5),"
                    + " count(*) filter (where x is null), count(x) filter (where g = 1), count(*) from t"))
        .containsExactly("3,10,2,3,2,2,6");
    assertThat(
            rows(
                "select avg(x) filter (where g = 2), count(distinct g) filter (where x is not null)"
                    + " from t"))
        .containsExactly("4.0,2");
  }

  @Test
  void noRowPassingGivesTheEmptyAggregate() {
    assertThat(rows("select count(*) filter (where x > 100), sum(x) filter (where x > 100) from t"))
        .containsExactly("0,null");
  }

  @Test
  void groupedAndInHaving() {
    assertThat(
            rows(
                "select g, count(*) filter (where x > 1), sum(x) filter (where x > 1) from t"
                    + " group by g order by g"))
        .containsExactly("1,1,2", "2,2,8", "3,0,null");
    assertThat(
            rows("select g from t group by g having count(*) filter (where x > 1) > 0 order by g"))
        .containsExactly("1", "2");
  }

  @Test
  void unknownConditionsLetNoRowThrough() {
    // x > 1 is unknown for the NULL rows; NOT (x > 1) is unknown too: neither counts them
    assertThat(
            rows(
                "select count(*) filter (where x > 1), count(*) filter (where not (x > 1)) from t"))
        .containsExactly("3,1");
  }

  @Test
  void windowAggregatesWithFilter() {
    assertThat(
            rows(
                "select id, count(*) filter (where x > 1) over (partition by g) from t order by id"))
        .containsExactly("1,1", "2,1", "3,1", "4,2", "5,2", "6,0");
    assertThat(
            rows("select id, sum(x) filter (where x <> 2) over (order by id) from t order by id"))
        .containsExactly("1,1", "2,1", "3,1", "4,4", "5,9", "6,9");
    assertThat(
            rows(
                "select id, sum(x) filter (where x > 1) over (order by id rows between 1 preceding"
                    + " and current row) from t order by id"))
        .containsExactly("1,null", "2,2", "3,2", "4,3", "5,8", "6,5");
  }

  @Test
  void misuseIsRefusedByName() {
    assertThat(errorOf("select row_number() filter (where x > 1) over () from t"))
        .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(errorOf("select count(*) filter (where sum(x) > 1) from t"))
        .isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(errorOf("select id from t where count(*) filter (where x > 1) > 0"))
        .isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(errorOf("select count(*) filter (where x) from t"))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> rows("select abs(x) filter (where x > 1) from t"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("FILTER");
  }
}
