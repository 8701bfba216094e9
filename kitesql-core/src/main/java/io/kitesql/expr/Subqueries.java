package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;

/**
 * Where the {@link Evaluator} finds the execution's {@link SubqueryRuntime}: a scoped value bound
 * by the executor around the calls that run a plan containing subqueries. Plans without subqueries
 * never look it up.
 */
public final class Subqueries {
  /** The runtime of the execution running on this thread. */
  public static final ScopedValue<SubqueryRuntime> RUNTIME = ScopedValue.newInstance();

  private Subqueries() {}

  public static SubqueryRuntime runtime() {
    if (!RUNTIME.isBound()) {
      throw new KiteSqlException(
          ErrorCode.INTERNAL_ERROR, "a subquery was evaluated outside of an execution");
    }
    return RUNTIME.get();
  }

  /** Whether {@code e} contains a subquery anywhere. */
  public static boolean containsSubquery(Expr e) {
    if (e instanceof SubqueryExpr) {
      return true;
    }
    for (var child : e.children()) {
      if (containsSubquery(child)) {
        return true;
      }
    }
    return false;
  }
}
