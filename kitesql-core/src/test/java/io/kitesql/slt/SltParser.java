package io.kitesql.slt;

import io.kitesql.slt.SltRecord.Condition;
import io.kitesql.slt.SltRecord.Expected;
import io.kitesql.slt.SltRecord.Halt;
import io.kitesql.slt.SltRecord.Hash;
import io.kitesql.slt.SltRecord.HashThreshold;
import io.kitesql.slt.SltRecord.Lines;
import io.kitesql.slt.SltRecord.Location;
import io.kitesql.slt.SltRecord.Query;
import io.kitesql.slt.SltRecord.SortMode;
import io.kitesql.slt.SltRecord.Statement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the sqllogictest format into {@link SltRecord}s.
 *
 * <p>Records are separated by blank lines. Lines starting with {@code #} before a record's header
 * are comments, as are {@code skipif}/{@code onlyif} conditions, which attach to the record that
 * follows. Malformed input raises {@link SltParseException} naming {@code file:line}: a typo in a
 * header must never silently turn a test into a no-op.
 */
public final class SltParser {
  private static final Pattern HASH_LINE =
      Pattern.compile("(\\d+) values hashing to ([0-9a-fA-F]{32})");
  private static final Pattern TYPES = Pattern.compile("[ITRitr]+");

  private final String file;
  private final List<String> lines;
  private int next; // index of the next unread line

  private SltParser(String file, String text) {
    this.file = file;
    this.lines = text.lines().map(SltParser::stripCarriageReturn).toList();
  }

  /** Parses {@code text}; {@code file} names it in locations and errors. */
  public static List<SltRecord> parse(String file, String text) {
    return new SltParser(file, text).records();
  }

  /** Reads and parses a UTF-8 file, naming it by {@code path} as given. */
  public static List<SltRecord> parse(Path path) {
    try {
      return parse(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }

  private static String stripCarriageReturn(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private List<SltRecord> records() {
    List<SltRecord> out = new ArrayList<>();
    while (true) {
      List<Condition> conditions = new ArrayList<>();
      String header = nextHeader(conditions);
      if (header == null) {
        if (!conditions.isEmpty()) {
          throw error(next, "skipif/onlyif not followed by a record");
        }
        return out;
      }
      out.add(record(header, List.copyOf(conditions)));
    }
  }

  /**
   * Skips blank and comment lines, collecting conditions, and returns the trimmed header line of
   * the next record (consumed), or null at the end of the input.
   */
  private String nextHeader(List<Condition> conditions) {
    while (next < lines.size()) {
      String line = lines.get(next).strip();
      if (line.isEmpty() && !conditions.isEmpty()) {
        throw error(next + 1, "blank line between a condition and its record");
      }
      next++;
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] words = line.split("\\s+");
      switch (words[0]) {
        case "skipif", "onlyif" -> {
          if (words.length < 2) {
            throw error(next, words[0] + " needs an engine name");
          }
          conditions.add(new Condition(words[0].equals("onlyif"), words[1]));
        }
        default -> {
          return line;
        }
      }
    }
    return null;
  }

  private SltRecord record(String header, List<Condition> conditions) {
    int headerLine = next; // 1-based number of the header, which was just consumed
    Location at = new Location(file, headerLine);
    String[] words = header.split("\\s+");
    return switch (words[0]) {
      case "statement" -> statement(at, conditions, header, words);
      case "query" -> query(at, conditions, header, words);
      case "hash-threshold" -> new HashThreshold(at, conditions, threshold(words, headerLine));
      case "halt" -> new Halt(at, conditions);
      default -> throw error(headerLine, "unknown record type: " + header);
    };
  }

  private Statement statement(
      Location at, List<Condition> conditions, String header, String[] words) {
    if (words.length < 2 || !(words[1].equals("ok") || words[1].equals("error"))) {
      throw error(at.line(), "expected 'statement ok' or 'statement error': " + header);
    }
    boolean error = words[1].equals("error");
    String pattern = error ? restAfter(header, 2) : null;
    if (!error && words.length > 2) {
      throw error(at.line(), "unexpected text after 'statement ok': " + header);
    }
    List<String> sql = sqlLines(at);
    if (next < lines.size() && lines.get(next).strip().equals("----")) {
      throw error(next + 1, "a statement has no '----' result section");
    }
    return new Statement(at, conditions, String.join("\n", sql), error, pattern);
  }

  private SltRecord query(Location at, List<Condition> conditions, String header, String[] words) {
    if (words.length < 2) {
      throw error(at.line(), "query needs column types, e.g. 'query IT'");
    }
    if (words[1].equals("error")) {
      String pattern = restAfter(header, 2);
      return new Statement(at, conditions, String.join("\n", sqlLines(at)), true, pattern);
    }
    if (!TYPES.matcher(words[1]).matches()) {
      throw error(at.line(), "bad column types '" + words[1] + "' (letters I, R, T)");
    }
    if (words.length > 4) {
      throw error(at.line(), "too many words in query header: " + header);
    }
    SortMode sort = SortMode.NOSORT;
    String label = null;
    if (words.length > 2) {
      sort =
          switch (words[2]) {
            case "nosort" -> SortMode.NOSORT;
            case "rowsort" -> SortMode.ROWSORT;
            case "valuesort" -> SortMode.VALUESORT;
            default -> throw error(at.line(), "unknown sort mode '" + words[2] + "'");
          };
      label = words.length > 3 ? words[3] : null;
    }
    String sql = String.join("\n", sqlLines(at));
    Expected expected = new Lines(List.of());
    if (next < lines.size() && lines.get(next).strip().equals("----")) {
      next++;
      expected = expected(resultLines());
    }
    return new Query(at, conditions, sql, words[1].toUpperCase(Locale.ROOT), sort, label, expected);
  }

  /** The SQL lines after a header, up to a blank line, {@code ----} or the end (not consumed). */
  private List<String> sqlLines(Location at) {
    List<String> sql = new ArrayList<>();
    while (next < lines.size()) {
      String line = lines.get(next);
      if (line.isBlank() || line.strip().equals("----")) {
        break;
      }
      sql.add(line);
      next++;
    }
    if (sql.isEmpty()) {
      throw error(at.line(), "record has no SQL");
    }
    return sql;
  }

  /** The lines after {@code ----}, up to a blank line or the end. */
  private List<String> resultLines() {
    List<String> result = new ArrayList<>();
    while (next < lines.size() && !lines.get(next).isBlank()) {
      result.add(lines.get(next));
      next++;
    }
    return result;
  }

  private static Expected expected(List<String> result) {
    if (result.size() == 1) {
      Matcher m = HASH_LINE.matcher(result.getFirst().strip());
      if (m.matches()) {
        return new Hash(Integer.parseInt(m.group(1)), m.group(2).toLowerCase(Locale.ROOT));
      }
    }
    return new Lines(List.copyOf(result));
  }

  private int threshold(String[] words, int line) {
    try {
      if (words.length == 2) {
        int n = Integer.parseInt(words[1]);
        if (n >= 0) {
          return n;
        }
      }
    } catch (NumberFormatException e) {
      // reported below, with the line
    }
    throw error(line, "expected 'hash-threshold N' with N >= 0");
  }

  /** The text of {@code header} after its first {@code words} words, or null if there is none. */
  private static String restAfter(String header, int words) {
    String rest = header;
    for (int i = 0; i < words; i++) {
      rest = rest.strip();
      int space = rest.indexOf(' ');
      int tab = rest.indexOf('\t');
      int cut = space < 0 ? tab : tab < 0 ? space : Math.min(space, tab);
      if (cut < 0) {
        return null;
      }
      rest = rest.substring(cut);
    }
    rest = rest.strip();
    return rest.isEmpty() ? null : rest;
  }

  private SltParseException error(int line, String message) {
    return new SltParseException(new Location(file, line), message);
  }
}
