package io.kitesql.exec;

import io.kitesql.expr.WindowCall;
import io.kitesql.plan.SortKey;
import io.kitesql.plan.Window;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Computes window functions: materializes the input rows (each widened by one slot per call; the
 * values themselves are kept, so text stays borrowed), then for each distinct (PARTITION BY, ORDER
 * BY) specification sorts the rows by partition and order keys (stably), walks the partitions and
 * lets {@link WindowPartition} fill the slots of the calls with that specification. Rows come out
 * in the order of the last sort.
 *
 * <p>Reused plans forget: the row buffer is filled in {@link #open} from scratch and emptied in
 * {@link #close}; the comparators drop the parameters.
 */
final class WindowOperator implements Operator {
  /** The calls sharing one ordering: one sort, one partition walk. */
  private record Spec(
      RowComparator sort,
      RowComparator partition,
      RowComparator peers,
      int[] calls,
      Comparator<Object[]> steppingSort) {
    void parameters(Object[] params) {
      sort.parameters(params);
      partition.parameters(params);
      peers.parameters(params);
    }
  }

  private final Operator input;
  private final WindowCall[] calls;
  private final int inputWidth;
  private final List<Spec> specs = new ArrayList<>();
  private final ArrayList<Object[]> rows = new ArrayList<>();
  private final WindowPartition partition = new WindowPartition();
  private final HeldMemory held = new HeldMemory("window");
  private int next;

  WindowOperator(Operator input, Window window) {
    this.input = input;
    this.calls = window.calls().toArray(WindowCall[]::new);
    this.inputWidth = window.input().output().size();
    var byOrdering = new LinkedHashMap<WindowCall.Ordering, List<Integer>>();
    for (int i = 0; i < calls.length; i++) {
      byOrdering.computeIfAbsent(calls[i].ordering(), _ -> new ArrayList<>()).add(i);
    }
    byOrdering.forEach((ordering, indexes) -> specs.add(spec(ordering, indexes)));
  }

  private Spec spec(WindowCall.Ordering ordering, List<Integer> indexes) {
    // Partitions only need equal keys together; ascending with NULLs first is as good as any order.
    var partitionKeys = ordering.partitionBy().stream().map(e -> SortKey.of(e, false)).toList();
    var orderKeys =
        ordering.orderBy().stream()
            .map(k -> new SortKey(k.expression(), k.descending(), k.nullsFirst()))
            .toList();
    var all = new ArrayList<SortKey>(partitionKeys);
    all.addAll(orderKeys);
    var sort = new RowComparator(all);
    // sorting millions of rows takes a while too: each comparison steps the budget
    Comparator<Object[]> steppingSort =
        (a, b) -> {
          held.step();
          return sort.compare(a, b);
        };
    return new Spec(
        sort,
        new RowComparator(partitionKeys),
        new RowComparator(orderKeys),
        indexes.stream().mapToInt(Integer::intValue).toArray(),
        steppingSort);
  }

  @Override
  public void open(ExecutionContext ctx) {
    var params = ctx.parameters();
    rows.clear();
    next = 0;
    held.open(ctx);
    input.open(ctx);
    for (var row = input.next(); row != null; row = input.next()) {
      var widened = Arrays.copyOf(row, inputWidth + calls.length);
      held.holdRow(widened); // the results of the calls are not counted: about one number each
      rows.add(widened);
    }
    partition.begin(rows, params);
    for (var spec : specs) {
      spec.parameters(params);
      rows.sort(spec.steppingSort());
      compute(spec);
    }
  }

  private void compute(Spec spec) {
    int start = 0;
    while (start < rows.size()) {
      int end = start + 1;
      while (end < rows.size() && spec.partition().compare(rows.get(start), rows.get(end)) == 0) {
        held.step();
        end++;
      }
      partition.range(start, end, spec.peers());
      for (int c : spec.calls()) {
        partition.compute(calls[c], inputWidth + c);
      }
      start = end;
    }
  }

  @Override
  public Object[] next() {
    return next < rows.size() ? rows.get(next++) : null;
  }

  @Override
  public void close() {
    rows.clear();
    held.release();
    partition.end();
    for (var spec : specs) {
      spec.parameters(null);
    }
    input.close();
  }
}
