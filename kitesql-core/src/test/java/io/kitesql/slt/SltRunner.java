package io.kitesql.slt;

import io.kitesql.slt.SltRecord.Halt;
import io.kitesql.slt.SltRecord.Hash;
import io.kitesql.slt.SltRecord.HashThreshold;
import io.kitesql.slt.SltRecord.Lines;
import io.kitesql.slt.SltRecord.Location;
import io.kitesql.slt.SltRecord.Query;
import io.kitesql.slt.SltRecord.Statement;
import io.kitesql.slt.SltResult.Failure;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Runs parsed sqllogictest records against an {@link SltEngine} and collects the failures.
 *
 * <p>A failing record does not stop the file: later records still run, so one run reports every
 * difference. Query results are compared value by value after sorting: the expected section may
 * list one value per line, or one row per line with its values separated by tabs or by spaces (a
 * value holding a space needs one of the other two forms). An error record passes only on the
 * engine's own error ({@link SltEngine#isEngineError}), never on a crash such as a {@code
 * NullPointerException}. When a result has more values than the current {@code hash-threshold}, the
 * expected section may instead be {@code N values hashing to <md5>}, the MD5 of every value
 * followed by a newline (the convention of SQLite's corpus). Queries with the same label must
 * produce the same hash.
 */
public final class SltRunner {
  private final SltEngine engine;
  private final Set<String> engineNames;
  private final List<Failure> failures = new ArrayList<>();
  private final Map<String, Labelled> labels = new HashMap<>();
  private int passed;
  private int skipped;
  private int notRun;
  private int hashThreshold; // 0: never required, as in sqllogictest

  private record Labelled(String hash, Location location) {}

  private SltRunner(SltEngine engine, Set<String> engineNames) {
    this.engine = engine;
    this.engineNames = engineNames;
  }

  /** Runs {@code records} (one file, named {@code file}) on {@code engine}. */
  public static SltResult run(String file, List<SltRecord> records, SltEngine engine) {
    return run(file, records, engine, Set.of(engine.name()));
  }

  /**
   * Runs {@code records} on {@code engine}, which {@code skipif}/{@code onlyif} know by {@code
   * engineNames}.
   */
  public static SltResult run(
      String file, List<SltRecord> records, SltEngine engine, Set<String> engineNames) {
    SltRunner runner = new SltRunner(engine, Set.copyOf(engineNames));
    runner.runAll(records);
    return new SltResult(file, runner.passed, runner.skipped, runner.notRun, runner.failures);
  }

  private void runAll(List<SltRecord> records) {
    for (int i = 0; i < records.size(); i++) {
      SltRecord record = records.get(i);
      if (!record.appliesTo(engineNames)) {
        if (record instanceof Statement || record instanceof Query) {
          skipped++;
        }
        continue;
      }
      switch (record) {
        case HashThreshold h -> hashThreshold = h.threshold();
        case Halt _ -> {
          notRun =
              (int)
                  records.subList(i + 1, records.size()).stream()
                      .filter(r -> r instanceof Statement || r instanceof Query)
                      .count();
          return;
        }
        case Statement s -> count(statement(s), s.location(), s.sql());
        case Query q -> count(query(q), q.location(), q.sql());
      }
    }
  }

  /** Counts a record as passed ({@code problem == null}) or records its failure. */
  private void count(String problem, Location location, String sql) {
    if (problem == null) {
      passed++;
    } else {
      failures.add(new Failure(location, sql, problem));
    }
  }

  private String statement(Statement s) {
    try {
      engine.statement(s.sql());
    } catch (Exception e) {
      if (!s.expectError()) {
        return "unexpected error: " + describe(e);
      }
      if (!engine.isEngineError(e)) {
        return "an error was expected, but the engine failed with "
            + e.getClass().getName()
            + ", not an error report of its own: "
            + describe(e);
      }
      return errorMatches(s.errorPattern(), describe(e))
          ? null
          : "error message does not match '" + s.errorPattern() + "': " + describe(e);
    }
    return s.expectError() ? "statement succeeded but an error was expected" : null;
  }

  /** Whether {@code message} contains {@code pattern} (ignoring case) or matches it as a regex. */
  static boolean errorMatches(String pattern, String message) {
    if (pattern == null) {
      return true;
    }
    String m = String.valueOf(message);
    if (m.toLowerCase(Locale.ROOT).contains(pattern.toLowerCase(Locale.ROOT))) {
      return true;
    }
    try {
      return Pattern.compile(pattern).matcher(m).find();
    } catch (PatternSyntaxException e) {
      return false; // not a regex, and not a substring either
    }
  }

  private static String describe(Exception e) {
    return e.getMessage() == null ? e.getClass().getName() : e.getMessage();
  }

  private String query(Query q) {
    List<List<String>> rows;
    try {
      rows = engine.query(q.sql(), q.types());
    } catch (Exception e) {
      return "unexpected error: " + describe(e);
    }
    int columns = q.types().length();
    for (List<String> row : rows) {
      if (row.size() != columns) {
        return "query returned "
            + row.size()
            + " columns, types '"
            + q.types()
            + "' say "
            + columns;
      }
    }
    List<String> values = sortedValues(rows, q.sort());
    String hash = md5(values);
    String problem = compare(q, values, hash, columns);
    return problem != null ? problem : checkLabel(q, hash);
  }

  /** The result values, flattened in the order the sort mode prescribes. */
  static List<String> sortedValues(List<List<String>> rows, SltRecord.SortMode sort) {
    List<List<String>> ordered = new ArrayList<>(rows);
    if (sort == SltRecord.SortMode.ROWSORT) {
      ordered.sort(SltRunner::compareRows);
    }
    List<String> values = new ArrayList<>();
    ordered.forEach(values::addAll);
    if (sort == SltRecord.SortMode.VALUESORT) {
      values.sort(Comparator.naturalOrder());
    }
    return values;
  }

  private static int compareRows(List<String> a, List<String> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = a.get(i).compareTo(b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private String compare(Query q, List<String> values, String hash, int columns) {
    return switch (q.expected()) {
      case Hash h -> {
        if (h.valueCount() == values.size() && h.md5().equals(hash)) {
          yield null;
        }
        yield mismatch(List.of(h.valueCount() + " values hashing to " + h.md5()), values, columns);
      }
      case Lines l ->
          linesMatch(l.lines(), values, columns) ? null : mismatch(l.lines(), values, columns);
    };
  }

  /**
   * Accepts one value per line, or one row per line with tab- or space-separated values, each
   * compared with its own value (never a row joined into one string: values "a" and "b c" are not
   * the row line "a b c", nor is "a b" the value "a b").
   */
  static boolean linesMatch(List<String> lines, List<String> values, int columns) {
    if (lines.size() == values.size() && oneValuePerLine(lines, values)) {
      return true;
    }
    if (columns == 0 || values.size() % columns != 0 || lines.size() != values.size() / columns) {
      return false;
    }
    for (int r = 0; r < lines.size(); r++) {
      List<String> row = values.subList(r * columns, (r + 1) * columns);
      if (!rowValues(lines.get(r)).equals(row)) {
        return false;
      }
    }
    return true;
  }

  private static boolean oneValuePerLine(List<String> lines, List<String> values) {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).stripTrailing().equals(values.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The values of a row line: separated by tabs if it has any, else by runs of spaces. */
  private static List<String> rowValues(String line) {
    String stripped = line.strip();
    return List.of(stripped.contains("\t") ? stripped.split("\t") : stripped.split(" +"));
  }

  private String mismatch(List<String> expected, List<String> values, int columns) {
    StringBuilder out = new StringBuilder("wrong result\n  expected:");
    expected.forEach(line -> out.append("\n    ").append(line));
    out.append("\n  actual:");
    if (hashThreshold > 0 && values.size() > hashThreshold) {
      out.append("\n    ").append(values.size()).append(" values hashing to ").append(md5(values));
    }
    if (values.isEmpty()) {
      out.append("\n    (no rows)");
    }
    for (int r = 0; columns > 0 && r < values.size() / columns; r++) {
      out.append("\n    ").append(String.join(" ", values.subList(r * columns, (r + 1) * columns)));
    }
    return out.toString();
  }

  private String checkLabel(Query q, String hash) {
    if (q.label() == null) {
      return null;
    }
    Labelled first = labels.putIfAbsent(q.label(), new Labelled(hash, q.location()));
    if (first == null || first.hash().equals(hash)) {
      return null;
    }
    return "label '" + q.label() + "': result differs from the query at " + first.location();
  }

  /** The sqllogictest hash: MD5 over each value followed by a newline, as lowercase hex. */
  public static String md5(List<String> values) {
    try {
      MessageDigest md = MessageDigest.getInstance("MD5");
      for (String v : values) {
        md.update(v.getBytes(StandardCharsets.UTF_8));
        md.update((byte) '\n');
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has MD5", e);
    }
  }
}
