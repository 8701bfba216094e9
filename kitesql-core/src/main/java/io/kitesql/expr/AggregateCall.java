package io.kitesql.expr;

import io.kitesql.value.DataType;
import java.util.List;
import java.util.Objects;

/**
 * An aggregate call; {@code COUNT(*)} has no arguments. Never evaluated: the planner replaces it
 * with a column of the aggregation's output ({@link Exprs#replace}).
 */
public record AggregateCall(
    AggregateFunction function, boolean distinct, List<Expr> args, DataType type) implements Expr {
  public AggregateCall {
    Objects.requireNonNull(function, "function");
    args = List.copyOf(args);
    Objects.requireNonNull(type, "type");
    if (args.size() > 1 || (args.isEmpty() && (function != AggregateFunction.COUNT || distinct))) {
      throw new IllegalArgumentException("bad arguments for " + function + ": " + args);
    }
  }

  /** Whether this is {@code COUNT(*)}. */
  public boolean isCountStar() {
    return args.isEmpty();
  }

  @Override
  public List<Expr> children() {
    return args;
  }

  @Override
  public Expr withChildren(List<Expr> c) {
    return new AggregateCall(function, distinct, c, type);
  }
}
