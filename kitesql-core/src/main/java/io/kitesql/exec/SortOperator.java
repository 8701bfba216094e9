package io.kitesql.exec;

import io.kitesql.plan.SortKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Sorts all input rows (stable). The buffer holds the rows themselves, so text stays borrowed; it
 * is emptied on close and its capacity reused by the next execution.
 */
final class SortOperator implements Operator {
  private final Operator input;
  private final RowComparator comparator;
  private final ArrayList<Object[]> rows = new ArrayList<>();
  private final HeldMemory held = new HeldMemory("sort");

  /**
   * The comparator, stepping the budget per comparison: sorting millions of rows takes a while too.
   */
  private final Comparator<Object[]> steppingComparator;

  private int next;

  SortOperator(Operator input, List<SortKey> keys) {
    this.input = input;
    this.comparator = new RowComparator(keys);
    this.steppingComparator =
        (a, b) -> {
          held.step();
          return comparator.compare(a, b);
        };
  }

  @Override
  public void open(ExecutionContext ctx) {
    comparator.parameters(ctx.parameters());
    held.open(ctx);
    input.open(ctx);
    rows.clear();
    for (var row = input.next(); row != null; row = input.next()) {
      held.holdRow(row);
      rows.add(row);
    }
    rows.sort(steppingComparator);
    next = 0;
  }

  @Override
  public Object[] next() {
    return next < rows.size() ? rows.get(next++) : null;
  }

  @Override
  public void close() {
    rows.clear();
    held.release();
    comparator.parameters(null);
    input.close();
  }
}
