package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link UseIndexOrder}: a sort the scan already delivers is dropped. */
class UseIndexOrderTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void aDescendingSortOnThePrimaryKeyBecomesAReverseWalkUnderTheLimit() {
    var plan = bound(db, "select * from orders order by id desc limit 10");
    assertThat(lines(UseIndexOrder.apply(plan)))
        .containsExactly(
            "Limit 10",
            "  Project id, customer_id, status, amount",
            "    PrimaryKeyScan orders reverse columns=[id, customer_id, status, amount]");
  }

  @Test
  void aSortOnNoKeyStays() {
    var plan = bound(db, "select * from orders order by amount desc limit 10");
    assertThat(lines(UseIndexOrder.apply(plan)))
        .isEqualTo(lines(plan))
        .anyMatch(line -> line.startsWith("  Sort "));
  }
}
