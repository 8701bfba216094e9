package io.kitesql.slt;

import java.util.List;

/**
 * The outcome of running one sqllogictest file.
 *
 * @param file the file as named to the parser
 * @param passed statement and query records that behaved as expected
 * @param skipped records not run on this engine because of {@code skipif}/{@code onlyif}
 * @param failures every record that did not, in file order
 */
public record SltResult(String file, int passed, int skipped, List<Failure> failures) {

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

  /** A report listing every failure, then {@code N passed, N failed}. */
  public String report() {
    StringBuilder out = new StringBuilder();
    for (Failure f : failures) {
      out.append(f).append('\n');
    }
    return out.append(passed).append(" passed, ").append(failed()).append(" failed").toString();
  }
}
