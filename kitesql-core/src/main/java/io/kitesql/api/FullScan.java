package io.kitesql.api;

import java.util.Optional;

/**
 * A predicate that a statement's plan tests against every row of a table, because no primary key or
 * index range narrows it: what {@link PreparedStatement#fullScans()} reports, for start-up checks
 * and tools. Reading every row by design ({@code SELECT * FROM t}, {@code COUNT(*)}, a page of all
 * rows) is not one.
 *
 * @param table the table read in full
 * @param predicate the predicate, as EXPLAIN prints it
 * @param createIndex the CREATE INDEX statement whose index would serve the predicate, if one would
 * @param advice what to do, in a sentence
 */
public record FullScan(
    String table, String predicate, Optional<String> createIndex, String advice) {

  /** One line for a log: the table, the predicate and the advice. */
  public String describe() {
    return "table " + table + " is read in full to test " + predicate + ": " + advice;
  }
}
