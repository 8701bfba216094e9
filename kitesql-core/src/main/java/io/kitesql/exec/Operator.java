package io.kitesql.exec;

/**
 * A physical operator: pulls rows from its inputs and produces rows.
 *
 * <p>Call order per execution: {@link #open}, {@link #next} until it returns null, {@link #close}.
 * An operator tree is reused by later executions of the same prepared statement (it is pooled with
 * its execution context), so {@code open} starts from a clean state and {@code close} drops every
 * reference to rows and values of the execution: nothing one execution kept can be seen by the
 * next.
 */
public interface Operator {

  void open(ExecutionContext ctx);

  /** The next row, or null when there are no more. Rows are new arrays the caller may keep. */
  Object[] next();

  /**
   * Steps over up to {@code n} of the rows {@link #next} would return, making them only where it
   * must (OFFSET): the number stepped over, less than {@code n} only at the end. An operator that
   * can skip rows without making them (a key walk: no row lookup) overrides it.
   */
  default long skip(long n) {
    long skipped = 0;
    while (skipped < n && next() != null) {
      skipped++;
    }
    return skipped;
  }

  void close();
}
