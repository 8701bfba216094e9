package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link PushDownFilters}: filters move toward the scans, never below a limit. */
class PushDownFiltersTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void aConjunctOfOneSideGoesBelowTheJoinAndOneOverBothBecomesItsCondition() {
    var plan =
        bound(
            db, "select * from orders o, customers c where o.amount = 1 and o.customer_id = c.id");
    assertThat(lines(PushDownFilters.apply(plan)))
        .containsExactly(
            "Project id, customer_id, status, amount, id, name",
            "  NestedLoopJoin INNER on customer_id = id",
            "    Filter amount = 1",
            "      TableScan orders o columns=[id, customer_id, status, amount]",
            "    TableScan customers c columns=[id, name]");
  }

  @Test
  void aFilterStaysAboveALimit() {
    var plan = bound(db, "select * from (select a from t limit 3) s where a = 1");
    var pushed = lines(PushDownFilters.apply(plan));
    // through the outer projection, not through the limit whose rows it would change
    assertThat(pushed.get(pushed.indexOf("    Filter a = 1") + 1)).isEqualTo("      Limit 3");
    assertThat(pushed).hasSameSizeAs(lines(plan));
  }
}
