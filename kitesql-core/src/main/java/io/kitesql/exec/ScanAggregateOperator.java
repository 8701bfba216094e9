package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.codec.RowView;
import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.AggregateFunction;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Aggregate;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.Optional;

/**
 * An aggregation over a table scan (through filters) that reads its columns from the stored row
 * instead of the row array: {@code COUNT(*)}, {@code COUNT(column)} of any type, and {@code
 * SUM}/{@code MIN}/{@code MAX} of an INT or BIGINT column, without DISTINCT, with no group key or
 * one INT/BIGINT column. The scan leaves those columns undecoded ({@link ScanOperator#defer}) and
 * integer comparisons of the filter are answered from the stored row too ({@link
 * StoredIntegerFilter}), so a row costs no boxed value, no decoded text and no array: Table 6's
 * {@code select count(*) from orders where amount > ?} allocated 56 bytes per row through the
 * general {@link HashAggregateOperator}, and allocates nothing per row here.
 *
 * <p>The states are primitive ({@code long} value and count per group and call), kept across
 * executions with the group table ({@link LongGroups}); groups come out in order of first
 * appearance, like the general operator's. When the scan reads a covering index, which has no
 * stored row, the same columns come from the row array.
 */
final class ScanAggregateOperator implements Operator {
  private enum Kind {
    COUNT_STAR,
    COUNT,
    SUM,
    MIN,
    MAX
  }

  /** One aggregate: what it computes over which table column (-1 for COUNT(*)). */
  private record Call(Kind kind, int column, boolean isInt, DataType type) {
    static Optional<Call> of(AggregateCall call) {
      if (call.distinct()) {
        return Optional.empty();
      }
      if (call.isCountStar()) {
        return Optional.of(new Call(Kind.COUNT_STAR, -1, false, call.type()));
      }
      if (!(call.args().getFirst() instanceof Expr.Column c)) {
        return Optional.empty();
      }
      var kind = c.type().kind();
      if (call.function() == AggregateFunction.COUNT) {
        return Optional.of(new Call(Kind.COUNT, c.index(), false, call.type()));
      }
      if (kind != TypeKind.INT && kind != TypeKind.BIGINT) {
        return Optional.empty();
      }
      var computed =
          switch (call.function()) {
            case SUM -> Kind.SUM;
            case MIN -> Kind.MIN;
            case MAX -> Kind.MAX;
            default -> null;
          };
      return Optional.ofNullable(computed)
          .map(k -> new Call(k, c.index(), kind == TypeKind.INT, call.type()));
    }
  }

  private final Operator input;
  private final ScanOperator scan;

  /** The table columns the scan may leave undecoded: those read here and by the stored filter. */
  private final boolean[] deferrable;

  /** The group key's table column, or -1 for one group. */
  private final int key;

  private final boolean keyIsInt;
  private final Call[] calls;
  private final LongGroups groups = new LongGroups();
  private final HeldMemory held = new HeldMemory("hash aggregate (GROUP BY)");

  /** Per group and call: the running sum, minimum or maximum. */
  private long[] values = new long[0];

  /** Per group and call: the values (rows, for COUNT(*)) added. */
  private long[] counts = new long[0];

  /** Per table column: whether it is read from the stored row (decided at the first open). */
  private boolean[] fromView;

  private boolean anyFromView;
  private int emitted;

  private ScanAggregateOperator(
      Operator input,
      ScanOperator scan,
      boolean[] deferrable,
      int key,
      boolean keyIsInt,
      Call[] calls) {
    this.input = input;
    this.scan = scan;
    this.deferrable = deferrable;
    this.key = key;
    this.keyIsInt = keyIsInt;
    this.calls = calls;
  }

  /** The operator for {@code a} when it is of the shape this one computes; empty otherwise. */
  static Optional<Operator> of(Aggregate a) {
    if (a.groupKeys().size() > 1 || SubqueryExecutor.needed(a)) {
      return Optional.empty();
    }
    int key = -1;
    boolean keyIsInt = false;
    if (!a.groupKeys().isEmpty()) {
      if (!(a.groupKeys().getFirst() instanceof Expr.Column c)
          || (c.type().kind() != TypeKind.INT && c.type().kind() != TypeKind.BIGINT)) {
        return Optional.empty();
      }
      key = c.index();
      keyIsInt = c.type().kind() == TypeKind.INT;
    }
    var calls = new Call[a.aggregates().size()];
    for (int i = 0; i < calls.length; i++) {
      var call = Call.of(a.aggregates().get(i));
      if (call.isEmpty()) {
        return Optional.empty();
      }
      calls[i] = call.get();
    }
    var found = Deferral.ScanFilters.of(a.input());
    if (found.isEmpty()) {
      return Optional.empty();
    }
    var filters = found.get();
    var eager = filters.restColumns();
    var deferrable = new boolean[filters.scan().table().columns().size()];
    if (key >= 0) {
      deferrable[key] = true;
    }
    for (var call : calls) {
      if (call.column() >= 0) {
        deferrable[call.column()] = true;
      }
    }
    filters.terms().forEach(t -> deferrable[t.column()] = true);
    eager.stream().forEach(c -> deferrable[c] = false);
    var scanOp = new ScanOperator(filters.scan(), false, true);
    return Optional.of(
        new ScanAggregateOperator(
            filters.operators(scanOp), scanOp, deferrable, key, keyIsInt, calls));
  }

