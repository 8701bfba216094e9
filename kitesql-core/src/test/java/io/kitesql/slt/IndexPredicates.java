package io.kitesql.slt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The conditions of {@link IndexQueryGenerator}'s queries: the predicates an index may answer
 * (equalities, IN lists, OR of equalities, ranges, prefix LIKE, IN and EXISTS subqueries) over
 * {@link IndexDiffSchema}'s tables, with values drawn mostly from the stored ones. A value is
 * either a literal or, in a prepared query, a parameter ({@code ?}) whose value is recorded so that
 * the query can be run again with other values drawn the same way.
 */
final class IndexPredicates {
  /** A column's SQL type family: what its values and literals look like. */
  enum Kind {
    INT,
    BIGINT,
    TEXT
  }

  /** A column of a table. */
  record Col(String name, Kind kind) {}

  /**
   * A table as the generator sees it.
   *
   * @param key the primary key's columns: appended to ORDER BY, they make the order total
   * @param orders column lists whose order an index (or the primary key) delivers
   */
  record TableInfo(String name, List<Col> cols, List<String> key, List<List<String>> orders) {
    Col col(String column) {
      return cols.stream().filter(c -> c.name().equals(column)).findFirst().orElseThrow();
    }
  }

  static final TableInfo P =
      new TableInfo(
          "p",
          List.of(
              new Col("id", Kind.BIGINT),
              new Col("a", Kind.INT),
              new Col("b", Kind.BIGINT),
              new Col("c", Kind.INT),
              new Col("s", Kind.TEXT),
              new Col("t", Kind.TEXT)),
          List.of("id"),
          List.of(
              List.of("id"),
              List.of("a"),
              List.of("a", "c"),
              List.of("b"),
              List.of("c"),
              List.of("s"),
              List.of("t", "a"),
              List.of("s", "c")));
  static final TableInfo Q =
      new TableInfo(
          "q",
          List.of(
              new Col("g", Kind.INT),
              new Col("h", Kind.TEXT),
              new Col("v", Kind.INT),
              new Col("w", Kind.TEXT),
              new Col("pid", Kind.BIGINT)),
          List.of("g", "h"),
          List.of(
              List.of("g", "h"),
              List.of("g"),
              List.of("h"),
              List.of("v"),
              List.of("w", "v"),
              List.of("pid")));

  private static final int[] HIGHEST = {0xFFFF, 0x10FFFF, 0x7FF, 0xD7FF};

  private final SplittableRandom random;
  private final IndexDiffSchema schema;
  private boolean prepared;
  private final List<Supplier<List<Object>>> slots = new ArrayList<>();
  private final List<Object> bound = new ArrayList<>();

  IndexPredicates(SplittableRandom random, IndexDiffSchema schema) {
    this.random = random;
    this.schema = schema;
  }

  /** Starts a query: {@code prepared} says whether its values may become parameters. */
  void reset(boolean prepared) {
    this.prepared = prepared;
    slots.clear();
    bound.clear();
  }

  /** The values of the query's parameters as generated. */
  List<Object> parameters() {
    return Collections.unmodifiableList(new ArrayList<>(bound));
  }

  /** Another set of values for the same parameters, drawn as the first were. */
  List<Object> redraw() {
    var out = new ArrayList<Object>();
    slots.forEach(slot -> out.addAll(slot.get()));
    return out;
  }

  boolean hasParameters() {
    return !slots.isEmpty();
  }

  // ---- values ----

  /** A value of {@code col} as SQL: a literal, or {@code ?} with its value recorded. */
  String value(TableInfo table, Col col) {
    boolean param = prepared && random.nextInt(4) > 0;
    Supplier<Object> draw = () -> draw(table, col, param);
    return param ? slot(draw) : IndexDiffSchema.literal(draw.get());
  }

  /** A parameter for {@code draw}'s values. */
  String slot(Supplier<Object> draw) {
    return group(() -> Arrays.asList(draw.get())).getFirst();
  }

