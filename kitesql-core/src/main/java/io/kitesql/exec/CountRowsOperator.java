package io.kitesql.exec;

import io.kitesql.expr.AggregateCall;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.TableScan;
import java.util.Arrays;
import java.util.Optional;

/**
 * {@code COUNT(*)} (once or more, no GROUP BY) of a scan's rows, counted by stepping its cursor
 * over the entries ({@link Operator#skip}): no row is decoded or looked up and no aggregate state
 * is updated per row. One output row, each column the count.
 *
 * <pre>
 * Aggregate(COUNT(*))
 *   IndexRangeScan items using items_category = (?1) covered columns=[]
 * </pre>
 */
final class CountRowsOperator implements Operator {
  /** The most entries stepped over between two looks at the execution's budget. */
  private static final long STEP = 1_024;

  private final ScanOperator scan;
  private final int width;
  private ExecutionBudget budget;
  private boolean done;

  private CountRowsOperator(ScanOperator scan, int width) {
    this.scan = scan;
    this.width = width;
  }

  /** The operator for {@code a}, if it counts the rows of a table scan (not a union of branches) and nothing else. */
  static Optional<Operator> of(Aggregate a) {
    if (a.groupKeys().isEmpty() && !a.aggregates().isEmpty()
        && a.aggregates().stream().allMatch(AggregateCall::isCountStar)
        && a.input() instanceof TableScan s && !(s.access() instanceof Access.AnyOf)) {
      return Optional.of(new CountRowsOperator(new ScanOperator(s, false, true), a.aggregates().size()));
    }
    return Optional.empty();
  }

  @Override
  public void open(ExecutionContext ctx) {
    budget = ctx.budget();
    done = false;
    scan.open(ctx);
  }

  @Override
  public Object[] next() {
    if (done) {
      return null;
    }
    done = true;
    long count = 0;
    for (long stepped = STEP; stepped == STEP; ) {
      stepped = scan.skip(STEP);
      count += stepped;
      budget.steps(stepped);
    }
    var row = new Object[width];
    Arrays.fill(row, count);
    return row;
  }

  @Override
  public void close() {
    scan.close();
  }
}
