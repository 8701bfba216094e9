package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link OptimizeSubqueries}: the plans of subqueries get the rules of a query. */
class OptimizeSubqueriesTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void theSubqueryInsideAnExpressionIsOptimized() {
    var plan =
        bound(
            db,
            "select id from t where id in (select customer_id from orders order by amount limit 2)");
    var rewritten = lines(OptimizeSubqueries.apply(plan));
    assertThat(rewritten.subList(3, 7))
        .satisfiesExactly(
            line -> assertThat(line).isEqualTo("      Project customer_id"),
            line -> assertThat(line).startsWith("        TopN ").endsWith(" limit 2"),
            line -> assertThat(line).isEqualTo("          Project customer_id, amount"),
            line ->
                assertThat(line)
                    .isEqualTo("            TableScan orders columns=[customer_id, amount]"));
    // the outer plan is left to the other rules
    assertThat(rewritten.subList(0, 3))
        .containsExactly("Project id", "  Filter id IN (subquery)", "    SubPlan IN");
  }

  @Test
  void aPlanWithoutSubqueriesStays() {
    var plan = bound(db, "select id from t order by b limit 2");
    assertThat(lines(OptimizeSubqueries.apply(plan))).isEqualTo(lines(plan));
  }
}
