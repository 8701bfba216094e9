package io.kitesql.api;

import java.util.List;

/**
 * The outcome of {@link Database#checkIntegrity()}: what is inconsistent between the catalog, the
 * rows and the index entries of one snapshot.
 *
 * @param problems one sentence per problem found (capped; a last line counts the rest); empty if
 *     the database is consistent
 * @param rowsChecked the rows read
 * @param indexEntriesChecked the index entries read
 */
public record IntegrityReport(List<String> problems, long rowsChecked, long indexEntriesChecked) {
  public IntegrityReport {
    problems = List.copyOf(problems);
  }

  /** Whether no problem was found. */
  public boolean isOk() {
    return problems.isEmpty();
  }
}