  @Override
  public void open(ExecutionContext ctx) {
    held.open(ctx);
    input.open(ctx);
    if (fromView == null) {
      // the scan's cursor exists from its first open on: it tells whether rows come from a stored
      // row
      boolean stored = scan.defer(deferrable);
      fromView = new boolean[deferrable.length];
      for (int c = 0; c < deferrable.length; c++) {
        fromView[c] = stored && deferrable[c];
        anyFromView |= fromView[c];
      }
    }
    groups.clear();
    if (key < 0) {
      groups.addNull(newGroup()); // the one group, even for no rows (its key is never read)
    }
    for (var row = input.next(); row != null; row = input.next()) {
      held.step();
      var view = anyFromView ? scan.currentRow() : null;
      add(row, view, key < 0 ? 0 : group(row, view));
    }
    emitted = 0;
  }

  private int group(Object[] row, RowView view) {
    if (isNull(row, view, key)) {
      int g = groups.nullGroup();
      return g >= 0 ? g : groups.addNull(newGroup());
    }
    long k = value(row, view, key, keyIsInt);
    int g = groups.find(k);
    return g >= 0 ? g : groups.add(k, newGroup());
  }

  /** Makes room for one more group's states, zeroed; returns its index. */
  private int newGroup() {
    held.hold(24 + 16L * calls.length); // its key in the hash table, its value and count per call
    int g = groups.size();
    int n = (g + 1) * calls.length;
    if (values.length < n) {
      values = java.util.Arrays.copyOf(values, Math.max(n, 2 * values.length));
      counts = java.util.Arrays.copyOf(counts, values.length);
    }
    java.util.Arrays.fill(values, g * calls.length, n, 0);
    java.util.Arrays.fill(counts, g * calls.length, n, 0);
    return g;
  }

  private void add(Object[] row, RowView view, int g) {
    int base = g * calls.length;
    for (int i = 0; i < calls.length; i++) {
      var call = calls[i];
      int column = call.column();
      if (call.kind() == Kind.COUNT_STAR) {
        counts[base + i]++;
        continue;
      }
      if (isNull(row, view, column)) {
        continue;
      }
      if (call.kind() != Kind.COUNT) {
        long v = value(row, view, column, call.isInt());
        values[base + i] =
            switch (call.kind()) {
              case SUM -> sum(values[base + i], v, call);
              case MIN -> counts[base + i] == 0 ? v : Math.min(values[base + i], v);
              default -> counts[base + i] == 0 ? v : Math.max(values[base + i], v);
            };
      }
      counts[base + i]++;
    }
  }

  private static long sum(long sum, long v, Call call) {
    try {
      return Math.addExact(sum, v);
    } catch (ArithmeticException e) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "SUM overflows " + call.type());
    }
  }

  private boolean isNull(Object[] row, RowView view, int column) {
    return fromView[column] ? view.isNull(column) : row[column] == null;
  }

  private long value(Object[] row, RowView view, int column, boolean isInt) {
    if (fromView[column]) {
      return isInt ? view.getInt(column) : view.getLong(column);
    }
    return ((Number) row[column]).longValue();
  }

  @Override
  public Object[] next() {
    if (emitted >= groups.size()) {
      return null;
    }
    int g = emitted++;
    int keys = key < 0 ? 0 : 1;
    var out = new Object[keys + calls.length];
    if (key >= 0) {
      out[0] = g == groups.nullGroup() ? null : box(groups.key(g), keyIsInt);
    }
    for (int i = 0; i < calls.length; i++) {
      out[keys + i] = result(calls[i], values[g * calls.length + i], counts[g * calls.length + i]);
    }
    return out;
  }

  private static Object result(Call call, long value, long count) {
    return switch (call.kind()) {
      case COUNT_STAR, COUNT -> count;
      case SUM -> count == 0 ? null : value;
      case MIN, MAX -> count == 0 ? null : box(value, call.isInt());
    };
  }

  private static Object box(long value, boolean isInt) {
    return isInt ? (Object) (int) value : (Object) value;
  }

  @Override
  public void close() {
    emitted = Integer.MAX_VALUE;
    held.release();
    input.close();
  }
}