  /** Parameters for a group of values drawn together (a keyset's repeated column value). */
  List<String> group(Supplier<List<Object>> draw) {
    var values = draw.get();
    slots.add(draw);
    bound.addAll(values);
    return values.stream().map(v -> "?").toList();
  }

  /**
   * Mostly a stored value (NULL included), else one near the stored ones or of another numeric
   * type.
   */
  Object draw(TableInfo table, Col col, boolean param) {
    var seen = schema.values().get(table.name() + "." + col.name());
    int r = random.nextInt(10);
    if (r < 7 && !seen.isEmpty()) {
      return asBound(seen.get(random.nextInt(seen.size())), param);
    }
    double fraction = random.nextInt(40) / 2.0 - 2;
    return switch (col.kind()) {
      case INT ->
          r == 9 && !param
              ? (random.nextBoolean()
                  ? 3_000_000_000L
                  : -3_000_000_001L) // beyond INT: never a key bound
              : r == 8 ? (Object) fraction : asBound((long) random.nextInt(70) - 5, param);
      case BIGINT ->
          r == 8
              ? (Object) fraction
              : r == 9
                  ? (random.nextBoolean() ? 1 : -1) * (3_000_000_000L + random.nextInt(60))
                  : asBound((long) random.nextInt(2600) - 10, param);
      case TEXT ->
          r == 9 && !seen.isEmpty() && seen.get(random.nextInt(seen.size())) instanceof String s
              ? prefix(s)
              : IndexDiffSchema.text(random);
    };
  }

  /**
   * A bound integer is now and then an Integer rather than a Long: either converts to the slot's
   * type.
   */
  private Object asBound(Object value, boolean param) {
    if (param && value instanceof Long l && l == (int) (long) l && random.nextBoolean()) {
      return (int) (long) l;
    }
    return value;
  }

  /** The first 0..n code points of {@code s}. */
  String prefix(String s) {
    int points = s.codePointCount(0, s.length());
    return s.substring(0, s.offsetByCodePoints(0, random.nextInt(points + 1)));
  }

  String storedText(TableInfo table, Col col) {
    var texts =
        schema.values().get(table.name() + "." + col.name()).stream()
            .filter(String.class::isInstance)
            .toList();
    return texts.isEmpty() ? "" : (String) texts.get(random.nextInt(texts.size()));
  }

  // ---- conditions ----

  /** One condition on {@code alias}'s row of {@code table}; {@code depth} bounds subqueries. */
  String condition(TableInfo table, String alias, int depth) {
    var col = table.cols().get(random.nextInt(table.cols().size()));
    var column = alias + "." + col.name();
    return switch (random.nextInt(depth > 0 ? 10 : 13)) {
      case 0, 1 -> column + " = " + value(table, col);
      case 2, 3 -> inList(table, col, column);
      case 4 -> orOfEqualities(table, col, column);
      case 5 -> orAcrossColumns(table, alias);
      case 6 -> range(table, col, column);
      case 7, 8 -> like(table, alias);
      case 9 -> column + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
      case 10, 11 -> inSubquery(table, alias, depth);
      default -> exists(table, alias, depth);
    };
  }

  /** {@code [NOT] IN} a list of one to 200 values: duplicates, NULLs, other numeric types. */
  String inList(TableInfo table, Col col, String column) {
    var items = new ArrayList<String>();
    var values = new ArrayList<Integer>(); // per item the index of its parameter value, or -1
    int n = switch (random.nextInt(24)) { // one value, a few, a dozen, or a findAllById-sized list
          case 0, 1, 2, 3, 4, 5, 6, 7 -> 1;
          case 8 -> 30 + random.nextInt(170);
          default -> 1 + random.nextInt(random.nextBoolean() ? 4 : 12);
        };
    for (int i = 0; i < n; i++) {
      int copy = items.isEmpty() || random.nextInt(8) > 0 ? -1 : random.nextInt(items.size());
      if (copy >= 0) { // a duplicate; a parameter is repeated as a new parameter of the same value
        var same = values.get(copy) < 0 ? null : bound.get(values.get(copy));
        values.add(values.get(copy) < 0 ? -1 : bound.size());
        items.add(values.get(copy) < 0 ? items.get(copy) : slot(() -> same));
        continue;
      }
      int before = bound.size();
      items.add(
          random.nextInt(12) == 0
              ? (prepared && random.nextBoolean() ? slot(() -> null) : "NULL")
              : value(table, col));
      values.add(bound.size() > before ? before : -1);
    }
    return column
        + (random.nextInt(4) == 0 ? " NOT" : "")
        + " IN ("
        + String.join(", ", items)
        + ")";
  }

