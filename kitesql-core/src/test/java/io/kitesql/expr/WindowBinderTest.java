package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.Clause;
import io.kitesql.expr.WindowCall.BoundKind;
import io.kitesql.expr.WindowCall.Frame;
import io.kitesql.value.DataType;
import org.junit.jupiter.api.Test;

/** Binding of {@code ... OVER (...)}: types, default frames, where window calls may stand. */
class WindowBinderTest {
  private static WindowCall window(String sql) {
    return (WindowCall) bind(sql);
  }

  private static ErrorCode error(String sql, Clause clause) {
    try {
      bind(sql, clause, new Parameters());
    } catch (KiteSqlException e) {
      return e.errorCode();
    }
    throw new AssertionError("no error for " + sql);
  }

  @Test
  void resultTypes() {
    assertThat(window("ROW_NUMBER() OVER ()").type()).isEqualTo(DataType.BIGINT);
    assertThat(window("NTILE(3) OVER (ORDER BY a)").type()).isEqualTo(DataType.BIGINT);
    assertThat(window("PERCENT_RANK() OVER (ORDER BY a)").type()).isEqualTo(DataType.DOUBLE);
    assertThat(window("CUME_DIST() OVER (ORDER BY a)").type()).isEqualTo(DataType.DOUBLE);
    assertThat(window("NTH_VALUE(b, 2) OVER (ORDER BY a)").type()).isEqualTo(DataType.varchar(20));
    assertThat(window("COUNT(*) OVER ()").args()).isEmpty();
    assertThat(window("SUM(a) OVER ()").type()).isEqualTo(DataType.BIGINT);
    assertThat(window("AVG(a) OVER ()").type()).isEqualTo(DataType.DOUBLE);
    assertThat(window("MAX(b) OVER ()").type()).isEqualTo(DataType.varchar(20));
    assertThat(window("FIRST_VALUE(c) OVER ()").type()).isEqualTo(DataType.DOUBLE);
    // LAG's value and default share one type: INT widened to DOUBLE
    var lag = window("LAG(a, 2, 0.5e0) OVER (ORDER BY a)");
    assertThat(lag.type()).isEqualTo(DataType.DOUBLE);
    assertThat(lag.args().getFirst()).isInstanceOf(Expr.Cast.class);
    assertThat(window("LEAD(b) OVER (ORDER BY a)").args()).hasSize(3);
  }

  @Test
  void defaultFramesFollowTheStandard() {
    assertThat(window("SUM(a) OVER (ORDER BY a)").frame()).isEqualTo(Frame.UP_TO_PEERS);
    assertThat(window("SUM(a) OVER (PARTITION BY b)").frame()).isEqualTo(Frame.WHOLE_PARTITION);
    var single = window("SUM(a) OVER (ORDER BY a ROWS 2 PRECEDING)").frame();
    assertThat(single.start().kind()).isEqualTo(BoundKind.PRECEDING);
    assertThat(single.end().kind()).isEqualTo(BoundKind.CURRENT_ROW);
    // ranking ignores frames, so calls that differ only in the frame clause share a window
    assertThat(window("RANK() OVER (ORDER BY a ROWS 2 PRECEDING)").frame())
        .isEqualTo(Frame.WHOLE_PARTITION);
  }

  @Test
  void printsAsSql() {
    assertThat(
            window(
                    "SUM(a) OVER (PARTITION BY b ORDER BY a DESC NULLS LAST ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING)")
                .toSql())
        .isEqualTo(
            "SUM(a) OVER (PARTITION BY b ORDER BY a DESC NULLS LAST ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING)");
    assertThat(Exprs.toSql(bind("COUNT(*) OVER () + 1"))).isEqualTo("COUNT(*) OVER () + 1");
  }

  @Test
  void windowsStandOnlyInSelectAndOrderBy() {
    assertThat(error("ROW_NUMBER() OVER () > 1", Clause.WHERE)).isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(error("RANK() OVER (ORDER BY a)", Clause.GROUP_BY))
        .isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(error("COUNT(*) OVER () > 1", Clause.HAVING)).isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(error("SUM(ROW_NUMBER() OVER ())", Clause.SELECT))
        .isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(error("SUM(RANK() OVER ()) OVER ()", Clause.SELECT))
        .isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(bind("RANK() OVER (ORDER BY a)", Clause.ORDER_BY, new Parameters()))
        .isInstanceOf(WindowCall.class);
    // aggregates inside a window call are computed by the aggregation below it
    assertThat(Exprs.aggregates(bind("SUM(COUNT(*)) OVER ()"))).hasSize(1);
  }

  @Test
  void badCallsAndFrames() {
    assertThat(error("MEDIAN(a) OVER ()", Clause.SELECT)).isEqualTo(ErrorCode.UNKNOWN_FUNCTION);
    assertThat(error("ROW_NUMBER(a) OVER ()", Clause.SELECT)).isEqualTo(ErrorCode.UNKNOWN_FUNCTION);
    assertThat(error("NTILE(c) OVER ()", Clause.SELECT)).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(error("SUM(b) OVER ()", Clause.SELECT)).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(
            error(
                "SUM(a) OVER (ORDER BY a ROWS BETWEEN a PRECEDING AND CURRENT ROW)", Clause.SELECT))
        .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(
            error(
                "SUM(a) OVER (ORDER BY a ROWS BETWEEN 1.5 PRECEDING AND CURRENT ROW)",
                Clause.SELECT))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(
            error(
                "SUM(a) OVER (ORDER BY b RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)",
                Clause.SELECT))
        .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(error("SUM(a) OVER (RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)", Clause.SELECT))
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThat(
            error(
                "SUM(a) OVER (ORDER BY a ROWS BETWEEN UNBOUNDED FOLLOWING AND UNBOUNDED FOLLOWING)",
                Clause.SELECT))
        .isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThat(error("SUM(a) OVER w", Clause.SELECT)).isEqualTo(ErrorCode.SYNTAX_ERROR);
    assertThatThrownBy(() -> TestScope.eval("ROW_NUMBER() OVER ()"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INTERNAL_ERROR);
  }
}
