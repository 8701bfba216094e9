package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link FoldConstants}: constant subexpressions are evaluated once, at prepare time. */
class FoldConstantsTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void aConstantSubexpressionBecomesItsValue() {
    var plan = bound(db, "select id from t where a > 1 + 1");
    assertThat(lines(FoldConstants.apply(plan)))
        .containsExactly(
            "Project id", "  Filter a > 2", "    TableScan t columns=[id, a, b, c, name, note]");
  }

  @Test
  void anExpressionOverAColumnStays() {
    var plan = bound(db, "select id from t where a > b + 1");
    assertThat(lines(FoldConstants.apply(plan)))
        .isEqualTo(lines(plan))
        .contains("  Filter a > (b + 1)");
  }
}
