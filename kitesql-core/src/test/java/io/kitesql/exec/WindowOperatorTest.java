package io.kitesql.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.expr.Expr;
import io.kitesql.expr.WindowCall;
import io.kitesql.expr.WindowCall.OrderKey;
import io.kitesql.expr.WindowFunction;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Values;
import io.kitesql.plan.Window;
import io.kitesql.value.DataType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window operator on its own: appended columns, several orderings, reuse, RANGE arithmetic. */
class WindowOperatorTest {
  private static final Expr.Column G = new Expr.Column(0, DataType.INT, "g");
  private static final Expr.Column V = new Expr.Column(1, DataType.INT, "v");

  private static PlanNode input() {
    int[][] rows = {{1, 30}, {2, 10}, {1, 10}, {2, 20}, {1, 20}, {1, 20}};
    var literals = new ArrayList<List<Expr>>();
    for (var r : rows) {
      literals.add(
          List.of(new Expr.Literal(r[0], DataType.INT), new Expr.Literal(r[1], DataType.INT)));
    }
    return new Values(
        literals, List.of(OutputColumn.of("g", DataType.INT), OutputColumn.of("v", DataType.INT)));
  }

  private static WindowCall call(
      WindowFunction f, List<Expr> args, List<Expr> partition, List<OrderKey> order) {
    var frame = order.isEmpty() ? WindowCall.Frame.WHOLE_PARTITION : WindowCall.Frame.UP_TO_PEERS;
    return new WindowCall(f, args, partition, order, frame, DataType.BIGINT);
  }

  private static List<String> run(Operator op) {
    var out = new ArrayList<String>();
    op.open(new ExecutionContext(null, new Object[0], null));
    for (var row = op.next(); row != null; row = op.next()) {
      out.add(Arrays.toString(row));
    }
    op.close();
    return out;
  }

  @Test
  void appendsOneColumnPerCallAndForgetsEverythingOnClose() {
    var byV = List.of(new OrderKey(V, false, true));
    var calls =
        List.of(
            call(WindowFunction.DENSE_RANK, List.of(), List.of(G), byV),
            call(WindowFunction.SUM, List.of(V), List.of(), byV),
            call(WindowFunction.COUNT, List.of(), List.of(G), List.of()));
    var out = new ArrayList<>(input().output());
    calls.forEach(c -> out.add(OutputColumn.of(c.toSql(), c.type())));
    var op = Operators.build(new Window(input(), calls, out), false);
    // three calls, three orderings: (g, v), (v), (g); the last sort (by g, stable) decides the
    // output order
    var first = run(op);
    assertThat(first)
        .containsExactly(
            "[1, 10, 1, 20, 4]",
            "[1, 20, 2, 80, 4]",
            "[1, 20, 2, 80, 4]",
            "[1, 30, 3, 110, 4]",
            "[2, 10, 1, 20, 2]",
            "[2, 20, 2, 80, 2]");
    assertThat(op.next()).as("closed: no rows left").isNull();
    assertThat(run(op)).as("a reused operator starts clean").isEqualTo(first);
  }

  @Test
  void rangeDistanceFollowsTheDirectionOfTheKey() {
    // x - (base + n) for ascending keys
    assertThat(WindowPartition.distance(5, 3, 2, 1, false)).isZero();
    assertThat(WindowPartition.distance(6L, 3, 2, 1, false)).isPositive();
    assertThat(WindowPartition.distance(1, 3, 2, -1, false)).isZero();
    // descending: "following" means smaller values
    assertThat(WindowPartition.distance(1, 3, 2, 1, true)).isZero();
    assertThat(WindowPartition.distance(0, 3, 2, 1, true)).isPositive();
    assertThat(WindowPartition.distance(2, 3, 2, 1, true)).isNegative();
    // mixed numeric kinds, exact for decimals and longs beyond double precision
    assertThat(
            WindowPartition.distance(new BigDecimal("1.25"), 1.0, new BigDecimal("0.25"), 1, false))
        .isZero();
    assertThat(WindowPartition.distance(Long.MAX_VALUE, Long.MAX_VALUE - 1, 1, 1, false)).isZero();
    assertThat(WindowPartition.distance(-0.0, 0.0, 0, 1, false)).isZero();
  }
}
