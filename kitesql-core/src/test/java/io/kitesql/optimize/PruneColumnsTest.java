package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link PruneColumns}: a scan decodes only the columns the plan above reads. */
class PruneColumnsTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void theScanKeepsTheColumnsOfTheFilterAndTheProjection() {
    var plan = bound(db, "select name from t where id = 1");
    assertThat(lines(PruneColumns.apply(plan, RulePlans.allColumns(plan))))
        .containsExactly("Project name", "  Filter id = 1", "    TableScan t columns=[id, name]");
  }

  @Test
  void aQueryOfEveryColumnKeepsThemAll() {
    var plan = bound(db, "select * from t");
    assertThat(lines(PruneColumns.apply(plan, RulePlans.allColumns(plan))))
        .isEqualTo(lines(plan))
        .contains("  TableScan t columns=[id, a, b, c, name, note]");
  }
}
