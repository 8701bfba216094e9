package io.kitesql.slt;

import io.kitesql.slt.DiffSchema.Column;
import io.kitesql.slt.DiffSchema.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Generates random queries over a {@link DiffSchema} whose results SQLite and KiteSQL must agree
 * on. Every construct is one both engines define alike; where SQLite departs from the standard
 * (or from KiteSQL's documented semantics) the generator stays out of the way:
 *
 * <ul>
 *   <li>no comparison between text and a number (SQLite's type affinity would convert);
 *   <li>division and modulo only by non-zero integer literals (SQLite gives NULL for x / 0,
 *       KiteSQL DIVISION_BY_ZERO); integer division truncates toward zero in both;
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
 *   <li>no CAST of a real to an integer (SQLite truncates, KiteSQL rounds half away from zero as
 *       PostgreSQL does) nor of text to a number (SQLite reads a leading number, KiteSQL refuses
 *       what is not one).
 * </ul>
 *
 * NULL ordering needs no care: both engines sort NULL first ascending and last descending.
 */
final class DiffQueryGenerator {
  private static final int MAX_DEPTH = 3;
  private static final String[] COMPARISONS = {"=", "<>", "<", "<=", ">", ">="};
  private static final String[] DIVISORS = {"1", "2", "3", "-2", "4"};
  private static final String[] TEXT_LITERALS = {"''", "'a'", "'b'", "'ab'", "'abc'", "'ba'", "'c'", "'b_c'"};
  private static final String[] LIKE_PATTERNS = {"'a%'", "'%b'", "'_b%'", "'%'", "'ab'", "'%a%'", "'b_c'", "''", "'_'", "'%c'"};
  private static final String[] REAL_LITERALS = {"0.5", "-1.5", "2.25", "0.0", "3.0"};

  /**
   * A generated query.
   *
   * @param sql the query
   * @param types one sqllogictest letter per result column
   * @param ordered whether ORDER BY fixes the order of the rows (else compare as multisets)
   */
  record Query(String sql, String types, boolean ordered) {}

  /** A column reference, as SQL, and its type. */
  private record Ref(String sql, Type type) {}

  /** The columns a condition or expression may read: its own FROM's, then the enclosing ones. */
  private record Scope(List<Ref> own, Scope outer) {
    List<Ref> all() {
      var refs = new ArrayList<>(own);
      for (var s = outer; s != null; s = s.outer) {
        refs.addAll(s.own);
      }
      return refs;
    }
  }

  /** A FROM clause and the columns it makes visible. */
  private record From(String sql, List<Ref> refs) {}

  /**
   * A result column: its SQL, its type and the letter it is compared with. Integers are compared
   * as text ({@code T}), so that an INT expression that came back as a fraction shows it; a
   * condition as a result column is {@code I} (KiteSQL returns a boolean, SQLite 0 or 1).
   */
  private record Item(String sql, Type type, char letter) {
    Item(String sql, Type type) {
      this(sql, type, type == Type.INT ? 'T' : type.letter);
    }
  }

  private final SplittableRandom random;
  private final DiffSchema schema;
  private int aliases;
  private boolean withCte; // whether the query being generated has WITH c0 AS (...), a table like t1..t3

  DiffQueryGenerator(SplittableRandom random, DiffSchema schema) {
    this.random = random;
    this.schema = schema;
  }

  /** The next random query. */
  Query next() {
    aliases = 0;
    withCte = false;
    String with = "";
    if (chance(8)) {
      var table = schema.tables().get(random.nextInt(schema.tables().size())).name();
      var scope = new Scope(DiffSchema.COLUMNS.stream().map(c -> new Ref("w." + c.name(), c.type())).toList(), null);
      with = "WITH c0 AS (SELECT " + (chance(3) ? "DISTINCT " : "") + "w.k, w.a, w.b, w.s, w.r FROM " + table + " w WHERE "
          + bool(scope, 1) + ") ";
      withCte = true;
    }
    var query = switch (random.nextInt(10)) {
      case 0, 1 -> setOperation();
      case 2, 3, 4 -> grouped();
      default -> plain();
    };
    return new Query(with + query.sql(), query.types(), query.ordered());
  }

  /**
   * A random UPDATE, DELETE or INSERT ... SELECT on one table. Primary keys are never updated,
   * and inserted rows get keys 100 above their source rows', so keys stay unique unless the
   * same rows are copied twice (then both engines must refuse the statement).
   */
  String dml() {
    aliases = 0;
    withCte = false;
    var table = schema.tables().get(random.nextInt(schema.tables().size())).name();
    var scope = new Scope(DiffSchema.COLUMNS.stream().map(c -> new Ref(table + "." + c.name(), c.type())).toList(), null);
    return switch (random.nextInt(3)) {
      case 0 -> {
        var sets = new ArrayList<String>();
        for (var column : DiffSchema.COLUMNS.subList(1, DiffSchema.COLUMNS.size())) {
          if (chance(3) || sets.isEmpty() && column.name().equals("r")) {
            sets.add(column.name() + " = " + (chance(6) ? "NULL" : expr(column.type(), scope, 1)));
          }
        }
        yield "UPDATE " + table + " SET " + String.join(", ", sets) + (chance(5) ? "" : " WHERE " + bool(scope, 1));
      }
      case 1 -> "DELETE FROM " + table + " WHERE " + bool(scope, 1);
      default -> {
        var inner = new Scope(DiffSchema.COLUMNS.stream().map(c -> new Ref("y." + c.name(), c.type())).toList(), null);
        yield "INSERT INTO " + table + " SELECT y.k + 100, y.a, y.b, y.s, y.r FROM " + table + " y WHERE " + bool(inner, 1);
      }
    };
  }

  // ---- query shapes ----

  private Query plain() {
    var from = from(0);
    var scope = new Scope(from.refs(), null);
    var items = new ArrayList<Item>();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      items.add(chance(7) ? new Item(bool(scope, 1), Type.INT, 'I') : item(randomType(), scope));
    }
    var sql = new StringBuilder("SELECT ").append(chance(5) ? "DISTINCT " : "").append(list(items))
        .append(" FROM ").append(from.sql());
    where(sql, scope, 0);
    return finish(sql, items);
  }

  private Query grouped() {
    var from = from(0);
    var scope = new Scope(from.refs(), null);
    var keys = new ArrayList<Item>();
    for (int i = 0, n = chance(5) ? 0 : 1 + random.nextInt(2); i < n; i++) {
      var type = randomType();
      keys.add(new Item(groupKey(type, scope), type));
    }
    var items = new ArrayList<Item>();
    for (var key : keys) {
      if (!chance(4)) {
        items.add(key);
      }
    }
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      items.add(aggregateItem(scope));
    }
    var sql = new StringBuilder("SELECT ").append(list(items)).append(" FROM ").append(from.sql());
    where(sql, scope, 0);
    if (!keys.isEmpty()) {
      sql.append(" GROUP BY ").append(keys.stream().map(Item::sql).collect(Collectors.joining(", ")));
    }
    if (chance(2)) {
      sql.append(" HAVING ").append(having(scope, keys));
    }
    return finish(sql, items);
  }

  private Query setOperation() {
    var types = new ArrayList<Type>();
    for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
      types.add(randomType());
    }
    var sql = new StringBuilder(branch(types));
    String[] first = {"UNION", "UNION ALL", "EXCEPT", "INTERSECT"};
    sql.append(' ').append(first[random.nextInt(first.length)]).append(' ').append(branch(types));
    if (chance(3)) {
      String[] later = {"UNION", "UNION ALL", "EXCEPT"};
      sql.append(' ').append(later[random.nextInt(later.length)]).append(' ').append(branch(types));
    }
    var items = types.stream().map(t -> new Item("", t)).toList();
    return finish(sql, items);
  }

  private String branch(List<Type> types) {
    var from = from(0);
    var scope = new Scope(from.refs(), null);
    var items = types.stream().map(t -> item(t, scope)).toList();
    var sql = new StringBuilder("SELECT ").append(chance(6) ? "DISTINCT " : "").append(list(items))
        .append(" FROM ").append(from.sql());
    where(sql, scope, 0);
    return sql.toString();
  }

  /** Adds ORDER BY over every column (and maybe LIMIT/OFFSET), or nothing. */
  private Query finish(StringBuilder sql, List<Item> items) {
    var types = items.stream().map(i -> String.valueOf(i.letter())).collect(Collectors.joining());
    if (!chance(3)) {
      return new Query(sql.toString(), types, false);
    }
    var keys = new ArrayList<String>();
    for (int i = 1; i <= items.size(); i++) {
      keys.add(i + (random.nextBoolean() ? " DESC" : "") + switch (random.nextInt(4)) {
        case 0 -> " NULLS FIRST";
        case 1 -> " NULLS LAST";
        default -> "";
      });
    }
    java.util.Collections.shuffle(keys, new java.util.Random(random.nextLong()));
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

  private From from(int depth) {
    var refs = new ArrayList<Ref>();
    var sql = new StringBuilder(source(refs, depth));
    int joined = depth > 0 ? 1 : switch (random.nextInt(20)) {
      case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 -> 1;
      case 10, 11, 12, 13, 14, 15, 16 -> 2;
      default -> 3;
    };
    for (int i = 1; i < joined; i++) {
      var before = List.copyOf(refs);
      var right = new ArrayList<Ref>();
      var source = source(right, depth);
      refs.addAll(right);
      String kind = switch (random.nextInt(12)) {
        case 0, 1, 2, 3, 4 -> "JOIN";
        case 5, 6, 7, 8 -> "LEFT JOIN";
        case 9 -> "RIGHT JOIN";
        case 10 -> "FULL JOIN";
        default -> "CROSS JOIN";
      };
      sql.append(' ').append(kind).append(' ').append(source);
      if (!kind.equals("CROSS JOIN")) {
        sql.append(" ON ").append(onCondition(before, right, refs));
      }
    }
    return new From(sql.toString(), refs);
  }

  /** A base table (or now and then a derived table) under a fresh alias; adds its columns. */
  private String source(List<Ref> refs, int depth) {
    var table = schema.tables().get(random.nextInt(schema.tables().size()));
    var alias = "x" + (++aliases);
    if (depth > 0 || !chance(8)) {
      DiffSchema.COLUMNS.forEach(c -> refs.add(new Ref(alias + "." + c.name(), c.type())));
      return (withCte && chance(2) ? "c0" : table.name()) + " " + alias;
    }
    var inner = "x" + (++aliases);
    var innerScope = new Scope(DiffSchema.COLUMNS.stream().map(c -> new Ref(inner + "." + c.name(), c.type())).toList(), null);
    if (random.nextBoolean()) { // a grouped derived table
      refs.add(new Ref(alias + ".g", Type.INT));
      refs.add(new Ref(alias + ".c", Type.INT));
      refs.add(new Ref(alias + ".m", Type.TEXT));
      return "(SELECT " + inner + ".a AS g, COUNT(*) AS c, MAX(" + inner + ".s) AS m FROM " + table.name() + " " + inner
          + (chance(2) ? " WHERE " + bool(innerScope, 1) : "") + " GROUP BY " + inner + ".a) AS " + alias;
    }
    var columns = new ArrayList<String>();
    for (Column c : DiffSchema.COLUMNS) {
      columns.add(inner + "." + c.name() + " AS " + c.name());
      refs.add(new Ref(alias + "." + c.name(), c.type()));
    }
    return "(SELECT " + (chance(4) ? "DISTINCT " : "") + String.join(", ", columns) + " FROM " + table.name() + " " + inner
        + (chance(2) ? " WHERE " + bool(innerScope, 1) : "") + ") AS " + alias;
  }

  /** Mostly an equality between the new input and an earlier one, plus maybe a filter. */
  private String onCondition(List<Ref> left, List<Ref> right, List<Ref> both) {
    var conjuncts = new ArrayList<String>();
    if (!chance(8)) {
      var r = right.get(random.nextInt(right.size()));
      var candidates = left.stream().filter(l -> compatible(l.type(), r.type())).toList();
      if (!candidates.isEmpty()) {
        conjuncts.add(candidates.get(random.nextInt(candidates.size())).sql() + " = " + r.sql());
      }
    }
    if (conjuncts.isEmpty() || chance(3)) {
      conjuncts.add(bool(new Scope(chance(2) ? right : both, null), 1));
    }
    return String.join(" AND ", conjuncts);
  }

  private void where(StringBuilder sql, Scope scope, int depth) {
    if (random.nextInt(4) > 0) {
      sql.append(" WHERE ").append(bool(scope, depth));
    }
  }

  // ---- expressions ----

  private Item item(Type type, Scope scope) {
    return new Item(expr(type, scope, 0), type);
  }

  private String expr(Type type, Scope scope, int depth) {
    if (depth >= MAX_DEPTH || chance(3)) {
      return chance(5) ? literal(type) : column(type, scope);
    }
    return switch (type) {
      case INT -> intExpr(scope, depth + 1);
      case REAL -> realExpr(scope, depth + 1);
      case TEXT -> textExpr(scope, depth + 1);
    };
  }

  private String intExpr(Scope scope, int d) {
    return switch (random.nextInt(12)) {
      case 0, 1 -> "(" + expr(Type.INT, scope, d) + " + " + expr(Type.INT, scope, d) + ")";
      case 2 -> "(" + expr(Type.INT, scope, d) + " - " + expr(Type.INT, scope, d) + ")";
      case 3 -> "(" + expr(Type.INT, scope, d) + " * " + expr(Type.INT, scope, d) + ")";
      case 4 -> "(" + expr(Type.INT, scope, d) + " / " + pick(DIVISORS) + ")";
      case 5 -> "(" + expr(Type.INT, scope, d) + " % " + pick(DIVISORS) + ")";
      case 6 -> "-(" + expr(Type.INT, scope, d) + ")";
      case 7 -> caseExpr(Type.INT, scope, d);
      case 8 -> "COALESCE(" + expr(Type.INT, scope, d) + ", " + expr(Type.INT, scope, d) + ")";
      case 9 -> chance(2) ? "ABS(" + expr(Type.INT, scope, d) + ")" : "LENGTH(" + expr(Type.TEXT, scope, d) + ")";
      case 10 -> "NULLIF(" + expr(Type.INT, scope, d) + ", " + literal(Type.INT) + ")";
      default -> scalarSubquery(Type.INT, scope, d);
    };
  }

  private String realExpr(Scope scope, int d) {
    return switch (random.nextInt(10)) {
      case 0 -> "(" + expr(Type.REAL, scope, d) + " + " + expr(chance(2) ? Type.INT : Type.REAL, scope, d) + ")";
      case 1 -> "(" + expr(Type.REAL, scope, d) + " - " + expr(Type.REAL, scope, d) + ")";
      case 2 -> "(" + expr(Type.REAL, scope, d) + " * " + (chance(2) ? column(Type.INT, scope) : literal(Type.INT)) + ")";
      case 3 -> "(" + expr(Type.REAL, scope, d) + " / " + (chance(2) ? "2" : "-4") + ")";
      case 4 -> "-(" + expr(Type.REAL, scope, d) + ")";
      case 5 -> caseExpr(Type.REAL, scope, d);
      case 6 -> "COALESCE(" + expr(Type.REAL, scope, d) + ", " + expr(Type.REAL, scope, d) + ")";
      case 7 -> switch (random.nextInt(3)) {
        case 0 -> "ABS(" + expr(Type.REAL, scope, d) + ")";
        case 1 -> "CAST(" + expr(Type.INT, scope, d) + " AS REAL)";
        default -> "ROUND(" + expr(Type.REAL, scope, d) + (chance(2) ? ")" : ", " + random.nextInt(2) + ")");
      };
      case 8 -> "(" + expr(Type.INT, scope, d) + (chance(2) ? " + " : " - ") + "0.5)";
      default -> scalarSubquery(Type.REAL, scope, d);
    };
  }

  private String textExpr(Scope scope, int d) {
    return switch (random.nextInt(7)) {
      case 0, 1 -> "(" + expr(Type.TEXT, scope, d) + " || " + expr(Type.TEXT, scope, d) + ")";
      case 2 -> "LOWER(" + expr(Type.TEXT, scope, d) + ")";
      case 3 -> caseExpr(Type.TEXT, scope, d);
      case 4 -> "COALESCE(" + expr(Type.TEXT, scope, d) + ", " + expr(Type.TEXT, scope, d) + ")";
      case 5 -> switch (random.nextInt(4)) {
        case 0 -> "REPLACE(" + expr(Type.TEXT, scope, d) + ", 'a', 'c')";
        case 1 -> "SUBSTR(" + expr(Type.TEXT, scope, d) + ", " + (1 + random.nextInt(3)) + ", " + (1 + random.nextInt(2)) + ")";
        case 2 -> "TRIM(" + expr(Type.TEXT, scope, d) + ")";
        default -> "CAST(" + expr(Type.INT, scope, d) + " AS TEXT)";
      };
      default -> scalarSubquery(Type.TEXT, scope, d);
    };
  }

  private String caseExpr(Type type, Scope scope, int d) {
    var sql = new StringBuilder("CASE");
    if (chance(3)) { // simple CASE
      var operand = chance(2) ? Type.INT : Type.TEXT;
      sql.append(' ').append(expr(operand, scope, d));
      for (int i = 0, n = 1 + random.nextInt(2); i < n; i++) {
        sql.append(" WHEN ").append(literal(operand)).append(" THEN ").append(expr(type, scope, d));
      }
    } else {
      for (int i = 0, n = 1 + random.nextInt(2); i < n; i++) {
        sql.append(" WHEN ").append(bool(scope, d)).append(" THEN ").append(expr(type, scope, d));
      }
    }
    if (!chance(4)) {
      sql.append(" ELSE ").append(chance(6) ? "NULL" : expr(type, scope, d));
    }
    return sql.append(" END").toString();
  }

  /** An aggregate without GROUP BY over a table, maybe correlated: always exactly one row. */
  private String scalarSubquery(Type type, Scope outer, int depth) {
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    var sql = new StringBuilder("(SELECT ").append(aggregate(type, new Scope(from.refs(), null), depth + 1))
        .append(" FROM ").append(from.sql());
    if (!chance(5)) {
      sql.append(" WHERE ").append(bool(inner, depth + 1));
    }
    return sql.append(')').toString();
  }

  /** An aggregate call whose result has {@code type}. */
  private String aggregate(Type type, Scope scope, int depth) {
    int d = Math.max(depth, MAX_DEPTH - 1); // aggregate arguments stay small
    var distinct = chance(5) ? "DISTINCT " : "";
    return switch (type) {
      case INT -> switch (random.nextInt(6)) {
        case 0 -> "COUNT(*)";
        case 1 -> "COUNT(" + distinct + expr(randomType(), scope, d) + ")";
        case 2 -> "SUM(" + distinct + expr(Type.INT, scope, d) + ")";
        case 3 -> "MIN(" + expr(Type.INT, scope, d) + ")";
        case 4 -> "MAX(" + expr(Type.INT, scope, d) + ")";
        default -> "COUNT(ALL " + column(randomType(), scope) + ")";
      };
      case REAL -> switch (random.nextInt(4)) {
        case 0 -> "AVG(" + distinct + expr(chance(2) ? Type.INT : Type.REAL, scope, d) + ")";
        case 1 -> "SUM(" + column(Type.REAL, scope) + ")";
        case 2 -> "MIN(" + expr(Type.REAL, scope, d) + ")";
        default -> "MAX(" + expr(Type.REAL, scope, d) + ")";
      };
      case TEXT -> (random.nextBoolean() ? "MIN(" : "MAX(") + expr(Type.TEXT, scope, d) + ")";
    };
  }

  /**
   * A column or a simple expression of one: never a bare integer literal (GROUP BY 2 means the
   * second result column) nor a subquery.
   */
  private String groupKey(Type type, Scope scope) {
    var column = column(type, scope);
    if (!chance(4) || !column.contains(".")) {
      return column.contains(".") ? column : "COALESCE(" + column + ", " + column + ")";
    }
    return switch (type) {
      case INT -> chance(2) ? "(" + column + " % 3)" : "COALESCE(" + column + ", 0)";
      case REAL -> "(" + column + " * 2)";
      case TEXT -> chance(2) ? "(" + column + " || 'x')" : "LOWER(" + column + ")";
    };
  }

  private Item aggregateItem(Scope scope) {
    var type = randomType();
    var call = aggregate(type, scope, 1);
    if (type == Type.INT && chance(4)) {
      call = "(" + call + " + " + literal(Type.INT) + ")";
    }
    return new Item(call, type);
  }

  private String having(Scope scope, List<Item> keys) {
    Item left;
    if (chance(4) && !keys.isEmpty()) {
      left = keys.get(random.nextInt(keys.size()));
    } else {
      var type = randomType();
      left = new Item(aggregate(type, scope, 1), type);
    }
    var condition = left.sql() + " " + pick(COMPARISONS) + " " + literal(left.type());
    return chance(3) ? "(" + condition + " OR COUNT(*) > " + random.nextInt(4) + ")" : condition;
  }

  // ---- conditions ----

  private String bool(Scope scope, int depth) {
    if (depth >= MAX_DEPTH) {
      return comparison(scope, depth);
    }
    int d = depth + 1;
    return switch (random.nextInt(14)) {
      case 0, 1, 2 -> comparison(scope, d);
      case 3 -> "(" + bool(scope, d) + " AND " + bool(scope, d) + ")";
      case 4 -> "(" + bool(scope, d) + " OR " + bool(scope, d) + ")";
      case 5 -> "(NOT " + bool(scope, d) + ")";
      case 6 -> between(scope, d);
      case 7 -> inList(scope, d);
      case 8 -> "(" + expr(randomType(), scope, d) + (chance(2) ? " IS NULL)" : " IS NOT NULL)");
      case 9 -> "(" + column(Type.TEXT, scope) + (chance(3) ? " NOT" : "") + " LIKE " + pick(LIKE_PATTERNS) + ")";
      case 10, 11 -> inSubquery(scope, d);
      case 12 -> exists(scope, d);
      default -> "(" + expr(Type.INT, scope, d) + " " + pick(COMPARISONS) + " " + scalarSubquery(Type.INT, scope, d) + ")";
    };
  }

  private String comparison(Scope scope, int depth) {
    var type = randomType();
    var right = type == Type.TEXT ? Type.TEXT : chance(3) ? otherNumeric(type) : type;
    var rhs = chance(2) ? literal(right) : expr(right, scope, depth);
    return "(" + expr(type, scope, depth) + " " + pick(COMPARISONS) + " " + rhs + ")";
  }

  private String between(Scope scope, int depth) {
    var type = randomType();
    var low = literal(type);
    var high = chance(4) ? expr(type, scope, depth) : literal(type);
    return "(" + expr(type, scope, depth) + (chance(3) ? " NOT" : "") + " BETWEEN " + low + " AND " + high + ")";
  }

  private String inList(Scope scope, int depth) {
    var type = randomType();
    var items = new ArrayList<String>();
    for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
      items.add(chance(8) ? "NULL" : literal(type));
    }
    return "(" + expr(type, scope, depth) + (chance(3) ? " NOT" : "") + " IN (" + String.join(", ", items) + "))";
  }

  private String inSubquery(Scope outer, int depth) {
    var type = randomType();
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    var sql = new StringBuilder("(").append(expr(type, outer, depth)).append(chance(3) ? " NOT" : "")
        .append(" IN (SELECT ").append(chance(4) ? "DISTINCT " : "").append(expr(type, new Scope(from.refs(), null), depth + 1))
        .append(" FROM ").append(from.sql());
    if (!chance(4)) {
      sql.append(" WHERE ").append(bool(inner, depth + 1));
    }
    return sql.append("))").toString();
  }

  private String exists(Scope outer, int depth) {
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    return "(" + (chance(3) ? "NOT " : "") + "EXISTS (SELECT 1 FROM " + from.sql() + " WHERE " + bool(inner, depth + 1) + "))";
  }

  // ---- leaves ----

  /** A column of {@code type}: mostly the query's own, sometimes an enclosing query's. */
  private String column(Type type, Scope scope) {
    var refs = (scope.outer() != null && chance(3) ? scope.all() : scope.own()).stream()
        .filter(r -> r.type() == type).toList();
    return refs.isEmpty() ? literal(type) : refs.get(random.nextInt(refs.size())).sql();
  }

  private String literal(Type type) {
    return switch (type) {
      case INT -> Integer.toString(random.nextInt(10) - 3);
      case REAL -> pick(REAL_LITERALS);
      case TEXT -> pick(TEXT_LITERALS);
    };
  }

  private Type randomType() {
    int n = random.nextInt(7);
    return n < 4 ? Type.INT : n < 5 ? Type.REAL : Type.TEXT;
  }

  private static Type otherNumeric(Type type) {
    return type == Type.INT ? Type.REAL : Type.INT;
  }

  private static boolean compatible(Type a, Type b) {
    return (a == Type.TEXT) == (b == Type.TEXT);
  }

  private static String list(List<Item> items) {
    return items.stream().map(Item::sql).collect(Collectors.joining(", "));
  }

  private String pick(String[] choices) {
    return choices[random.nextInt(choices.length)];
  }

  /** True with probability 1/{@code n}. */
  private boolean chance(int n) {
    return random.nextInt(n) == 0;
  }
}
