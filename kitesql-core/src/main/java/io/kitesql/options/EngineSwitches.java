package io.kitesql.options;

/**
 * The engine's experiment switches: JVM system properties that turn an optimization off (or a
 * diagnostic on) so that it can be measured side by side or a leak traced. None is needed in
 * production, and none is part of {@link StorageOptions}. Each is read at the moment the table
 * names, not once per JVM, so a benchmark can change it between runs in one JVM; an unset (or, for
 * a number, unparsable) property has its default.
 *
 * <table class="striped">
 *   <caption>The switches</caption>
 *   <thead>
 *     <tr><th>System property</th><th>Default</th><th>Read</th><th>What it is for</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>{@value #WRITER_CALLER_THREAD}</td><td>{@code true}</td><td>when a database
 *       opens</td><td>{@code false} makes every write transaction's LMDB calls on the writer
 *       thread, instead of on the caller's platform thread when it may lease the writer's
 *       role</td></tr>
 *     <tr><td>{@value #GROUP_COMMIT}</td><td>{@code true}</td><td>when a database
 *       opens</td><td>{@code false} commits every write transaction alone (no commit shared by
 *       concurrent writers)</td></tr>
 *     <tr><td>{@value #WRITER_SPIN_MICROS}</td><td>{@code adaptive}</td><td>when a database
 *       opens</td><td>how the writer thread and its callers spin before they park: {@code 0} never,
 *       {@code N} up to N µs on every wait</td></tr>
 *     <tr><td>{@value #TRACK_READ_TRANSACTIONS}</td><td>{@code false}</td><td>once, when the first
 *       read transaction begins</td><td>{@code true} records where each read transaction was opened,
 *       for the warning about one the garbage collector found unclosed</td></tr>
 *     <tr><td>{@value #READ_AHEAD}</td><td>{@value #DEFAULT_READ_AHEAD}</td><td>when a cursor over a
 *       table is made</td><td>the most rows a read-only walk over long rows reads ahead; {@code 0}
 *       or less turns read-ahead off</td></tr>
 *     <tr><td>{@value #ROWS_OUT_OF_LINE}</td><td>{@code false}</td><td>when a table's store is
 *       built</td><td>{@code true} writes long values out of line (row format version 2); both
 *       formats are always read</td></tr>
 *     <tr><td>{@value #SCAN_AGGREGATE}</td><td>{@code true}</td><td>when a statement is
 *       planned</td><td>{@code false} aggregates with the general hash aggregation only, not by
 *       reading integer columns from the stored rows during the scan</td></tr>
 *   </tbody>
 * </table>
 */
public final class EngineSwitches {
  /** Whether a write transaction may run its LMDB calls on its caller's thread. */
  public static final String WRITER_CALLER_THREAD = "kitesql.writer.callerThread";

  /** Whether concurrent write transactions share LMDB commits. */
  public static final String GROUP_COMMIT = "kitesql.groupCommit";

  /** How the writer thread and its callers spin: {@code adaptive}, or a number of µs. */
  public static final String WRITER_SPIN_MICROS = "kitesql.writer.spinMicros";

  /** Whether to record where each read transaction was opened. */
  public static final String TRACK_READ_TRANSACTIONS = "kitesql.trackReadTransactions";

  /** The most rows a read-only walk reads ahead. */
  public static final String READ_AHEAD = "kitesql.table.readAhead";

  /** {@link #READ_AHEAD}'s default. */
  public static final int DEFAULT_READ_AHEAD = 16;

  /** Whether table stores write long values out of line. */
  public static final String ROWS_OUT_OF_LINE = "kitesql.rows.outOfLine";

  /** Whether an aggregation may read integer columns from the stored rows during its scan. */
  public static final String SCAN_AGGREGATE = "kitesql.exec.scanAggregate";

  private EngineSwitches() {}

  /** {@value #WRITER_CALLER_THREAD} now: anything but {@code false} is on. */
  public static boolean writerCallerThread() {
    return !"false".equals(System.getProperty(WRITER_CALLER_THREAD));
  }

  /** {@value #GROUP_COMMIT} now: anything but {@code false} is on. */
  public static boolean groupCommit() {
    return !"false".equals(System.getProperty(GROUP_COMMIT));
  }

  /**
   * {@value #WRITER_SPIN_MICROS} now, as set ({@code adaptive} if unset); the writer thread parses
   * it and refuses what is neither a number nor {@code adaptive}.
   */
  public static String writerSpinMicros() {
    return System.getProperty(WRITER_SPIN_MICROS, "adaptive");
  }

  /** {@value #TRACK_READ_TRANSACTIONS} now: on only if {@code true}. */
  public static boolean trackReadTransactions() {
    return Boolean.getBoolean(TRACK_READ_TRANSACTIONS);
  }

  /** {@value #READ_AHEAD} now: at least 0, {@value #DEFAULT_READ_AHEAD} if unset or unparsable. */
  public static int readAhead() {
    return Math.max(0, Integer.getInteger(READ_AHEAD, DEFAULT_READ_AHEAD));
  }

  /** {@value #ROWS_OUT_OF_LINE} now: on only if {@code true}. */
  public static boolean rowsOutOfLine() {
    return Boolean.getBoolean(ROWS_OUT_OF_LINE);
  }

  /** {@value #SCAN_AGGREGATE} now: anything but {@code false} is on. */
  public static boolean scanAggregate() {
    return !"false".equals(System.getProperty(SCAN_AGGREGATE));
  }
}
