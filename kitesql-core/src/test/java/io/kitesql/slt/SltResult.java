package io.kitesql.slt;

import java.util.List;

/**
 * The outcome of running one sqllogictest file.
 *
 * @param file the file as named to the parser
 * @param passed statement and query records that behaved as expected
 * @param skipped statement and query records not run on this engine because of {@code
 *     skipif}/{@code onlyif}
 * @param notRun statement and query records after a {@code halt} that applied to this engine
 * @param failures every record that did not, in file order
 */
public record SltResult(String file, int passed, int skipped, int notRun, List<Failure> failures) {

  /** One failed record: where it is, its SQL, and what went wrong (expected versus actual). */
  public record Failure(SltRecord.Location location, String sql, String message) {
    @Override
    public String toString() {
      return location + ": " + message + "\n  sql: " + sql.replace("\n", "\n       ");
    }
  }

  public SltResult {
    failures = List.copyOf(failures);
  }

  /** The number of failed records. */
  public int failed() {
    return failures.size();
  }

  /** The number of statement and query records that ran (passed or failed). */
  public int ran() {
    return passed + failed();
  }

  /** A report listing every failure, then the {@link #counts}. */
  public String report() {
    StringBuilder out = new StringBuilder();
    for (Failure f : failures) {
      out.append(f).append('\n');
    }
    return out.append(counts(passed, failed(), skipped, notRun)).toString();
  }

  /** {@code N passed, N failed, N skipped, N not run after halt}. */
  public static String counts(int passed, int failed, int skipped, int notRun) {
    return passed
        + " passed, "
        + failed
        + " failed, "
        + skipped
        + " skipped, "
        + notRun
        + " not run after halt";
  }
}
