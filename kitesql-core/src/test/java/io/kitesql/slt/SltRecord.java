package io.kitesql.slt;

import java.util.List;

/**
 * One record of a sqllogictest file, as produced by {@link SltParser}.
 *
 * <p>Every record knows where it came from ({@link Location}) so failures point at a line, and
 * carries the {@code skipif}/{@code onlyif} conditions written above it.
 */
public sealed interface SltRecord {

  /** Where the record starts: the file and the 1-based line of its header. */
  Location location();

  /** The {@code skipif}/{@code onlyif} lines that precede the record. */
  List<Condition> conditions();

  /** Whether the record applies to the engine called {@code engineName}. */
  default boolean appliesTo(String engineName) {
    return appliesTo(java.util.Set.of(engineName));
  }

  /**
   * Whether the record applies to an engine that answers to {@code engineNames} (say {@code
   * kitesql} and, running a corpus written for SQLite as SQLite would, {@code sqlite}).
   */
  default boolean appliesTo(java.util.Set<String> engineNames) {
    return conditions().stream().allMatch(c -> c.allows(engineNames));
  }

  /** A file name and 1-based line number, printed as {@code file:line}. */
  record Location(String file, int line) {
    @Override
    public String toString() {
      return file + ":" + line;
    }
  }

  /** {@code skipif <engine>} ({@code only == false}) or {@code onlyif <engine>} ({@code only}). */
  record Condition(boolean only, String engine) {
    /** Whether a record with this condition runs on {@code engineName}. */
    public boolean allows(String engineName) {
      return allows(java.util.Set.of(engineName));
    }

    /** Whether a record with this condition runs on an engine answering to {@code engineNames}. */
    public boolean allows(java.util.Set<String> engineNames) {
      return only == engineNames.stream().anyMatch(engine::equalsIgnoreCase);
    }
  }

  /** How query results are ordered before comparison. */
  enum SortMode {
    /** Compare in the order the engine returned (the query must fix it with ORDER BY). */
    NOSORT,
    /** Sort rows by their values, compared as strings column by column. */
    ROWSORT,
    /** Sort all values individually, ignoring row boundaries. */
    VALUESORT
  }

  /**
   * {@code statement ok} or {@code statement error [pattern]} (also {@code query error [pattern]}).
   * A non-null {@code errorPattern} is a KiteSQL extension: the engine's error message must contain
   * it, ignoring case, or match it as a regular expression.
   */
  record Statement(
      Location location,
      List<Condition> conditions,
      String sql,
      boolean expectError,
      String errorPattern)
      implements SltRecord {}

  /**
   * {@code query <types> [sort] [label]}: {@code types} has one letter per column; {@code expected}
   * holds the result lines after {@code ----} (empty when there is no {@code ----}).
   */
  record Query(
      Location location,
      List<Condition> conditions,
      String sql,
      String types,
      SortMode sort,
      String label,
      Expected expected)
      implements SltRecord {}

  /** {@code hash-threshold N}: results with more than N values may be given as a hash. */
  record HashThreshold(Location location, List<Condition> conditions, int threshold)
      implements SltRecord {}

  /** {@code halt}: stop running the file here (usually guarded by {@code onlyif}). */
  record Halt(Location location, List<Condition> conditions) implements SltRecord {}

  /** The expected result of a query. */
  sealed interface Expected {}

  /**
   * Expected result lines: either one value per line, or one row per line with values separated by
   * tabs or spaces; the runner accepts both.
   */
  record Lines(List<String> lines) implements Expected {}

  /** {@code N values hashing to <md5>}: MD5 over every value followed by a newline. */
  record Hash(int valueCount, String md5) implements Expected {}
}
