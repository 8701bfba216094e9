package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A filter on the right table of an index lookup join that the access-path choice had turned into a
 * key range on another index was dropped, because the lookup replaces that range.
 */
class JoinFilterEnforcementTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table t4 (b4 integer)");
    db.execute("create table p (k integer primary key, v integer)");
    db.execute("create table q (k integer primary key, w integer)");
    db.execute("create index pv on p (v)");
    db.execute("create index qw on q (w)");
    db.execute("insert into t4 values (1), (2), (3)");
    db.execute("insert into p values (1, 10), (2, 20), (3, 30)");
    db.execute("insert into q values (10, 1), (20, 2), (30, 3)");
  }

  List<String> rows(String sql) {
    return QueryRows.of(db, sql);
  }

  @Test
  void leftJoinKeepsTheRightTablesIndexedEqualityFilter() {
    assertThat(rows("select * from t4 left join p on b4 = k and v = 20 order by b4"))
        .containsExactly("1,null,null", "2,2,20", "3,null,null");
  }

  @Test
  void leftJoinKeepsTheRightTablesIndexedRangeFilter() {
    assertThat(rows("select * from t4 left join p on b4 = k and v > 15 and v < 25 order by b4"))
        .containsExactly("1,null,null", "2,2,20", "3,null,null");
  }

  @Test
  void innerJoinKeepsTheRightTablesIndexedWhereFilter() {
    assertThat(rows("select b4, v from t4 join p on b4 = k where v >= 20 order by b4"))
        .containsExactly("2,20", "3,30");
  }

  @Test
  void threeTableInnerJoinKeepsEveryIndexedFilter() {
    assertThat(
            rows(
                "select b4, v, w from t4 join p on b4 = p.k join q on v = q.k where w = 2 and v <= 20 order by b4"))
        .containsExactly("2,20,2");
    assertThat(
            rows(
                "select b4, v, w from t4 join p on b4 = p.k and v > 10 join q on v = q.k and w < 3 order by b4"))
        .containsExactly("2,20,2");
  }
}
