package io.kitesql.exec;

import io.kitesql.plan.TopN;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * ORDER BY ... LIMIT n OFFSET m with a heap of at most n + m rows (the largest on top, evicted
 * first). Ties keep input order, like the stable sort it replaces.
 */
final class TopNOperator implements Operator {
  private record Entry(Object[] row, long sequence) {}

  /** An {@link Entry} and its heap slot. */
  private static final long ENTRY_BYTES = 32;

  private final Operator input;
  private final TopN topN;
  private final RowComparator rows;
  private final PriorityQueue<Entry> heap;
  private final ArrayList<Object[]> result = new ArrayList<>();
  private final HeldMemory held = new HeldMemory("top-N sort");
  private int next;

  TopNOperator(Operator input, TopN topN) {
    this.input = input;
    this.topN = topN;
    this.rows = new RowComparator(topN.keys());
    Comparator<Entry> order =
        (a, b) -> {
          int c = rows.compare(a.row(), b.row());
          return c != 0 ? c : Long.compare(a.sequence(), b.sequence());
        };
    this.heap = new PriorityQueue<>(order.reversed());
  }

  @Override
  public void open(ExecutionContext ctx) {
    rows.parameters(ctx.parameters());
    long limit =
        Limits.value(
            java.util.Optional.of(topN.limit()), ctx.parameters(), Long.MAX_VALUE, "LIMIT");
    long offset = Limits.value(topN.offset(), ctx.parameters(), 0, "OFFSET");
    long keep = limit == Long.MAX_VALUE ? Long.MAX_VALUE : limit + offset;
    held.open(ctx);
    input.open(ctx);
    heap.clear();
    result.clear();
    long sequence = 0;
    for (var row = input.next(); row != null && keep > 0; row = input.next()) {
      held.hold(HeldMemory.rowBytes(row) + ENTRY_BYTES);
      heap.add(new Entry(row, sequence++));
      if (heap.size() > keep) {
        held.release(HeldMemory.rowBytes(heap.poll().row()) + ENTRY_BYTES);
      }
    }
    while (!heap.isEmpty()) {
      result.add(heap.poll().row());
    }
    java.util.Collections.reverse(result);
    next = (int) Math.min(offset, result.size());
  }

  @Override
  public Object[] next() {
    return next < result.size() ? result.get(next++) : null;
  }

  @Override
  public void close() {
    heap.clear();
    result.clear();
    held.release();
    rows.parameters(null);
    input.close();
  }
}
