package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import java.util.List;

/** Literal rows, evaluated per execution (they may hold parameters). */
final class ValuesOperator implements Operator {
  private static final Object[] NO_ROW = new Object[0];

  private final List<List<Expr>> rows;
  private Object[] params;
  private int next;

  ValuesOperator(List<List<Expr>> rows) {
    this.rows = rows;
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    next = 0;
  }

  @Override
  public Object[] next() {
    if (next >= rows.size()) {
      return null;
    }
    var exprs = rows.get(next++);
    var out = new Object[exprs.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Evaluator.evaluate(exprs.get(i), NO_ROW, params);
    }
    return out;
  }

  @Override
  public void close() {
    params = null;
  }
}
