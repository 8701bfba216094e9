package io.kitesql.slt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The tables of {@link IndexDifferentialTest}: the shapes Spring applications query through
 * indexes, filled with random data large enough that key ranges, probes and early-stopping scans
 * have something to skip (a few hundred to a few thousand rows).
 *
 * <ul>
 *   <li>{@code p (id BIGINT PRIMARY KEY, a INT, b BIGINT, c INT, s VARCHAR(24), t TEXT)}, 300 to
 *       2,000 rows: ids ascending with gaps; {@code a} 0..19 (many duplicates), {@code b} small
 *       values and values beyond the INT range, {@code c} spread over about the row count (few
 *       duplicates), {@code s} texts with common prefixes, upper and lower case, {@code %}, {@code
 *       _}, the escape characters {@code \} and {@code !}, a quote, multi-byte UTF-8 and the
 *       highest code points (U+FFFF, U+10FFFF), {@code t} a handful of short texts; every non-key
 *       column has NULLs;
 *   <li>{@code q (g INT, h VARCHAR(8), v INT, w TEXT, pid BIGINT, PRIMARY KEY (g, h))}: a composite
 *       key of an integer and a text, {@code pid} mostly an id of {@code p} (for IN subqueries,
 *       EXISTS and joins);
 *   <li>{@code r (id INT PRIMARY KEY, x INT)}: zero to six rows, NULLs in {@code x} (empty and
 *       NULL-bearing subqueries).
 * </ul>
 *
 * Secondary indexes (each kept with probability 3/4, made before or after the rows): on {@code p}:
 * {@code (a)}, {@code (a, c)}, {@code (b)}, {@code (c)}, {@code (s)}, {@code (t, a)}, {@code (s,
 * c)}; on {@code q}: {@code (v)}, {@code (w, v)}, {@code (pid)}, {@code (h)}; on {@code r}: {@code
 * (x)}. The database "without indexes" has the same tables with neither primary keys nor secondary
 * indexes, so every query there is answered by scans.
 *
 * @param tables the tables, each with its statements
 * @param values per column ({@code p.a}, {@code q.w}, ...) the distinct values stored, NULL as Java
 *     null: the generator's literals mostly come from them, so that predicates select rows
 */
record IndexDiffSchema(List<Table> tables, Map<String, List<Object>> values) {
  /** Characters texts are made of; code points, so that U+10FFFF is one of them. */
  static final int[] TEXT_ALPHABET =
      "abcAB%_\\!'é日😀\uFFFF\u07FF\u0800\uD7FF\uE000".codePoints().toArray();

  private static final String[] PREFIXES = {
    "ab",
    "abc",
    "abd",
    "a",
    "b",
    "Ab",
    "x%",
    "x_y",
    "x\\z",
    "x!",
    "é",
    "日本",
    "😀",
    "\uFFFF",
    "\uDBFF\uDFFF",
    ""
  };
  private static final String[] SHORT_TEXTS = {"", "x0", "x1", "x2", "y", "Y", "日"};

  /** One table: its CREATE TABLE with and without keys, its indexes and rows. */
  record Table(
      String name,
      String keyedDdl,
      String plainDdl,
      List<String> indexes,
      List<String> rows,
      boolean indexesFirst) {
    List<String> statements(boolean withIndexes) {
      var out = new ArrayList<String>();
      out.add(withIndexes ? keyedDdl : plainDdl);
      var load = new ArrayList<String>();
      for (int from = 0; from < rows.size(); from += 100) { // short INSERTs: each parses fast
        load.add(
            "INSERT INTO "
                + name
                + " VALUES "
                + String.join(", ", rows.subList(from, Math.min(rows.size(), from + 100))));
      }
      var indexDdl = withIndexes ? indexes : List.<String>of();
      out.addAll(indexesFirst ? indexDdl : load);
      out.addAll(indexesFirst ? load : indexDdl);
      return out;
    }
  }

  /** A new random data set over the fixed tables. */
  static IndexDiffSchema random(SplittableRandom random) {
    var values = new LinkedHashMap<String, List<Object>>();
    var p = tableP(random, values);
    var q = tableQ(random, values, values.get("p.id"));
    var r = tableR(random, values);
    return new IndexDiffSchema(List.of(p, q, r), values);
  }

  /** Every statement, for the database with keys and indexes (KiteSQL, SQLite) or without. */
  List<String> statements(boolean withIndexes) {
    return tables.stream().flatMap(t -> t.statements(withIndexes).stream()).toList();
  }

  /** The schema and data as a script, for a failure message. */
  String describe() {
    return String.join(";\n", statements(true)) + ";\n";
  }

