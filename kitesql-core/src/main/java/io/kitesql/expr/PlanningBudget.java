package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.function.Supplier;

/**
 * The time budget of planning one statement (binding, optimizing, choosing the physical plan), like
 * the parser's: no statement may hold its caller, and the read context it plans in, for unbounded
 * time. The size budget is {@code io.kitesql.plan.PlanSize}.
 *
 * <p>Planning runs on the caller's thread inside {@link #run}; the binder's and the optimizer's
 * loops over plans and expressions call {@link #check}, which looks at the clock every {@value
 * #CHECK_INTERVAL} calls and refuses the statement with {@link ErrorCode#SYNTAX_ERROR} once {@link
 * #TIMEOUT_MILLIS} have passed (with {@link ErrorCode#STATEMENT_CANCELLED} once the thread is
 * interrupted). Unlike the parser's budget this one stops the work itself: the code is ours, so it
 * polls often enough. Outside {@link #run} (a test calling a rule directly) {@link #check} does
 * nothing.
 */
public final class PlanningBudget {
  /** Planning one statement is stopped after this long (the same as a parser pass). */
  public static final long TIMEOUT_MILLIS = 2_000;

  /** How many {@link #check} calls pass between looks at the clock (a power of two). */
  private static final int CHECK_INTERVAL = 64;

  private static final ScopedValue<PlanningBudget> CURRENT = ScopedValue.newInstance();

  private final long deadline;
  private int calls;

  private PlanningBudget(long deadline) {
    this.deadline = deadline;
  }

  /** Runs one statement's planning under a fresh budget. */
  public static <T> T run(Supplier<T> planning) {
    var budget = new PlanningBudget(System.nanoTime() + TIMEOUT_MILLIS * 1_000_000);
    return ScopedValue.where(CURRENT, budget).call(planning::get);
  }

  /**
   * Refuses the statement if its planning has run out of time.
   *
   * @throws KiteSqlException SYNTAX_ERROR naming the limit
   */
  public static void check() {
    if (CURRENT.isBound()) {
      var budget = CURRENT.get();
      if ((++budget.calls & (CHECK_INTERVAL - 1)) != 0) {
        return;
      }
      if (Thread.currentThread().isInterrupted()) {
        throw new KiteSqlException(
            ErrorCode.STATEMENT_CANCELLED,
            "statement cancelled: its thread was interrupted while planning (Thread.interrupt, Future.cancel(true))");
      }
      if (System.nanoTime() - budget.deadline > 0) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "SQL statement too complex to plan within "
                + TIMEOUT_MILLIS
                + " ms (the planning time limit; chains of views or CTEs that each read the one before several times grow"
                + " exponentially)");
      }
    }
  }
}