  private String orOfEqualities(TableInfo table, Col col, String column) {
    var terms = new ArrayList<String>();
    for (int i = 0, n = 2 + random.nextInt(3); i < n; i++) {
      terms.add(random.nextInt(8) == 0 ? column + " IS NULL" : column + " = " + value(table, col));
    }
    return "(" + String.join(" OR ", terms) + ")";
  }

  private String orAcrossColumns(TableInfo table, String alias) {
    var terms = new ArrayList<String>();
    for (int i = 0, n = 2 + random.nextInt(2); i < n; i++) {
      var col = table.cols().get(random.nextInt(table.cols().size()));
      var column = alias + "." + col.name();
      terms.add(
          random.nextInt(4) == 0 ? inList(table, col, column) : column + " = " + value(table, col));
    }
    return "(" + String.join(" OR ", terms) + ")";
  }

  private String range(TableInfo table, Col col, String column) {
    if (random.nextInt(4) == 0) {
      return column
          + (random.nextInt(4) == 0 ? " NOT" : "")
          + " BETWEEN "
          + value(table, col)
          + " AND "
          + value(table, col);
    }
    String[] ops = {"<", "<=", ">", ">=", "<>"};
    var condition = column + " " + ops[random.nextInt(ops.length)] + " " + value(table, col);
    return random.nextInt(3) == 0
        ? "("
            + condition
            + " AND "
            + column
            + " "
            + ops[random.nextInt(4)]
            + " "
            + value(table, col)
            + ")"
        : condition;
  }

  /**
   * {@code [NOT] LIKE} on a text column: prefixes, wildcards inside, ESCAPE, the highest code
   * points.
   */
  String like(TableInfo table, String alias) {
    var texts = table.cols().stream().filter(c -> c.kind() == Kind.TEXT).toList();
    var col = texts.get(random.nextInt(texts.size()));
    var stored = storedText(table, col);
    char escape = random.nextBoolean() ? '\\' : '!';
    boolean escaped = random.nextInt(3) > 0;
    var prefix = prefix(stored);
    var second = prefix(stored);
    int shape = random.nextInt(8);
    var built = likePattern(shape, stored, prefix, second, escaped, escape);
    if (!escaped && built.indexOf('\\') >= 0) {
      // a backslash is KiteSQL's default escape (as PostgreSQL's), SQLite has none: name it for
      // both
      escaped = true;
      escape = '\\';
      built = likePattern(shape, stored, prefix, second, true, escape);
    }
    var pattern = built;
    var sqlPattern =
        prepared && random.nextBoolean() ? slot(() -> pattern) : IndexDiffSchema.literal(pattern);
    var not = random.nextInt(5) == 0 ? " NOT" : "";
    return alias
        + "."
        + col.name()
        + not
        + " LIKE "
        + sqlPattern
        + (escaped ? " ESCAPE '" + escape + "'" : "");
  }

  private String likePattern(
      int shape, String stored, String prefix, String second, boolean escaped, char escape) {
    return switch (shape) {
      case 0, 1, 2 -> (escaped ? escape(prefix, escape) : prefix) + "%";
      case 3 -> new String[] {"%", "%%", "_%", "%_", "_"}[Math.floorMod(stored.hashCode(), 5)];
      case 4 ->
          (escaped ? escape(prefix, escape) : prefix) + "_" + (stored.length() % 2 == 0 ? "%" : "");
      case 5 ->
          (escaped ? escape(prefix, escape) : prefix)
              + "%"
              + (escaped ? escape(second, escape) : "b")
              + "%";
      case 6 -> escaped ? escape(stored, escape) : stored;
      default ->
          (escaped ? escape(prefix, escape) : prefix)
              + Character.toString(HIGHEST[Math.floorMod(stored.hashCode(), HIGHEST.length)])
              + "%";
    };
  }

