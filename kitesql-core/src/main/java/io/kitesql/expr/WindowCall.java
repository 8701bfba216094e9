package io.kitesql.expr;

import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A window function call: {@code function(args) OVER (PARTITION BY partitionBy ORDER BY orderBy
 * frame)}. Never evaluated row by row: the binder replaces it with a column of a {@code Window}
 * plan node, whose operator computes it over the whole partition.
 *
 * <p>{@link #children()} are the arguments, then the partition keys, then the order keys, so tree
 * rewrites (aggregates below a window, column remapping) reach all of them. Frame offsets are not
 * children: they are constants (literals or parameters) evaluated once per execution.
 *
 * @param frame the frame as written, or the SQL default (RANGE UNBOUNDED PRECEDING to CURRENT ROW
 *     with ORDER BY, the whole partition without); ranking and offset functions carry {@link
 *     Frame#WHOLE_PARTITION} since they ignore frames
 */
public record WindowCall(
    WindowFunction function,
    List<Expr> args,
    List<Expr> partitionBy,
    List<OrderKey> orderBy,
    Frame frame,
    DataType type)
    implements Expr {

  public WindowCall {
    Objects.requireNonNull(function, "function");
    args = List.copyOf(args);
    partitionBy = List.copyOf(partitionBy);
    orderBy = List.copyOf(orderBy);
    Objects.requireNonNull(frame, "frame");
    Objects.requireNonNull(type, "type");
  }

  /** One window ORDER BY key; NULLs sort first when {@code nullsFirst}. */
  public record OrderKey(Expr expression, boolean descending, boolean nullsFirst) {
    public OrderKey {
      Objects.requireNonNull(expression, "expression");
    }
  }

  /** ROWS counts rows; RANGE compares order key values (peers belong together). */
  public enum Unit {
    ROWS,
    RANGE
  }

  /** Where a frame bound lies relative to the current row. */
  public enum BoundKind {
    UNBOUNDED_PRECEDING,
    PRECEDING,
    CURRENT_ROW,
    FOLLOWING,
    UNBOUNDED_FOLLOWING
  }

  /** A frame bound; {@code offset} (a literal or parameter) only for PRECEDING and FOLLOWING. */
  public record Bound(BoundKind kind, Expr offset) {
    public Bound {
      Objects.requireNonNull(kind, "kind");
      if ((offset != null) != (kind == BoundKind.PRECEDING || kind == BoundKind.FOLLOWING)) {
        throw new IllegalArgumentException("offset is for N PRECEDING/FOLLOWING only: " + kind);
      }
    }

    /** A bound without an offset (UNBOUNDED PRECEDING/FOLLOWING, CURRENT ROW). */
    public static Bound of(BoundKind kind) {
      return new Bound(kind, null);
    }

    /** SQL text of the bound, for EXPLAIN and error messages. */
    public String toSql() {
      return switch (kind) {
        case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
        case PRECEDING -> Exprs.toSql(offset) + " PRECEDING";
        case CURRENT_ROW -> "CURRENT ROW";
        case FOLLOWING -> Exprs.toSql(offset) + " FOLLOWING";
        case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
      };
    }
  }

  /** A window frame: {@code unit BETWEEN start AND end}. */
  public record Frame(Unit unit, Bound start, Bound end) {
    /** Every row of the partition. */
    public static final Frame WHOLE_PARTITION =
        new Frame(
            Unit.ROWS,
            Bound.of(BoundKind.UNBOUNDED_PRECEDING),
            Bound.of(BoundKind.UNBOUNDED_FOLLOWING));

    /** The SQL default with ORDER BY: the partition up to the current row and its peers. */
    public static final Frame UP_TO_PEERS =
        new Frame(
            Unit.RANGE, Bound.of(BoundKind.UNBOUNDED_PRECEDING), Bound.of(BoundKind.CURRENT_ROW));

    public Frame {
      Objects.requireNonNull(unit, "unit");
      Objects.requireNonNull(start, "start");
      Objects.requireNonNull(end, "end");
    }

    String toSql() {
      return unit + " BETWEEN " + start.toSql() + " AND " + end.toSql();
    }
  }

  /** The (partition, order) part of the window: calls that share it share one sort. */
  public record Ordering(List<Expr> partitionBy, List<OrderKey> orderBy) {}

  public Ordering ordering() {
    return new Ordering(partitionBy, orderBy);
  }

  @Override
  public List<Expr> children() {
    var all = new ArrayList<Expr>(args.size() + partitionBy.size() + orderBy.size());
    all.addAll(args);
    all.addAll(partitionBy);
    orderBy.forEach(k -> all.add(k.expression()));
    return List.copyOf(all);
  }

  @Override
  public Expr withChildren(List<Expr> c) {
    int a = args.size();
    int p = a + partitionBy.size();
    var keys = new ArrayList<OrderKey>(orderBy.size());
    for (int i = 0; i < orderBy.size(); i++) {
      var k = orderBy.get(i);
      keys.add(new OrderKey(c.get(p + i), k.descending(), k.nullsFirst()));
    }
    return new WindowCall(function, c.subList(0, a), c.subList(a, p), keys, frame, type);
  }

  /** SQL text, for EXPLAIN and default column names. */
  public String toSql() {
    var sb = new StringBuilder(function.name()).append('(');
    sb.append(function == WindowFunction.COUNT && args.isEmpty() ? "*" : list(args));
    sb.append(") OVER (");
    var parts = new ArrayList<String>();
    if (!partitionBy.isEmpty()) {
      parts.add("PARTITION BY " + list(partitionBy));
    }
    if (!orderBy.isEmpty()) {
      parts.add(
          "ORDER BY "
              + orderBy.stream()
                  .map(
                      k ->
                          Exprs.toSql(k.expression())
                              + (k.descending() ? " DESC" : " ASC")
                              + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"))
                  .collect(Collectors.joining(", ")));
    }
    // the frame is printed when it is not the default one for this window
    if (function.usesFrame()
        && !frame.equals(orderBy.isEmpty() ? Frame.WHOLE_PARTITION : Frame.UP_TO_PEERS)) {
      parts.add(frame.toSql());
    }
    return sb.append(String.join(" ", parts)).append(')').toString();
  }

  private static String list(List<Expr> es) {
    return es.stream().map(Exprs::toSql).collect(Collectors.joining(", "));
  }
}
