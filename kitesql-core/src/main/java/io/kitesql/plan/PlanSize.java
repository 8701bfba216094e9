package io.kitesql.plan;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.expr.SubqueryExpr;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The size budget of planning: the number of plan and expression nodes a plan has once every shared
 * subtree is counted where it is used. The binder shares one plan between all references to a CTE
 * or view, so a bound plan is a graph whose expanded size can be exponential in its own (a chain of
 * CTEs each reading the one before twice); the optimizer and the operator tree would expand it.
 * {@link #check} counts without expanding (each distinct node once, its size remembered) and
 * refuses such a plan before anything expands it.
 */
public final class PlanSize {
  /**
   * The most nodes (plan and expression) a statement's expanded plan may have. A statement of the
   * longest allowed text (1 MiB) written out in full stays below it.
   */
  public static final long MAX_NODES = 2_000_000;

  private final Map<Object, Long> sizes = new IdentityHashMap<>();

  private PlanSize() {}

  /**
   * Refuses {@code plan} if its expanded size exceeds {@link #MAX_NODES}.
   *
   * @throws KiteSqlException SYNTAX_ERROR naming the limit
   */
  public static void check(PlanNode plan) {
    check(plan, List.of());
  }

  /**
   * Refuses {@code plan} and {@code expressions} (an UPDATE's SET values) together if their
   * expanded size exceeds {@link #MAX_NODES}.
   *
   * @throws KiteSqlException SYNTAX_ERROR naming the limit
   */
  public static void check(PlanNode plan, List<? extends Expr> expressions) {
    var counter = new PlanSize();
    long size = counter.of(plan);
    for (var e : expressions) {
      size = add(size, counter.of(e));
    }
    if (size > MAX_NODES) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "SQL statement too large to plan: more than "
              + MAX_NODES
              + " plan and expression nodes once every reference to a view or CTE is expanded (the planning size limit)");
    }
  }

  private long of(PlanNode node) {
    var known = sizes.get(node);
    if (known != null) {
      return known;
    }
    io.kitesql.expr.PlanningBudget.check();
    long[] size = {1};
    PlanExpressions.map(
        node,
        e -> {
          size[0] = add(size[0], of(e));
          return e;
        });
    for (var child : node.children()) {
      size[0] = add(size[0], of(child));
    }
    sizes.put(node, size[0]);
    return size[0];
  }

  private long of(Expr e) {
    var known = sizes.get(e);
    if (known != null) {
      return known;
    }
    long size = 1;
    if (e instanceof SubqueryExpr s && s.plan() instanceof PlanNode p) {
      size = add(size, of(p));
    }
    for (var child : e.children()) {
      size = add(size, of(child));
    }
    sizes.put(e, size);
    return size;
  }

  /** Sums saturate just above the limit: the count only has to tell "too many". */
  private static long add(long a, long b) {
    return Math.min(a + b, MAX_NODES + 1);
  }
}