  /**
   * {@code text} with {@code %}, {@code _} and the escape character escaped, as Spring Data escapes
   * StartingWith.
   */
  static String escape(String text, char escape) {
    var out = new StringBuilder();
    text.codePoints()
        .forEach(
            cp -> {
              if (cp == '%' || cp == '_' || cp == escape) {
                out.append(escape);
              }
              out.appendCodePoint(cp);
            });
    return out.toString();
  }

  /** {@code [NOT] IN (SELECT ...)} from another table (or the same one), maybe correlated. */
  String inSubquery(TableInfo table, String alias, int depth) {
    var not = random.nextInt(4) == 0 ? " NOT" : "";
    var inner = "x" + depth;
    String left;
    String select;
    TableInfo from;
    if (random.nextInt(6) == 0) { // r: empty or small, NULLs in x
      from = null;
      left = alias + "." + (table == P ? "a" : "v");
      select = "SELECT " + inner + ".x FROM r " + inner;
    } else if (table == P) {
      from = Q;
      var pair = random.nextInt(3);
      left = alias + "." + new String[] {"id", "a", "c"}[pair];
      select = "SELECT " + inner + "." + new String[] {"pid", "g", "v"}[pair] + " FROM q " + inner;
    } else {
      from = random.nextInt(4) == 0 ? Q : P;
      var pair = random.nextInt(3);
      left = alias + "." + new String[] {"pid", "g", "v"}[pair];
      select =
          "SELECT "
              + inner
              + "."
              + (from == P ? new String[] {"id", "a", "c"} : new String[] {"pid", "g", "v"})[pair]
              + " FROM "
              + from.name()
              + " "
              + inner;
    }
    var sql = new StringBuilder(left).append(not).append(" IN (").append(select);
    if (from != null && random.nextInt(4) > 0) {
      sql.append(" WHERE ").append(condition(from, inner, depth + 1));
      if (random.nextInt(10)
          == 0) { // correlated (a nested loop per outer row without indexes: kept rare)
        sql.append(" AND ")
            .append(inner)
            .append('.')
            .append(from.key().getFirst())
            .append(" <> ")
            .append(alias)
            .append('.')
            .append(table.key().getFirst());
      }
    }
    return sql.append(')').toString();
  }

  /** {@code [NOT] EXISTS} over a related table, correlated by a key or an indexed column. */
  String exists(TableInfo table, String alias, int depth) {
    var inner = "x" + depth;
    var not = random.nextInt(3) == 0 ? "NOT " : "";
    String from;
    String correlation;
    TableInfo other;
    if (table == P) {
      other = Q;
      from = "q " + inner;
      correlation =
          switch (random.nextInt(3)) {
            case 0 -> inner + ".pid = " + alias + ".id";
            case 1 -> inner + ".g = " + alias + ".a";
            default -> inner + ".g = " + alias + ".a AND " + inner + ".v = " + alias + ".c";
          };
    } else {
      other = P;
      from = "p " + inner;
      correlation =
          random.nextBoolean() ? inner + ".id = " + alias + ".pid" : inner + ".a = " + alias + ".g";
    }
    if (random.nextInt(6) == 0) {
      return not
          + "EXISTS (SELECT 1 FROM r "
          + inner
          + " WHERE "
          + inner
          + ".x = "
          + alias
          + "."
          + (table == P ? "a" : "v")
          + ")";
    }
    var extra = random.nextBoolean() ? " AND " + condition(other, inner, depth + 1) : "";
    return not + "EXISTS (SELECT 1 FROM " + from + " WHERE " + correlation + extra + ")";
  }
}
