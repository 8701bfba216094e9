package io.kitesql.slt;

import io.kitesql.slt.DiffExpressions.Ref;
import io.kitesql.slt.DiffExpressions.Scope;
import io.kitesql.slt.DiffSchema.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Generates random queries over a {@link DiffSchema} whose results SQLite and KiteSQL must agree
 * on. Every construct is one both engines define alike; where SQLite departs from the standard (or
 * from KiteSQL's documented semantics) the generator stays out of the way:
 *
 * <ul>
 *   <li>no comparison between text and a number (SQLite's type affinity would convert);
 *   <li>division and modulo only by non-zero integer literals (SQLite gives NULL for x / 0, KiteSQL
 *       DIVISION_BY_ZERO); integer division truncates toward zero in both;
 *   <li>values stay small, so no integer overflow (SQLite turns it into a real, KiteSQL fails);
 *   <li>no arithmetic on decimal literals other than {@code +}/{@code -} of a half (KiteSQL types
 *       {@code 0.5} as DECIMAL, SQLite as a double; halves are exact in both);
 *   <li>LIKE only over lowercase data and patterns (SQLite's LIKE ignores ASCII case);
 *   <li>a boolean is never used as a number (SQLite's comparisons yield 0/1 integers);
 *   <li>scalar subqueries are aggregates without GROUP BY, so they return exactly one row (SQLite
 *       takes the first of several rows, KiteSQL fails with CARDINALITY_VIOLATION);
 *   <li>INTERSECT only as the first of several set operators (SQLite applies them left to right,
 *       the standard binds INTERSECT tighter; a leading INTERSECT reads the same either way);
 *   <li>every compound expression is parenthesized, so operator precedence never matters;
 *   <li>LIMIT only with an ORDER BY over every result column, which fixes the rows returned;
 *   <li>no subquery in an UPDATE (SQLite's see the rows the statement already changed, the
 *       standard's and KiteSQL's see the table as the statement found it);
 *   <li>no CAST of a real to an integer (SQLite truncates, KiteSQL rounds half away from zero as
 *       PostgreSQL does) nor of text to a number (SQLite reads a leading number, KiteSQL refuses
 *       what is not one).
 * </ul>
 *
 * NULL ordering needs no care: both engines sort NULL first ascending and last descending.
 */
final class DiffQueryGenerator {

  /**
   * A generated query.
   *
   * @param sql the query
   * @param types one sqllogictest letter per result column
   * @param ordered whether ORDER BY fixes the order of the rows (else compare as multisets)
   */
  record Query(String sql, String types, boolean ordered) {}

  /**
   * A result column: its SQL, its type and the letter it is compared with. Integers are compared as
   * text ({@code T}), so that an INT expression that came back as a fraction shows it; a condition
   * as a result column is {@code I} (KiteSQL returns a boolean, SQLite 0 or 1).
   */
  private record Item(String sql, Type type, char letter) {
    Item(String sql, Type type) {
      this(sql, type, type == Type.INT ? 'T' : type.letter);
    }
  }

  private final SplittableRandom random;
  private final DiffSchema schema;
  private final DiffExpressions e;
  private int
      inserts; // INSERT ... SELECT statements so far: each adds its own power of ten to keys

  DiffQueryGenerator(SplittableRandom random, DiffSchema schema) {
    this.random = random;
    this.schema = schema;
    this.e = new DiffExpressions(random, schema);
  }

  /** The next random query. */
  Query next() {
    e.reset(false);
    String with = "";
    if (e.chance(8)) {
      var table = schema.tables().get(random.nextInt(schema.tables().size())).name();
      var scope =
          new Scope(
              DiffSchema.COLUMNS.stream().map(c -> new Ref("w." + c.name(), c.type())).toList(),
              null);
      with =
          "WITH c0 AS (SELECT "
              + (e.chance(3) ? "DISTINCT " : "")
              + "w.k, w.a, w.b, w.s, w.r FROM "
              + table
              + " w WHERE "
              + e.bool(scope, 1)
              + ") ";
      e.reset(true);
    }
    var query =
        switch (random.nextInt(10)) {
          case 0, 1 -> setOperation();
          case 2, 3, 4 -> grouped();
          default -> plain();
        };
    return new Query(with + query.sql(), query.types(), query.ordered());
  }

  /**
   * A random UPDATE, DELETE or INSERT ... SELECT on one table. Primary keys are never updated; the
   * n-th INSERT gives its rows their source rows' keys plus 10^(n+1), so keys stay unique (the
   * database without keys would not refuse a duplicate).
   */
  String dml() {
    int kind = random.nextInt(3);
    e.reset(false, kind != 0);
    var table = schema.tables().get(random.nextInt(schema.tables().size())).name();
    var scope =
        new Scope(
            DiffSchema.COLUMNS.stream()
                .map(c -> new Ref(table + "." + c.name(), c.type()))
                .toList(),
            null);
    return switch (kind) {
      case 0 -> {
        var sets = new ArrayList<String>();
        for (var column : DiffSchema.COLUMNS.subList(1, DiffSchema.COLUMNS.size())) {
          if (e.chance(3) || sets.isEmpty() && column.name().equals("r")) {
            sets.add(
                column.name() + " = " + (e.chance(6) ? "NULL" : e.expr(column.type(), scope, 1)));
          }
        }
        yield "UPDATE "
            + table
            + " SET "
            + String.join(", ", sets)
            + (e.chance(5) ? "" : " WHERE " + e.bool(scope, 1));
      }
      case 1 -> "DELETE FROM " + table + " WHERE " + e.bool(scope, 1);
      default -> {
        var inner =
            new Scope(
                DiffSchema.COLUMNS.stream().map(c -> new Ref("y." + c.name(), c.type())).toList(),
                null);
        var offset = (long) Math.pow(10, 2 + inserts++);
        yield "INSERT INTO "
            + table
            + " SELECT y.k + "
            + offset
            + ", y.a, y.b, y.s, y.r FROM "
            + table
            + " y WHERE "
            + e.bool(inner, 1);
      }
    };
  }

  // ---- query shapes ----

  private Query plain() {
    var from = e.from(0);
    var scope = new Scope(from.refs(), null);
    var items = new ArrayList<Item>();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      items.add(
          e.chance(7) ? new Item(e.bool(scope, 1), Type.INT, 'I') : item(e.randomType(), scope));
    }
    var sql =
        new StringBuilder("SELECT ")
            .append(e.chance(5) ? "DISTINCT " : "")
            .append(list(items))
            .append(" FROM ")
            .append(from.sql());
    where(sql, scope, 0);
    // ORDER BY may start with a key that is not a result column: it ranks, the columns break ties
    String leading = null;
    if (e.chance(3) && !sql.toString().startsWith("SELECT DISTINCT")) {
      var type = e.randomType();
      leading = e.expr(type, scope, 1);
      if (!leading.contains(".")) { // a constant: SQLite reads -(5) as position -5
        leading = e.column(type, scope);
      }
    }
    return finish(sql, items, leading);
  }

  private Query grouped() {
    var from = e.from(0);
    var scope = new Scope(from.refs(), null);
    var keys = new ArrayList<Item>();
    for (int i = 0, n = e.chance(5) ? 0 : 1 + random.nextInt(2); i < n; i++) {
      var type = e.randomType();
      keys.add(new Item(groupKey(type, scope), type));
    }
    var items = new ArrayList<Item>();
    for (var key : keys) {
      if (!e.chance(4)) {
        items.add(key);
      }
    }
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      items.add(aggregateItem(scope));
    }
    var sql = new StringBuilder("SELECT ").append(list(items)).append(" FROM ").append(from.sql());
    where(sql, scope, 0);
    if (!keys.isEmpty()) {
      sql.append(" GROUP BY ")
          .append(keys.stream().map(Item::sql).collect(Collectors.joining(", ")));
    }
    if (e.chance(2)) {
      sql.append(" HAVING ").append(having(scope, keys));
    }
    return finish(sql, items, null);
  }

  private Query setOperation() {
    var types = new ArrayList<Type>();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      types.add(e.randomType());
    }
    var sql = new StringBuilder(branch(types));
    String[] first = {"UNION", "UNION ALL", "EXCEPT", "INTERSECT"};
    sql.append(' ').append(first[random.nextInt(first.length)]).append(' ').append(branch(types));
    if (e.chance(3)) {
      String[] later = {"UNION", "UNION ALL", "EXCEPT"};
      sql.append(' ').append(later[random.nextInt(later.length)]).append(' ').append(branch(types));
    }
    var items = types.stream().map(t -> new Item("", t)).toList();
    return finish(sql, items, null);
  }

  private String branch(List<Type> types) {
    var from = e.from(0);
    var scope = new Scope(from.refs(), null);
    var items = types.stream().map(t -> item(t, scope)).toList();
    var sql =
        new StringBuilder("SELECT ")
            .append(e.chance(6) ? "DISTINCT " : "")
            .append(list(items))
            .append(" FROM ")
            .append(from.sql());
    where(sql, scope, 0);
    return sql.toString();
  }

  /**
   * Adds ORDER BY over every column (and maybe LIMIT/OFFSET), or nothing; a non-null {@code
   * leading} key comes first (ties between rows equal in it are broken by the columns).
   */
  private Query finish(StringBuilder sql, List<Item> items, String leading) {
    var types = items.stream().map(i -> String.valueOf(i.letter())).collect(Collectors.joining());
    if (!e.chance(3)) {
      return new Query(sql.toString(), types, false);
    }
    var keys = new ArrayList<String>();
    for (int i = 1; i <= items.size(); i++) {
      keys.add(
          i
              + (random.nextBoolean() ? " DESC" : "")
              + switch (random.nextInt(4)) {
                case 0 -> " NULLS FIRST";
                case 1 -> " NULLS LAST";
                default -> "";
              });
    }
    java.util.Collections.shuffle(keys, new java.util.Random(random.nextLong()));
    if (leading != null) {
      keys.addFirst(leading + (random.nextBoolean() ? " DESC" : ""));
    }
    sql.append(" ORDER BY ").append(String.join(", ", keys));
    if (random.nextBoolean()) {
      sql.append(" LIMIT ").append(random.nextInt(6));
      if (random.nextBoolean()) {
        sql.append(" OFFSET ").append(random.nextInt(4));
      }
    }
    return new Query(sql.toString(), types, true);
  }

  // ---- FROM ----

  private void where(StringBuilder sql, Scope scope, int depth) {
    if (random.nextInt(4) > 0) {
      sql.append(" WHERE ").append(e.bool(scope, depth));
    }
  }

  // ---- expressions ----

  private Item item(Type type, Scope scope) {
    return new Item(e.expr(type, scope, 0), type);
  }

  /**
   * A column or a simple expression of one: never a bare integer literal (GROUP BY 2 means the
   * second result column) nor a subquery.
   */
  private String groupKey(Type type, Scope scope) {
    var column = e.column(type, scope);
    if (!e.chance(4) || !column.contains(".")) {
      return column.contains(".") ? column : "COALESCE(" + column + ", " + column + ")";
    }
    return switch (type) {
      case INT -> e.chance(2) ? "(" + column + " % 3)" : "COALESCE(" + column + ", 0)";
      case REAL -> "(" + column + " * 2)";
      case TEXT -> e.chance(2) ? "(" + column + " || 'x')" : "LOWER(" + column + ")";
    };
  }

  private Item aggregateItem(Scope scope) {
    var type = e.randomType();
    var call = e.aggregate(type, scope, 1);
    if (type == Type.INT && e.chance(4)) {
      call = "(" + call + " + " + e.literal(Type.INT) + ")";
    }
    return new Item(call, type);
  }

  private String having(Scope scope, List<Item> keys) {
    Item left;
    if (e.chance(4) && !keys.isEmpty()) {
      left = keys.get(random.nextInt(keys.size()));
    } else {
      var type = e.randomType();
      left = new Item(e.aggregate(type, scope, 1), type);
    }
    var condition =
        left.sql() + " " + e.pick(DiffExpressions.COMPARISONS) + " " + e.literal(left.type());
    return e.chance(3) ? "(" + condition + " OR COUNT(*) > " + random.nextInt(4) + ")" : condition;
  }

  // ---- conditions ----

  // ---- leaves ----

  private static String list(List<Item> items) {
    return items.stream().map(Item::sql).collect(Collectors.joining(", "));
  }
}
