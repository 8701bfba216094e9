package io.kitesql.exec;

import io.kitesql.plan.Limit;

/** Skips OFFSET rows, then passes at most LIMIT rows. */
final class LimitOperator implements Operator {
  private final Operator input;
  private final Limit limit;
  private long remaining;
  private long skip;
  private ExecutionBudget budget;

  LimitOperator(Operator input, Limit limit) {
    this.input = input;
    this.limit = limit;
  }

  @Override
  public void open(ExecutionContext ctx) {
    remaining = Limits.value(limit.limit(), ctx.parameters(), Long.MAX_VALUE, "LIMIT");
    skip = Limits.value(limit.offset(), ctx.parameters(), 0, "OFFSET");
    budget = ctx.budget();
    input.open(ctx);
  }

  @Override
  public Object[] next() {
    while (skip > 0) {
      budget.step();
      if (input.next() == null) {
        return null;
      }
      skip--;
    }
    if (remaining <= 0) {
      return null;
    }
    var row = input.next();
    if (row != null) {
      remaining--;
    }
    return row;
  }

  @Override
  public void close() {
    input.close();
  }
}
