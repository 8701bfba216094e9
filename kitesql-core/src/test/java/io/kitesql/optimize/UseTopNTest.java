package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link UseTopN}: ORDER BY with LIMIT keeps a bounded heap instead of sorting every row. */
class UseTopNTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void aLimitOverASortBecomesTopN() {
    var plan = bound(db, "select id from t order by b limit 10 offset 5");
    assertThat(lines(UseTopN.apply(plan)))
        .containsExactly(
            "Project id",
            "  TopN order1 ASC NULLS FIRST limit 10 offset 5",
            "    Project id, b",
            "      TableScan t columns=[id, a, b, c, name, note]");
  }

  @Test
  void aSortWithoutLimitAndALimitWithoutSortStay() {
    for (var sql : new String[] {"select id from t order by b", "select id from t limit 10"}) {
      var plan = bound(db, sql);
      assertThat(lines(UseTopN.apply(plan))).as(sql).isEqualTo(lines(plan));
    }
  }
}
