package io.kitesql.exec;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.AggregateCall;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.TableScan;
import io.kitesql.table.TableStore;
import java.util.Arrays;
import java.util.Optional;

/**
 * {@code COUNT(*)} (once or more, no GROUP BY) of a scan's rows. Of a whole table, the row count
 * the table keeps ({@link TableStore#count}: one lookup, however many rows); of key ranges (or a
 * table without a kept count), counted by stepping the scan's cursor over the entries ({@link
 * Operator#skip}): no row is decoded or looked up and no aggregate state is updated per row. One
 * output row, each column the count.
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

  /** The table, when the scan reads all of it (its kept count answers). */
  private final Optional<TableDef> whole;

  private ExecutionContext context;

  /** {@link #whole}'s store, looked up once (hashing a TableDef per execution costs). */
  private TableStore store;

  private ExecutionBudget budget;
  private boolean done;

  private CountRowsOperator(ScanOperator scan, int width, Optional<TableDef> whole) {
    this.scan = scan;
    this.width = width;
    this.whole = whole;
  }

  /**
   * The operator for {@code a}, if it counts the rows of a table scan (not a union of branches) and
   * nothing else.
   */
  static Optional<Operator> of(Aggregate a) {
    if (a.groupKeys().isEmpty()
        && !a.aggregates().isEmpty()
        && a.aggregates().stream().allMatch(AggregateCall::isCountStar)
        && a.input() instanceof TableScan s
        && !(s.access() instanceof Access.AnyOf)) {
      var whole = a.countsWholeTable() ? Optional.of(s.table()) : Optional.<TableDef>empty();
      return Optional.of(
          new CountRowsOperator(new ScanOperator(s, false, true), a.aggregates().size(), whole));
    }
    return Optional.empty();
  }

  @Override
  public void open(ExecutionContext ctx) {
    context = ctx;
    budget = ctx.budget();
    done = false;
    if (whole.isEmpty()) {
      scan.open(ctx);
    }
  }

  @Override
  public Object[] next() {
    if (done) {
      return null;
    }
    done = true;
    long count;
    if (whole.isPresent()) {
      if (store == null) {
        store = context.stores().apply(whole.get());
      }
      count = store.count(context.transaction());
    } else {
      count = stepped();
    }
    var row = new Object[width];
    Arrays.fill(row, count);
    return row;
  }

  private long stepped() {
    long count = 0;
    for (long stepped = STEP; stepped == STEP; ) {
      stepped = scan.skip(STEP);
      count += stepped;
      budget.steps(stepped);
    }
    return count;
  }

  @Override
  public void close() {
    if (whole.isEmpty()) {
      scan.close();
    }
  }
}
