package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;

/** Passes the rows for which the predicate is TRUE. */
final class FilterOperator implements Operator {
  private final Operator input;
  private final Expr predicate;
  private Object[] params;
  private ExecutionBudget budget;

  FilterOperator(Operator input, Expr predicate) {
    this.input = input;
    this.predicate = predicate;
  }

  /** The operator whose rows this one filters. */
  Operator input() {
    return input;
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    budget = ctx.budget();
    input.open(ctx);
  }

  @Override
  public Object[] next() {
    for (var row = input.next(); row != null; row = input.next()) {
      budget.step(); // a filter that rejects millions of rows is a long loop
      if (Boolean.TRUE.equals(Evaluator.test(predicate, row, params))) {
        return row;
      }
    }
    return null;
  }

  @Override
  public void close() {
    params = null;
    input.close();
  }
}
