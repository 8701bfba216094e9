package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ReorderJoins}: inner joins start with the input their own conditions narrow most. */
class ReorderJoinsTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void theInputNarrowedToOneRowByItsPrimaryKeyGoesFirst() {
    var plan =
        bound(db, "select * from orders o join customers c on o.customer_id = c.id where c.id = 7");
    var reordered = lines(ReorderJoins.apply(plan));
    // a projection restores the written column order; customers, narrowed by c.id = 7, leads
    assertThat(reordered.get(1)).isEqualTo("  Project id, customer_id, status, amount, id, name");
    assertThat(reordered.subList(3, 6))
        .containsExactly(
            "      NestedLoopJoin INNER on customer_id = id",
            "        TableScan customers c columns=[id, name]",
            "        TableScan orders o columns=[id, customer_id, status, amount]");
    // as written, orders came first
    assertThat(lines(plan))
        .containsSubsequence(
            "      TableScan orders o columns=[id, customer_id, status, amount]",
            "      TableScan customers c columns=[id, name]");
  }

  @Test
  void anOuterJoinKeepsTheWrittenOrder() {
    var plan =
        bound(
            db,
            "select * from orders o left join customers c on o.customer_id = c.id where c.id = 7");
    assertThat(lines(ReorderJoins.apply(plan))).isEqualTo(lines(plan));
  }
}
