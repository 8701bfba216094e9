package io.kitesql.exec;

import io.kitesql.plan.Limit;

/**
 * Skips OFFSET rows, then passes at most LIMIT rows. The skipped rows go through the input's {@link
 * Operator#skip}: a key walk under projections of plain columns steps over them without looking
 * their rows up.
 */
final class LimitOperator implements Operator {
  private final Operator input;
  private final Limit limit;
  private long remaining;
  private long skip;
  private ExecutionBudget budget;

  /** The most OFFSET rows skipped in one call of the input's {@link Operator#skip}. */
  private static final long STEP = 1_024;

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
    while (skip
        > 0) { // in steps, so that the budget looks at the clock and the interrupt flag between
      // them
      long step = Math.min(skip, STEP);
      long skipped = input.skip(step);
      budget.steps(skipped);
      if (skipped < step) {
        skip = 0;
        remaining = 0;
        return null;
      }
      skip -= step;
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
