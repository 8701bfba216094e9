package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ChooseAccessPath}: a filtered full scan becomes key ranges on an index. */
class ChooseAccessPathTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void anInListAndAnEqualityOnTheIndexBecomeOneRangePerValue() {
    var plan =
        bound(
            db,
            "select * from orders where customer_id in (1, 2) and status = 'open' and amount > 3");
    assertThat(lines(ChooseAccessPath.apply(plan)))
        .containsExactly(
            "Project id, customer_id, status, amount",
            "  Filter amount > 3",
            "    IndexRangeScan orders using orders_cs = (1, 'open') or = (2, 'open')"
                + " columns=[id, customer_id, status, amount]");
  }

  @Test
  void aFilterOnNoKeyColumnKeepsTheFullScan() {
    var plan = bound(db, "select * from orders where amount > 3");
    assertThat(lines(ChooseAccessPath.apply(plan)))
        .isEqualTo(lines(plan))
        .contains("    TableScan orders columns=[id, customer_id, status, amount]");
  }
}
