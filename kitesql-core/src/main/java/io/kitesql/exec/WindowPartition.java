package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Accumulator;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.expr.WindowCall;
import io.kitesql.expr.WindowCall.Bound;
import java.math.BigDecimal;
import java.util.List;

/**
 * Computes window calls over one partition: rows {@code [start, end)} of the sorted row buffer,
 * writing each row's value into its slot. Peer groups (rows equal in the ORDER BY keys; without
 * ORDER BY the whole partition) are found once per partition and serve RANK, DENSE_RANK and RANGE
 * frames.
 *
 * <p>Aggregates over frames are incremental where the frame only grows: with UNBOUNDED PRECEDING
 * (the default frame) values are added as the frame end moves forward, with UNBOUNDED FOLLOWING as
 * the frame start moves backward; sliding frames are recomputed per row (a row whose frame equals
 * the previous row's reuses its result). Values are the rows' own, so text stays borrowed. One
 * instance serves one operator; {@link #end} drops the rows.
 */
final class WindowPartition {
  private static final Object[] NO_ROW = new Object[0];

  private List<Object[]> rows;
  private Object[] params;
  private int start;
  private int end;
  private int[] peerStart = new int[16];
  private int[] peerEnd = new int[16];

  void begin(List<Object[]> buffer, Object[] parameters) {
    this.rows = buffer;
    this.params = parameters;
  }

  void end() {
    rows = null;
    params = null;
  }

  /** Selects the partition {@code [from, to)} and finds its peer groups by {@code peers}. */
  void range(int from, int to, RowComparator peers) {
    start = from;
    end = to;
    if (peerStart.length < to - from) {
      peerStart = new int[Math.max(to - from, peerStart.length * 2)];
      peerEnd = new int[peerStart.length];
    }
    int group = from;
    for (int i = from; i < to; i++) {
      if (i > from && peers.compare(rows.get(i - 1), rows.get(i)) != 0) {
        group = i;
      }
      peerStart[i - from] = group;
    }
    group = to;
    for (int i = to - 1; i >= from; i--) {
      if (i < to - 1 && peers.compare(rows.get(i), rows.get(i + 1)) != 0) {
        group = i + 1;
      }
      peerEnd[i - from] = group;
    }
  }

  /** Computes {@code call} for every row of the partition into column {@code slot}. */
  void compute(WindowCall call, int slot) {
    switch (call.function()) {
      case ROW_NUMBER -> {
        for (int i = start; i < end; i++) {
          rows.get(i)[slot] = (long) (i - start + 1);
        }
      }
      case RANK -> {
        for (int i = start; i < end; i++) {
          rows.get(i)[slot] = (long) (peerStart[i - start] - start + 1);
        }
      }
      case DENSE_RANK -> {
        long rank = 0;
        for (int i = start; i < end; i++) {
          rank += peerStart[i - start] == i ? 1 : 0;
          rows.get(i)[slot] = rank;
        }
      }
      case PERCENT_RANK -> {
        for (int i = start; i < end; i++) {
          rows.get(i)[slot] =
              end - start == 1 ? 0.0 : (double) (peerStart[i - start] - start) / (end - start - 1);
        }
      }
      case CUME_DIST -> {
        for (int i = start; i < end; i++) {
          rows.get(i)[slot] = (double) (peerEnd[i - start] - start) / (end - start);
        }
      }
      case NTILE -> ntile(call, slot);
      case LAG -> shifted(call, slot, -1);
      case LEAD -> shifted(call, slot, 1);
      case FIRST_VALUE, LAST_VALUE, NTH_VALUE -> frameValue(call, slot);
      case COUNT, SUM, AVG, MIN, MAX -> aggregate(call, slot);
    }
  }

