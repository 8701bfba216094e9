package io.kitesql.optimize;

import static io.kitesql.optimize.RulePlans.bound;
import static io.kitesql.optimize.RulePlans.lines;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link CountFromNarrowestKey}: COUNT(*) of a table counts its narrowest index. */
class CountFromNarrowestKeyTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    RulePlans.schema(db);
  }

  @Test
  void countStarOfATableCountsItsNarrowIndex() {
    var bound = bound(db, "select count(*) from items");
    var plan = PruneColumns.apply(bound, RulePlans.allColumns(bound));
    assertThat(lines(CountFromNarrowestKey.apply(plan)))
        .containsExactly(
            "Project COUNT(*)",
            "  HashAggregate keys=[] aggregates=[COUNT(*)] from the kept row count",
            "    IndexScan items using items_category covered columns=[]");
  }

  @Test
  void aTableWithoutIndexOrACountWithAFilterKeepsItsScan() {
    for (var sql :
        new String[] {
          "select count(*) from customers", "select count(*) from items where id > 3"
        }) {
      var bound = bound(db, sql);
      var plan = PruneColumns.apply(bound, RulePlans.allColumns(bound));
      assertThat(lines(CountFromNarrowestKey.apply(plan))).as(sql).isEqualTo(lines(plan));
    }
  }
}
