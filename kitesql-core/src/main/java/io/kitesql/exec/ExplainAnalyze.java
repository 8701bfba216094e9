package io.kitesql.exec;

import io.kitesql.plan.PlanNode;
import io.kitesql.plan.PlanPrinter;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * EXPLAIN ANALYZE: runs a query to its end with every operator measured, then prints the plan with
 * each node's actual rows, the times it was opened (a correlated subquery's nodes once per
 * enclosing row) and the time spent in it and below it. The rows are read and dropped. A node that
 * runs inside its parent's operator (the scan of an index lookup join, a scan aggregated in place)
 * shows no figures of its own.
 */
public final class ExplainAnalyze {
  /** Set while a measured execution builds and runs its operators: where each node's figures go. */
  static final ScopedValue<Map<PlanNode, Measured.Figures>> FIGURES = ScopedValue.newInstance();

  private ExplainAnalyze() {}

  /**
   * The plan's lines, each with its node's figures after running it in {@code ctx}, preceded by
   * {@code estimates}' text for the node (the planner's estimate, or nothing).
   */
  public static List<String> run(
      PlanNode plan, ExecutionContext ctx, Function<PlanNode, String> estimates) {
    var figures = new IdentityHashMap<PlanNode, Measured.Figures>();
    var subqueries = SubqueryExecutor.needed(plan) ? new SubqueryExecutor(ctx) : null;
    try {
      ScopedValue.where(FIGURES, figures)
          .run(
              () -> {
                var op = Operators.build(plan, false, true);
                if (subqueries == null) {
                  drain(op, ctx);
                } else {
                  subqueries.run(() -> drain(op, ctx));
                }
              });
    } finally {
      if (subqueries != null) {
        subqueries.close();
      }
    }
    return PlanPrinter.lines(
        plan,
        node -> {
          var f = figures.get(node);
          return estimates.apply(node)
              + (f == null
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      " (actual rows=%d loops=%d time=%.3f ms)",
                      f.rows(),
                      f.loops(),
                      f.nanos() / 1e6));
        });
  }

  private static Void drain(Operator op, ExecutionContext ctx) {
    op.open(ctx);
    try {
      while (op.next() != null) {
        ctx.budget().step(); // read and dropped: only the figures are wanted
      }
    } finally {
      op.close();
    }
    return null;
  }

  /** An operator that counts the rows and time of the one it wraps. */
  static final class Measured implements Operator {
    /** Rows returned, opens, and nanoseconds spent in open, next and close, children included. */
    static final class Figures {
      private long rows;
      private long loops;
      private long nanos;

      long rows() {
        return rows;
      }

      long loops() {
        return loops;
      }

      long nanos() {
        return nanos;
      }
    }

    private final Operator inner;
    private final Figures figures;

    Measured(Operator inner, Figures figures) {
      this.inner = inner;
      this.figures = figures;
    }

    @Override
    public void open(ExecutionContext ctx) {
      long start = System.nanoTime();
      inner.open(ctx);
      figures.loops++;
      figures.nanos += System.nanoTime() - start;
    }

    @Override
    public Object[] next() {
      long start = System.nanoTime();
      var row = inner.next();
      figures.nanos += System.nanoTime() - start;
      if (row != null) {
        figures.rows++;
      }
      return row;
    }

    @Override
    public long skip(long n) {
      long start = System.nanoTime();
      long skipped = inner.skip(n);
      figures.rows += skipped;
      figures.nanos += System.nanoTime() - start;
      return skipped;
    }

    @Override
    public void close() {
      long start = System.nanoTime();
      inner.close();
      figures.nanos += System.nanoTime() - start;
    }
  }
}
