package io.kitesql.data.core;

import java.util.function.Supplier;

/**
 * Marks the statements a {@link io.kitesql.api.Database}'s {@link io.kitesql.api.ExecutionListener}
 * should not report: those a {@link KiteSqlTemplate} runs and reports to its {@link
 * StatementObserver} (so each statement is counted once), and housekeeping such as an actuator
 * endpoint's row counts. A listener asks {@link #isReportedElsewhere()} in {@code started}, which
 * the engine calls on the thread running the statement, inside its {@code query} or {@code execute}
 * call.
 *
 * <p>The template marks only that engine call, not the template method around it: direct SQL run
 * inside a row mapper, or inside {@link KiteSqlTemplate#inWriteTransaction}, is still reported. One
 * flag per thread, made at its first use; marking and asking allocate nothing afterwards.
 */
public final class StatementMarks {
  private static final ThreadLocal<boolean[]> REPORTED_ELSEWHERE =
      ThreadLocal.withInitial(() -> new boolean[1]);

  private StatementMarks() {}

  /**
   * Whether the statement the current thread is starting is reported elsewhere, or not to be
   * reported.
   */
  public static boolean isReportedElsewhere() {
    return REPORTED_ELSEWHERE.get()[0];
  }

  /**
   * Runs {@code work} (housekeeping statements) with its statements marked as not to be reported.
   */
  public static <T> T reportedElsewhere(Supplier<T> work) {
    var mark = REPORTED_ELSEWHERE.get();
    boolean outer = mark[0];
    mark[0] = true;
    try {
      return work.get();
    } finally {
      mark[0] = outer;
    }
  }

  /** The current thread's flag, for the template to set around one engine call without a lambda. */
  static boolean[] flag() {
    return REPORTED_ELSEWHERE.get();
  }
}