  /**
   * NTILE(n): n buckets as equal as possible, the larger ones first; n is read on the partition's
   * first row.
   */
  private void ntile(WindowCall call, int slot) {
    var n = evaluate(call.args().getFirst(), rows.get(start));
    if (n != null && ((Number) n).longValue() <= 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "the argument of NTILE must be positive, got " + n);
    }
    long size = end - start;
    long buckets = n == null ? 1 : ((Number) n).longValue();
    long small = size / buckets;
    long larger = size % buckets; // the first `larger` buckets hold small + 1 rows
    for (int i = start; i < end; i++) {
      long k = i - start;
      long bucket =
          k < larger * (small + 1)
              ? k / (small + 1) + 1
              : larger + (k - larger * (small + 1)) / small + 1;
      rows.get(i)[slot] = n == null ? null : bucket;
    }
  }

  /**
   * LAG (direction -1) and LEAD (+1): the value {@code offset} rows away, else the default on the
   * current row. Arguments read only input columns, never a window slot, so writing as we go is
   * safe.
   */
  private void shifted(WindowCall call, int slot, int direction) {
    var args = call.args();
    for (int i = start; i < end; i++) {
      var row = rows.get(i);
      var offset = evaluate(args.get(1), row);
      if (offset == null) {
        row[slot] = null; // a NULL offset gives NULL
        continue;
      }
      long target = i + direction * ((Number) offset).longValue();
      row[slot] =
          target >= start && target < end
              ? evaluate(args.get(0), rows.get((int) target))
              : evaluate(args.get(2), row);
    }
  }

  /**
   * FIRST_VALUE, LAST_VALUE and NTH_VALUE(x, n): x on a row of the frame, NULL if the frame has no
   * such row.
   */
  private void frameValue(WindowCall call, int slot) {
    var offsets = offsets(call.frame());
    for (int i = start; i < end; i++) {
      int from = frameStart(call, i, offsets[0]);
      int to = frameEnd(call, i, offsets[1]);
      long at =
          switch (call.function()) {
            case FIRST_VALUE -> from;
            case LAST_VALUE -> to - 1;
            default -> nth(call, rows.get(i), from);
          };
      rows.get(i)[slot] =
          at >= from && at < to ? evaluate(call.args().getFirst(), rows.get((int) at)) : null;
    }
  }

  private long nth(WindowCall call, Object[] row, int from) {
    var n = evaluate(call.args().get(1), row);
    if (n == null) {
      return -1;
    }
    if (((Number) n).longValue() <= 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "the second argument of NTH_VALUE must be positive, got " + n);
    }
    return from + ((Number) n).longValue() - 1;
  }

  private void aggregate(WindowCall call, int slot) {
    var offsets = offsets(call.frame());
    var argType = call.args().isEmpty() ? null : call.args().getFirst().type();
    var acc = call.function().aggregate().orElseThrow().newAccumulator(argType, false);
    if (call.frame().start().kind() == WindowCall.BoundKind.UNBOUNDED_PRECEDING) {
      int added = start;
      for (int i = start; i < end; i++) {
        int to = frameEnd(call, i, offsets[1]);
        if (to < added) { // never for sorted rows; kept so a shrinking frame still gives the right
          // answer
          acc.reset();
          added = start;
        }
        while (added < to) {
          add(acc, call, rows.get(added++));
        }
        rows.get(i)[slot] = acc.result();
      }
    } else if (call.frame().end().kind() == WindowCall.BoundKind.UNBOUNDED_FOLLOWING) {
      int from = end;
      for (int i = end - 1; i >= start; i--) {
        int lowest = frameStart(call, i, offsets[0]);
        if (lowest > from) {
          acc.reset();
          from = end;
        }
        while (from > lowest) {
          add(acc, call, rows.get(--from));
        }
        rows.get(i)[slot] = acc.result();
      }
    } else {
      sliding(call, slot, acc, offsets);
    }
  }

  private void sliding(WindowCall call, int slot, Accumulator acc, Object[] offsets) {
    int previousFrom = -1;
    int previousTo = -1;
    Object result = null;
    for (int i = start; i < end; i++) {
      int from = frameStart(call, i, offsets[0]);
      int to = frameEnd(call, i, offsets[1]);
      if (from != previousFrom || to != previousTo) {
        acc.reset();
        for (int j = from; j < to; j++) {
          add(acc, call, rows.get(j));
        }
        result = acc.result();
        previousFrom = from;
        previousTo = to;
      }
      rows.get(i)[slot] = result;
    }
    acc.reset();
  }

  private void add(Accumulator acc, WindowCall call, Object[] row) {
    acc.add(call.args().isEmpty() ? Boolean.TRUE : evaluate(call.args().getFirst(), row));
  }

  // ---- frames ----

  /** The values of N in the frame's N PRECEDING/FOLLOWING bounds (null where there is no N). */
  private Object[] offsets(WindowCall.Frame frame) {
    return new Object[] {offset(frame.start()), offset(frame.end())};
  }

  private Object offset(Bound bound) {
    if (bound.offset() == null) {
      return null;
    }
    var n = Evaluator.evaluate(bound.offset(), NO_ROW, params);
    if (n == null || Coercions.compare(n, 0) < 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "window frame offset must be a non-negative number, got " + n);
    }
    return n;
  }

  /** The first row of row {@code i}'s frame. */
  private int frameStart(WindowCall call, int i, Object n) {
    var frame = call.frame();
    boolean rows = frame.unit() == WindowCall.Unit.ROWS;
    return switch (frame.start().kind()) {
      case UNBOUNDED_PRECEDING -> start;
      case CURRENT_ROW -> rows ? i : peerStart[i - start];
      case PRECEDING ->
          rows ? clamp(i - ((Number) n).longValue()) : rangeBound(call, i, n, -1, true);
      case FOLLOWING ->
          rows ? clamp(i + ((Number) n).longValue()) : rangeBound(call, i, n, 1, true);
      case UNBOUNDED_FOLLOWING -> end;
    };
  }

  /** One past the last row of row {@code i}'s frame. */
  private int frameEnd(WindowCall call, int i, Object n) {
    var frame = call.frame();
    boolean rows = frame.unit() == WindowCall.Unit.ROWS;
    return switch (frame.end().kind()) {
      case UNBOUNDED_PRECEDING -> start;
      case CURRENT_ROW -> rows ? i + 1 : peerEnd[i - start];
      case PRECEDING ->
          rows ? clamp(i - ((Number) n).longValue() + 1) : rangeBound(call, i, n, -1, false);
      case FOLLOWING ->
          rows ? clamp(i + ((Number) n).longValue() + 1) : rangeBound(call, i, n, 1, false);
      case UNBOUNDED_FOLLOWING -> end;
    };
  }

  private int clamp(long row) {
    return (int) Math.max(start, Math.min(end, row));
  }

  /**
   * A RANGE bound {@code key ± n} for row {@code i}: the first row whose key reaches it ({@code
   * lower}), or the first row past it. Keys increase along the rows (decrease for DESC, which
   * {@link #distance} folds in); a NULL key's frame is its peers (the other NULLs), and non-NULL
   * rows never reach the NULLs.
   */
  private int rangeBound(WindowCall call, int i, Object n, int sign, boolean lower) {
    var key = call.orderBy().getFirst();
    var value = evaluate(key.expression(), rows.get(i));
    if (value == null) {
      return lower ? peerStart[i - start] : peerEnd[i - start];
    }
    int lo = start;
    int hi = end;
    // The NULL keys sit together at one end of the partition; search only the others.
    if (key.nullsFirst()) {
      while (lo < hi && evaluate(key.expression(), rows.get(lo)) == null) {
        lo = peerEnd[lo - start];
      }
    } else {
      while (hi > lo && evaluate(key.expression(), rows.get(hi - 1)) == null) {
        hi = peerStart[hi - 1 - start];
      }
    }
    while (lo < hi) { // first row in [lo, hi) past the bound (lower: reaching it)
      int mid = (lo + hi) >>> 1;
      int c = distance(evaluate(key.expression(), rows.get(mid)), value, n, sign, key.descending());
      if (lower ? c < 0 : c <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * The sign of {@code x - (base + sign * n)} in window order: for a DESC key, "following" means
   * smaller values, so both the offset and the comparison flip.
   */
  static int distance(Object x, Object base, Object n, int sign, boolean descending) {
    int s = descending ? -sign : sign;
    int c;
    if (x instanceof Double || base instanceof Double || n instanceof Double) {
      double a = ((Number) x).doubleValue();
      double b = ((Number) base).doubleValue() + s * ((Number) n).doubleValue();
      c = a < b ? -1 : a > b ? 1 : 0; // not Double.compare: -0.0 equals 0.0 here
    } else {
      var target = decimal(base).add(s > 0 ? decimal(n) : decimal(n).negate());
      c = decimal(x).compareTo(target);
    }
    return descending ? -c : c;
  }

  private static BigDecimal decimal(Object v) {
    return v instanceof BigDecimal d ? d : BigDecimal.valueOf(((Number) v).longValue());
  }

  private Object evaluate(Expr e, Object[] row) {
    return e instanceof Expr.Column c ? row[c.index()] : Evaluator.evaluate(e, row, params);
  }
}
