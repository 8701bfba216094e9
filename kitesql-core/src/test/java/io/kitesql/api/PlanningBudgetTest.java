package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.PlanningBudget;
import io.kitesql.plan.PlanSize;
import io.kitesql.testing.TempDatabase;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Planning (bind, optimize, physical choices) is bounded like parsing. A statement whose plan would
 * expand beyond {@link PlanSize#MAX_NODES} is refused before anything expands it; one that is small
 * but slow to optimize is stopped after {@link PlanningBudget#TIMEOUT_MILLIS}. Both are
 * SYNTAX_ERRORs naming the limit, and the database stays usable. The preemptive timeouts only catch
 * a hang (before the budgets these statements ran for longer than the universe is old); they
 * measure nothing.
 */
class PlanningBudgetTest {
  @TempDatabase Database db;

  private static void refusedAs(Database db, String sql, String words) {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () ->
            assertThatThrownBy(
                    () ->
                        db.read(
                            tx -> {
                              try (var rows = tx.query(sql)) {
                                return rows.next();
                              }
                            }))
                .isInstanceOf(KiteSqlException.class)
                .hasMessageContaining(words)
                .satisfies(
                    e ->
                        assertThat(((KiteSqlException) e).errorCode())
                            .isEqualTo(ErrorCode.SYNTAX_ERROR)));
  }

  private static long count(Database db, String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getLong(0);
          }
        });
  }

  @Test
  void aPlanThatWouldExpandExponentiallyIsRefusedBySize() {
    // c_i reads c_(i-1) twice: 2^200 scans once expanded, though each CTE is bound once
    var sql = ChainedCteTest.chain(200, "select x from PREV union all select x from PREV");
    refusedAs(db, sql, "too large to plan: more than " + PlanSize.MAX_NODES);
    // views: creating each is linear (the one below is expanded once), using the top one is
    // refused
    db.execute("create view v0 as select 1 as x");
    for (int i = 1; i <= 30; i++) {
      db.execute(
          "create view v"
              + i
              + " as select x from v"
              + (i - 1)
              + " union all select x from v"
              + (i - 1));
    }
    refusedAs(db, "select count(*) from v30", "the planning size limit");
    assertThat(count(db, "select count(*) from v10")).isEqualTo(1024);
    // the same in an UPDATE's SET value, and in a DELETE's condition: nothing is changed
    db.execute("create table t (id int primary key, n bigint)");
    db.execute("insert into t values (1, 0)");
    assertThatThrownBy(() -> db.execute("update t set n = (select count(*) from v30)"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("the planning size limit");
    assertThatThrownBy(() -> db.execute("delete from t where n < (select count(*) from v30)"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("the planning size limit");
    db.execute("update t set n = (select count(*) from v10)");
    assertThat(count(db, "select n from t")).isEqualTo(1024);
  }

  @Test
  void aPlanThatIsSlowToOptimizeIsStoppedByTime() {
    // a filter pushed down through 60 projections of x + x substitutes each into the next: the
    // plan is small, the expression the optimizer would build has 2^60 nodes
    var sql =
        "select x from ("
            + ChainedCteTest.chain(60, "select x + x as x from PREV")
            + ") t where x > 0";
    refusedAs(db, sql, "too complex to plan within " + PlanningBudget.TIMEOUT_MILLIS + " ms");
    // a chain short enough to plan gives the right answer: 1 doubled 10 times
    var small =
        "select x from ("
            + ChainedCteTest.chain(11, "select x + x as x from PREV")
            + ") t where x > 0";
    assertThat(count(db, small)).isEqualTo(1024);
  }
}
