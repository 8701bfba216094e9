package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ChooseJoinStrategy}: an index lookup, hash or nested-loop join, by the equalities. */
class ChooseJoinStrategyTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void anEqualityOnTheRightSidesPrimaryKeyBecomesAnIndexLookupJoin() {
    var plan =
        PushDownFilters.apply(
            bound(db, "select * from orders o join customers c on o.customer_id = c.id"));
    assertThat(lines(ChooseJoinStrategy.apply(plan)))
        .containsExactly(
            "Project id, customer_id, status, amount, id, name",
            "  IndexLookupJoin INNER using primary key (customer_id) on customer_id = id",
            "    TableScan orders o columns=[id, customer_id, status, amount]",
            "    TableScan customers c columns=[id, name]");
  }

  @Test
  void anEqualityOnNoKeyBecomesAHashJoin() {
    var plan =
        PushDownFilters.apply(
            bound(db, "select * from orders o join customers c on o.status = c.name"));
    assertThat(lines(ChooseJoinStrategy.apply(plan)).get(1))
        .isEqualTo("  HashJoin INNER keys=[status] = [name] on status = name");
  }

  @Test
  void aJoinWithoutEqualityStaysANestedLoop() {
    var plan =
        PushDownFilters.apply(
            bound(db, "select * from orders o join customers c on o.customer_id > c.id"));
    assertThat(lines(ChooseJoinStrategy.apply(plan)))
        .isEqualTo(lines(plan))
        .contains("  NestedLoopJoin INNER on customer_id > id");
  }
}