  private static Table tableP(SplittableRandom random, Map<String, List<Object>> values) {
    int count = 300 + random.nextInt(1700);
    var rows = new ArrayList<String>();
    var columns = new Columns(values, "p", "id", "a", "b", "c", "s", "t");
    long id = random.nextInt(20) - 10;
    for (int i = 0; i < count; i++) {
      id += 1 + random.nextInt(3);
      Long a = nullable(random, 10, random.nextInt(20) + 0L);
      Long b =
          nullable(
              random,
              12,
              random.nextInt(4) == 0
                  ? (random.nextBoolean() ? 1 : -1) * (3_000_000_000L + random.nextInt(50))
                  : random.nextInt(200));
      Long c = nullable(random, 20, (long) random.nextInt(count + 1));
      var s = random.nextInt(10) == 0 ? null : text(random);
      var t = random.nextInt(8) == 0 ? null : SHORT_TEXTS[random.nextInt(SHORT_TEXTS.length)];
      rows.add(columns.row(id, a, b, c, s, t));
    }
    var indexes = indexes(random, "p", "a", "a, c", "b", "c", "s", "t, a", "s, c");
    return new Table(
        "p",
        "CREATE TABLE p (id BIGINT PRIMARY KEY, a INT, b BIGINT, c INT, s VARCHAR(24), t TEXT)",
        "CREATE TABLE p (id BIGINT, a INT, b BIGINT, c INT, s VARCHAR(24), t TEXT)",
        indexes,
        rows,
        random.nextBoolean());
  }

  private static Table tableQ(
      SplittableRandom random, Map<String, List<Object>> values, List<Object> ids) {
    int groups = 10 + random.nextInt(40);
    var rows = new ArrayList<String>();
    var columns = new Columns(values, "q", "g", "h", "v", "w", "pid");
    for (int g = 0; g < groups; g++) {
      var keys = new LinkedHashSet<String>();
      for (int i = 0, n = random.nextInt(40); i < n; i++) {
        keys.add(shortText(random));
      }
      for (var h : keys) {
        Long v = nullable(random, 10, random.nextInt(30) + 0L);
        var w = random.nextInt(10) == 0 ? null : text(random);
        Object pid =
            random.nextInt(10) == 0
                ? null
                : random.nextInt(8) == 0
                    ? -1000L - random.nextInt(5)
                    : ids.get(random.nextInt(ids.size()));
        rows.add(columns.row((long) g, h, v, w, pid));
      }
    }
    var indexes = indexes(random, "q", "v", "w, v", "pid", "h");
    return new Table(
        "q",
        "CREATE TABLE q (g INT, h VARCHAR(8), v INT, w TEXT, pid BIGINT, PRIMARY KEY (g, h))",
        "CREATE TABLE q (g INT, h VARCHAR(8), v INT, w TEXT, pid BIGINT)",
        indexes,
        rows,
        random.nextBoolean());
  }

  private static Table tableR(SplittableRandom random, Map<String, List<Object>> values) {
    var rows = new ArrayList<String>();
    var columns = new Columns(values, "r", "id", "x");
    for (int id = 1, n = random.nextInt(7); id <= n; id++) {
      rows.add(columns.row((long) id, nullable(random, 4, random.nextInt(20) + 0L)));
    }
    return new Table(
        "r",
        "CREATE TABLE r (id INT PRIMARY KEY, x INT)",
        "CREATE TABLE r (id INT, x INT)",
        indexes(random, "r", "x"),
        rows,
        random.nextBoolean());
  }

  /** Records each column's values while rows are made. */
  private record Columns(Map<String, List<Object>> values, String table, String... names) {
    Columns {
      for (var name : names) {
        values.put(table + "." + name, new ArrayList<>());
      }
    }

    String row(Object... row) {
      var sql = new ArrayList<String>();
      for (int i = 0; i < row.length; i++) {
        var seen = values.get(table + "." + names[i]);
        if (!seen.contains(row[i]) && seen.size() < 400) {
          seen.add(row[i]);
        }
        sql.add(literal(row[i]));
      }
      return "(" + String.join(", ", sql) + ")";
    }
  }

  private static List<String> indexes(
      SplittableRandom random, String table, String... columnLists) {
    var out = new ArrayList<String>();
    for (int i = 0; i < columnLists.length; i++) {
      if (random.nextInt(4) > 0) {
        out.add("CREATE INDEX " + table + "_i" + i + " ON " + table + " (" + columnLists[i] + ")");
      }
    }
    return out;
  }

  private static Long nullable(SplittableRandom random, int oneIn, long value) {
    return random.nextInt(oneIn) == 0 ? null : value;
  }

  /** A text with a common prefix and up to four characters of the alphabet after it. */
  static String text(SplittableRandom random) {
    var out = new StringBuilder(PREFIXES[random.nextInt(PREFIXES.length)]);
    for (int i = 0, n = random.nextInt(5); i < n; i++) {
      out.appendCodePoint(TEXT_ALPHABET[random.nextInt(TEXT_ALPHABET.length)]);
    }
    return out.toString();
  }

  private static String shortText(SplittableRandom random) {
    var out = new StringBuilder();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      out.appendCodePoint(TEXT_ALPHABET[random.nextInt(9)]);
    }
    return out.toString();
  }

  /** A value as an SQL literal: NULL, a number, or a quoted text. */
  static String literal(Object value) {
    return switch (value) {
      case null -> "NULL";
      case String s -> "'" + s.replace("'", "''") + "'";
      default -> value.toString();
    };
  }
}
