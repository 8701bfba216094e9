package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Types;
import io.kitesql.expr.WindowCall;
import io.kitesql.expr.WindowCall.Bound;
import io.kitesql.expr.WindowCall.BoundKind;
import io.kitesql.expr.WindowCall.Frame;
import io.kitesql.expr.WindowCall.OrderKey;
import io.kitesql.expr.WindowFunction;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.WindowDefinition;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.WindowOffset;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;

/**
 * Binds {@code function(...) OVER (...)} and {@code OVER name} into {@link WindowCall}s, for the
 * {@link ExpressionBinder}. Window calls may stand in SELECT and ORDER BY only, not inside an
 * aggregate or another window call; their arguments, partition and order keys may contain
 * aggregates (evaluated by the aggregation below the window). FILTER applies to the aggregate ones.
 * Unimplemented parts (DISTINCT, IGNORE NULLS, GROUPS frames) are refused by name.
 */
final class WindowBinder {
  private final ExpressionBinder b;
  private final Map<String, WindowDefinition> named = new LinkedHashMap<>();
  private boolean inWindow;

  WindowBinder(ExpressionBinder binder) {
    this.b = binder;
  }

  /** Declares the windows of a {@code WINDOW name AS (...)} clause; a name may appear once. */
  void define(List<WindowDefinition> definitions) {
    named.clear();
    for (var d : definitions == null ? List.<WindowDefinition>of() : definitions) {
      var name = BindScope.Name.of(d.getWindowName()).text().toLowerCase(Locale.ROOT);
      if (named.put(name, d) != null) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR, "window " + d.getWindowName() + " is defined twice");
      }
    }
  }

  Expr bind(AnalyticExpression a) {
    rejectUnsupported(a);
    var clause = b.clause();
    if (clause != Clause.SELECT && clause != Clause.ORDER_BY) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "window functions are not allowed in " + clause.name().replace('_', ' ') + ": " + a);
    }
    if (b.inAggregate() || inWindow) {
      throw new KiteSqlException(
          ErrorCode.GROUPING_ERROR,
          "window function calls cannot be nested in "
              + (inWindow ? "a window function" : "an aggregate")
              + ": "
              + a);
    }
    var function =
        WindowFunction.named(a.getName())
            .orElseThrow(
                () ->
                    new KiteSqlException(
                        ErrorCode.UNKNOWN_FUNCTION,
                        "unknown window function " + a.getName() + ": " + a));
    inWindow = true;
    try {
      return bind(a, function);
    } finally {
      inWindow = false;
    }
  }

  private Expr bind(AnalyticExpression a, WindowFunction function) {
    List<Expression> partitions = List.of();
    List<OrderByElement> orders = a.getOrderByElements();
    WindowElement element = a.getWindowElement();
    if (a.getWindowName() != null) {
      var d = named.get(BindScope.Name.of(a.getWindowName()).text().toLowerCase(Locale.ROOT));
      if (d == null) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "no window named " + a.getWindowName() + " in the WINDOW clause: " + a);
      }
      partitions = expressions(d.getPartitionExpressionList());
      orders = d.getOrderByElements();
      element = d.getWindowElement();
    } else {
      partitions = expressions(a.getPartitionExpressionList());
    }
    var args = filtered(a, function, arguments(a, function));
    var partitionBy = new ArrayList<Expr>();
    for (var p : partitions) {
      partitionBy.add(b.expr(p));
    }
    var orderBy = new ArrayList<OrderKey>();
    for (var o : orders == null ? List.<OrderByElement>of() : orders) {
      boolean descending = !o.isAsc();
      boolean nullsFirst =
          switch (o.getNullOrdering()) {
            case null -> !descending;
            case NULLS_FIRST -> true;
            case NULLS_LAST -> false;
          };
      orderBy.add(new OrderKey(b.expr(o.getExpression()), descending, nullsFirst));
    }
    var frame = frame(element, orderBy, function);
    return new WindowCall(function, args, partitionBy, orderBy, frame, resultType(function, args));
  }

  private static List<Expression> expressions(List<?> list) {
    return list == null ? List.of() : list.stream().map(e -> (Expression) e).toList();
  }

  private static void rejectUnsupported(AnalyticExpression a) {
    String what =
        switch (a.getType()) {
          case FILTER_ONLY -> "aggregate FILTER clause";
          case WITHIN_GROUP, WITHIN_GROUP_OVER -> "WITHIN GROUP";
          case OVER ->
              a.isDistinct()
                  ? "DISTINCT in a window function"
                  : a.isIgnoreNulls() || a.isIgnoreNullsOutside() || a.getNullHandling() != null
                      ? "IGNORE/RESPECT NULLS"
                      : a.getKeep() != null
                          ? "KEEP"
                          : a.isUnique()
                              ? "UNIQUE in a window function"
                              : a.getFuncOrderBy() != null
                                      || a.getHavingClause() != null
                                      || a.getLimit() != null
                                  ? "ORDER BY/HAVING/LIMIT inside a window function's arguments"
                                  : null;
        };
    if (what != null) {
      throw ExpressionBinder.unsupported(what, a);
    }
  }

  /**
   * An aggregate window function's argument under {@code FILTER (WHERE c)}: {@code CASE WHEN c THEN
   * argument END} (1 for {@code COUNT(*)}), which the shared accumulators skip where NULL. Other
   * window functions have no FILTER (as in PostgreSQL).
   */
  private List<Expr> filtered(AnalyticExpression a, WindowFunction function, List<Expr> args) {
    if (a.getFilterExpression() == null) {
      return args;
    }
    if (function.aggregate().isEmpty()) {
      throw ExpressionBinder.unsupported(
          "FILTER on the non-aggregate window function " + function, a);
    }
    Expr condition = b.types().condition(b.expr(a.getFilterExpression()), "FILTER");
    Expr value = args.isEmpty() ? new Expr.Literal(1L, DataType.BIGINT) : args.getFirst();
    return List.of(FunctionBinder.onlyWhen(condition, value));
  }

  private List<Expr> arguments(AnalyticExpression a, WindowFunction function) {
    var value = a.getExpression();
    boolean star = value instanceof AllColumns;
    int count =
        (value == null ? 0 : 1)
            + (a.getOffset() == null ? 0 : 1)
            + (a.getDefaultValue() == null ? 0 : 1);
    int max =
        switch (function) {
          case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST -> 0;
          case NTH_VALUE -> 2;
          case LAG, LEAD -> 3;
          default -> 1;
        };
    int min =
        switch (function) {
          case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST -> 0;
          case NTH_VALUE -> 2;
          default -> 1;
        };
    if (count < min || count > max || (star && function != WindowFunction.COUNT)) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_FUNCTION, "wrong arguments for window function " + function + ": " + a);
    }
    if (count == 0 || star) {
      return List.of();
    }
    Expr arg = b.expr(value);
    return switch (function) {
      case NTILE -> List.of(integer(arg, "NTILE"));
      case LAG, LEAD -> offsetArguments(a, arg, function);
      // JSqlParser gives NTH_VALUE's n as the offset
      case NTH_VALUE ->
          List.of(
              b.types().adopt(arg, DataType.VARCHAR), integer(b.expr(a.getOffset()), "NTH_VALUE"));
      case SUM, AVG -> List.of(b.types().numeric(arg, DataType.BIGINT, function.name()));
      default -> List.of(b.types().adopt(arg, DataType.VARCHAR));
    };
  }

  /** LAG/LEAD(value, offset = 1, default = NULL): value and default get their common type. */
  private List<Expr> offsetArguments(AnalyticExpression a, Expr value, WindowFunction function) {
    Expr offset =
        a.getOffset() == null
            ? new Expr.Literal(1L, DataType.BIGINT)
            : integer(b.expr(a.getOffset()), function.name());
    Expr fallback =
        a.getDefaultValue() == null
            ? new Expr.Literal(null, value.type())
            : b.expr(a.getDefaultValue());
    var type = b.types().commonType(List.of(value, fallback), function.name());
    value = widened(b.types().adopt(value, type), type);
    fallback = widened(b.types().adopt(fallback, type), type);
    return List.of(value, offset, fallback);
  }

  private static Expr widened(Expr e, DataType type) {
    return e.type().equals(type) ? e : new Expr.Cast(e, type);
  }

  private Expr integer(Expr e, String where) {
    Expr r = b.types().numeric(e, DataType.BIGINT, where);
    if (!Types.isInteger(r.type())) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          where + " needs an integer, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  private static DataType resultType(WindowFunction function, List<Expr> args) {
    return switch (function) {
      case ROW_NUMBER, RANK, DENSE_RANK, NTILE, COUNT -> DataType.BIGINT;
      case PERCENT_RANK, CUME_DIST -> DataType.DOUBLE;
      case LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE -> args.getFirst().type();
      case SUM, AVG, MIN, MAX ->
          function.aggregate().orElseThrow().resultType(args.getFirst().type());
    };
  }

  private Frame frame(WindowElement element, List<OrderKey> orderBy, WindowFunction function) {
    if (!function.usesFrame()) {
      return Frame.WHOLE_PARTITION;
    }
    if (element == null) {
      return orderBy.isEmpty() ? Frame.WHOLE_PARTITION : Frame.UP_TO_PEERS;
    }
    // JSqlParser 5.4 parses EXCLUDE; ignoring it would give wrong sums, so refuse all but the
    // default
    if (element.getExclusion() != null
        && element.getExclusion() != WindowElement.Exclusion.NO_OTHERS) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FEATURE,
          "window frame EXCLUDE "
              + element.getExclusion().name().replace('_', ' ')
              + " is not supported");
    }
    var unit =
        switch (element.getType()) {
          case ROWS -> WindowCall.Unit.ROWS;
          case RANGE -> WindowCall.Unit.RANGE;
          // JSqlParser 5.4 parses GROUPS frames; KiteSQL does not implement them (yet)
          case GROUPS ->
              throw new KiteSqlException(
                  ErrorCode.UNSUPPORTED_FEATURE, "window frame GROUPS is not supported");
        };
    var range = element.getRange();
    var start = bound(range != null ? range.getStart() : element.getOffset(), unit, orderBy);
    var end =
        range != null ? bound(range.getEnd(), unit, orderBy) : Bound.of(BoundKind.CURRENT_ROW);
    if (start.kind() == BoundKind.UNBOUNDED_FOLLOWING
        || end.kind() == BoundKind.UNBOUNDED_PRECEDING
        || start.kind().ordinal() > end.kind().ordinal()) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "invalid window frame: "
              + unit
              + " BETWEEN "
              + start.toSql()
              + " AND "
              + end.toSql()
              + " (a frame cannot end before it starts)");
    }
    return new Frame(unit, start, end);
  }

  private Bound bound(WindowOffset offset, WindowCall.Unit unit, List<OrderKey> orderBy) {
    var e = offset.getExpression();
    return switch (offset.getType()) {
      case CURRENT -> Bound.of(BoundKind.CURRENT_ROW);
      case PRECEDING ->
          e == null
              ? Bound.of(BoundKind.UNBOUNDED_PRECEDING)
              : new Bound(BoundKind.PRECEDING, frameOffset(e, unit, orderBy));
      case FOLLOWING ->
          e == null
              ? Bound.of(BoundKind.UNBOUNDED_FOLLOWING)
              : new Bound(BoundKind.FOLLOWING, frameOffset(e, unit, orderBy));
      case EXPR -> throw ExpressionBinder.unsupported("window frame bound " + offset, offset);
    };
  }

  /**
   * An N of N PRECEDING/FOLLOWING: a literal or parameter. ROWS needs an integer; RANGE needs
   * exactly one numeric ORDER BY key (offsets over dates would need intervals).
   */
  private Expr frameOffset(Expression e, WindowCall.Unit unit, List<OrderKey> orderBy) {
    Expr n = b.expr(e);
    if (!(n instanceof Expr.Literal) && !(n instanceof Expr.Parameter)) {
      throw ExpressionBinder.unsupported(
          "a window frame offset that is not a constant or parameter", e);
    }
    if (unit == WindowCall.Unit.ROWS) {
      n = integer(n, "ROWS frame offset");
    } else {
      if (orderBy.size() != 1) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "RANGE with an offset PRECEDING/FOLLOWING needs exactly one ORDER BY key, got "
                + orderBy.size());
      }
      var keyType = orderBy.getFirst().expression().type();
      if (!Types.isNumeric(keyType)) {
        throw ExpressionBinder.unsupported(
            "RANGE offset frames over a " + keyType + " ORDER BY key (only numeric keys)", e);
      }
      n = b.types().numeric(n, keyType, "RANGE frame offset");
    }
    if (n instanceof Expr.Literal l && l.value() != null && Coercions.compare(l.value(), 0) < 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "window frame offset must not be negative: " + e);
    }
    return n;
  }
}
