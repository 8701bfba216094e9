package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code a IS [NOT] DISTINCT FROM b}, the null-safe comparison (two NULLs are not distinct, a NULL
 * and a value are, never NULL itself), in expressions, WHERE and join conditions. Expected results
 * derived by hand from the standard's definition.
 */
class IsDistinctFromTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table l (id integer primary key, x integer)");
    db.execute("insert into l values (1, 1), (2, null), (3, 3)");
    db.execute("create table r (k integer primary key, y integer)");
    db.execute("create index ry on r(y)");
    db.execute("insert into r values (10, 1), (20, null), (30, 4)");
  }

  /** Every row, each as its values joined by commas. */
  List<String> rows(String sql) {
    return QueryRows.of(db, sql);
  }

  @Test
  void truthTableOfValuesAndNulls() {
    assertThat(
            rows(
                "select 1 is distinct from 1, 1 is distinct from 2, 1 is distinct from null,"
                    + " null is distinct from 1, null is distinct from null"))
        .containsExactly("false,true,true,true,false");
    assertThat(
            rows(
                "select 1 is not distinct from 1, 1 is not distinct from 2,"
                    + " 1 is not distinct from null, null is not distinct from null"))
        .containsExactly("true,false,false,true");
  }

  @Test
  void comparesAcrossNumericTypesAndText() {
    assertThat(
            rows(
                "select 1 is not distinct from 1.0, 'a' is distinct from 'b',"
                    + " cast(null as varchar) is not distinct from null"))
        .containsExactly("true,true,true");
  }

  @Test
  void inWhereANullMatchesOnlyNull() {
    assertThat(rows("select id from l where x is not distinct from null order by id"))
        .containsExactly("2");
    assertThat(rows("select id from l where x is distinct from 1 order by id"))
        .containsExactly("2", "3");
    // = would drop row 2 (NULL = 1 is unknown); NOT of IS NOT DISTINCT keeps it
    assertThat(rows("select id from l where not (x is not distinct from 1) order by id"))
        .containsExactly("2", "3");
  }

  @Test
  void asAJoinConditionNullsMatchEachOther() {
    // pairs with equal x/y: (1,1) -> 10; (NULL, NULL) -> 20; 3 has no partner
    assertThat(rows("select id, k from l join r on x is not distinct from y order by id"))
        .containsExactly("1,10", "2,20");
    assertThat(rows("select id, k from l left join r on l.x is not distinct from r.y order by id"))
        .containsExactly("1,10", "2,20", "3,null");
    // the indexed column on either side, and a parameter-free constant: same answers
    assertThat(rows("select k from r where y is not distinct from null")).containsExactly("20");
    assertThat(rows("select k from r where 1 is not distinct from y")).containsExactly("10");
    assertThat(rows("select count(*) from l join r on x is distinct from y"))
        .containsExactly("7"); // 9 pairs minus the 2 not-distinct ones
  }

  @Test
  void aParameterMatchesNullsWhenBoundToNull() {
    // the reason to write it: one prepared statement finds NULLs and values alike
    var sql = "select id from l where x is not distinct from ? order by id";
    var statement = db.prepare(sql);
    List<List<Object>> found = new ArrayList<>();
    for (Object value : new Object[] {null, 3}) {
      found.add(
          db.read(
              tx -> {
                var ids = new ArrayList<Object>();
                try (var rows = tx.query(statement, value)) {
                  while (rows.next()) {
                    ids.add(rows.get(0));
                  }
                }
                return ids;
              }));
    }
    assertThat(found).containsExactly(List.of(2), List.of(3));
  }

  @Test
  void inSelectListAndCaseNeverNull() {
    assertThat(rows("select id, x is distinct from 3 from l order by id"))
        .containsExactly("1,true", "2,true", "3,false");
    assertThat(rows("select count(*) from l where (x is distinct from null) is null"))
        .containsExactly("0");
  }

  @Test
  void incomparableOperandsAreATypeMismatch() {
    assertThatThrownBy(() -> rows("select 1 is distinct from 'a'"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }

  @Test
  void explainShowsTheOperator() {
    assertThat(String.join("\n", rows("explain select id from l where x is not distinct from 1")))
        .contains("IS NOT DISTINCT FROM");
  }
}
