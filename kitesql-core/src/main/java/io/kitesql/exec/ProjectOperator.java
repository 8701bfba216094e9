package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import java.util.List;

/** Computes the output expressions for each input row. */
final class ProjectOperator implements Operator {
  private final Operator input;
  private final Expr[] expressions;
  /** The one output array when the consumer keeps no row, else null (a new array per row). */
  private final Object[] reused;
  private Object[] params;

  ProjectOperator(Operator input, List<Expr> expressions, boolean transientRows) {
    this.input = input;
    this.expressions = expressions.toArray(Expr[]::new);
    this.reused = transientRows ? new Object[this.expressions.length] : null;
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    input.open(ctx);
  }

  @Override
  public Object[] next() {
    var row = input.next();
    if (row == null) {
      return null;
    }
    var out = reused != null ? reused : new Object[expressions.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = expressions[i] instanceof Expr.Column c ? row[c.index()] : Evaluator.evaluate(expressions[i], row, params);
    }
    return out;
  }

  @Override
  public void close() {
    params = null;
    input.close();
  }
}
