package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link UseIndexForMinMax}: MIN or MAX alone reads one key of the walk. */
class UseIndexForMinMaxTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void maxOfTheNextKeyColumnWalksTheRangeBackwardForOneRow() {
    var plan = ChooseAccessPath.apply(bound(db, "select max(c) from t where a = 3"));
    var rewritten = lines(UseIndexForMinMax.apply(plan));
    assertThat(rewritten.subList(0, 3))
        .containsExactly(
            "Project MAX(c)", "  HashAggregate keys=[] aggregates=[MAX(c)]", "    Limit 1");
    assertThat(rewritten.get(3))
        .startsWith("      IndexRangeScan t using t_ac ")
        .contains(" reverse ");
    assertThat(rewritten).hasSize(4);
  }

  @Test
  void twoAggregatesOrAColumnNotNextInTheKeyStay() {
    for (var sql :
        new String[] {
          "select max(c), min(c) from t where a = 3", "select max(b) from t where a = 3"
        }) {
      var plan = ChooseAccessPath.apply(bound(db, sql));
      assertThat(lines(UseIndexForMinMax.apply(plan))).as(sql).isEqualTo(lines(plan));
    }
  }
}
