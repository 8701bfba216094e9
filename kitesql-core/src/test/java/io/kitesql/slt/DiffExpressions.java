package io.kitesql.slt;

import io.kitesql.slt.DiffSchema.Column;
import io.kitesql.slt.DiffSchema.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The expressions, conditions, subqueries and FROM clauses of {@link DiffQueryGenerator}'s queries,
 * typed (INT, REAL, TEXT) so that every comparison and operator has operands both SQLite and
 * KiteSQL treat alike; the generator's class comment says what is avoided and why.
 */
final class DiffExpressions {
  static final int MAX_DEPTH = 3;
  static final String[] COMPARISONS = {"=", "<>", "<", "<=", ">", ">="};
  private static final String[] DISTINCT_COMPARISONS = {"IS DISTINCT FROM", "IS NOT DISTINCT FROM"};
  private static final String[] DIVISORS = {"1", "2", "3", "-2", "4"};
  private static final String[] TEXT_LITERALS = {
    "''", "'a'", "'b'", "'ab'", "'abc'", "'ba'", "'c'", "'b_c'"
  };
  private static final String[] LIKE_PATTERNS = {
    "'a%'", "'%b'", "'_b%'", "'%'", "'ab'", "'%a%'", "'b_c'", "''", "'_'", "'%c'"
  };
  private static final String[] REAL_LITERALS = {"0.5", "-1.5", "2.25", "0.0", "3.0"};

  private final SplittableRandom random;
  private final DiffSchema schema;
  private int aliases;
  private boolean
      withCte; // whether the query being generated has WITH c0 AS (...), a table like t1..t3
  private boolean subqueries = true;

  DiffExpressions(SplittableRandom random, DiffSchema schema) {
    this.random = random;
    this.schema = schema;
  }

  /** Starts a new statement: aliases from x1 again; {@code withCte} says whether c0 exists. */
  void reset(boolean withCte) {
    reset(withCte, true);
  }

  /**
   * Starts a new statement, with or without subqueries (an UPDATE gets none: SQLite's subqueries in
   * an UPDATE see the rows the statement already changed, the standard's see none).
   */
  void reset(boolean withCte, boolean subqueries) {
    aliases = 0;
    this.withCte = withCte;
    this.subqueries = subqueries;
  }

  /** A column reference, as SQL, and its type. */
  record Ref(String sql, Type type) {}

  /** The columns a condition or expression may read: its own FROM's, then the enclosing ones. */
  record Scope(List<Ref> own, Scope outer) {
    List<Ref> all() {
      var refs = new ArrayList<>(own);
      for (var s = outer; s != null; s = s.outer) {
        refs.addAll(s.own);
      }
      return refs;
    }
  }

  /** A FROM clause and the columns it makes visible. */
  record From(String sql, List<Ref> refs) {}

  From from(int depth) {
    var refs = new ArrayList<Ref>();
    var sql = new StringBuilder(source(refs, depth));
    int joined =
        depth > 0
            ? 1
            : switch (random.nextInt(20)) {
              case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 -> 1;
              case 10, 11, 12, 13, 14, 15, 16 -> 2;
              default -> 3;
            };
    for (int i = 1; i < joined; i++) {
      var before = List.copyOf(refs);
      var right = new ArrayList<Ref>();
      var source = source(right, depth);
      refs.addAll(right);
      String kind =
          switch (random.nextInt(12)) {
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
    var innerScope =
        new Scope(
            DiffSchema.COLUMNS.stream()
                .map(c -> new Ref(inner + "." + c.name(), c.type()))
                .toList(),
            null);
    if (random.nextBoolean()) { // a grouped derived table
      refs.add(new Ref(alias + ".g", Type.INT));
      refs.add(new Ref(alias + ".c", Type.INT));
      refs.add(new Ref(alias + ".m", Type.TEXT));
      return "(SELECT "
          + inner
          + ".a AS g, COUNT(*) AS c, MAX("
          + inner
          + ".s) AS m FROM "
          + table.name()
          + " "
          + inner
          + (chance(2) ? " WHERE " + bool(innerScope, 1) : "")
          + " GROUP BY "
          + inner
          + ".a) AS "
          + alias;
    }
    var columns = new ArrayList<String>();
    for (Column c : DiffSchema.COLUMNS) {
      columns.add(inner + "." + c.name() + " AS " + c.name());
      refs.add(new Ref(alias + "." + c.name(), c.type()));
    }
    return "(SELECT "
        + (chance(4) ? "DISTINCT " : "")
        + String.join(", ", columns)
        + " FROM "
        + table.name()
        + " "
        + inner
        + (chance(2) ? " WHERE " + bool(innerScope, 1) : "")
        + ") AS "
        + alias;
  }

  /** Mostly an equality between the new input and an earlier one, plus maybe a filter. */
  private String onCondition(List<Ref> left, List<Ref> right, List<Ref> both) {
    var conjuncts = new ArrayList<String>();
    if (!chance(8)) {
      var r = right.get(random.nextInt(right.size()));
      var candidates = left.stream().filter(l -> compatible(l.type(), r.type())).toList();
      if (!candidates.isEmpty()) {
        var op = chance(10) ? " IS NOT DISTINCT FROM " : " = ";
        conjuncts.add(candidates.get(random.nextInt(candidates.size())).sql() + op + r.sql());
      }
    }
    if (conjuncts.isEmpty() || chance(3)) {
      conjuncts.add(bool(new Scope(chance(2) ? right : both, null), 1));
    }
    return String.join(" AND ", conjuncts);
  }

  String expr(Type type, Scope scope, int depth) {
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
      case 9 ->
          chance(2)
              ? "ABS(" + expr(Type.INT, scope, d) + ")"
              : "LENGTH(" + expr(Type.TEXT, scope, d) + ")";
      case 10 -> "NULLIF(" + expr(Type.INT, scope, d) + ", " + literal(Type.INT) + ")";
      default -> scalarSubquery(Type.INT, scope, d);
    };
  }

  private String realExpr(Scope scope, int d) {
    return switch (random.nextInt(10)) {
      case 0 ->
          "("
              + expr(Type.REAL, scope, d)
              + " + "
              + expr(chance(2) ? Type.INT : Type.REAL, scope, d)
              + ")";
      case 1 -> "(" + expr(Type.REAL, scope, d) + " - " + expr(Type.REAL, scope, d) + ")";
      case 2 ->
          "("
              + expr(Type.REAL, scope, d)
              + " * "
              + (chance(2) ? column(Type.INT, scope) : literal(Type.INT))
              + ")";
      case 3 -> "(" + expr(Type.REAL, scope, d) + " / " + (chance(2) ? "2" : "-4") + ")";
      case 4 -> "-(" + expr(Type.REAL, scope, d) + ")";
      case 5 -> caseExpr(Type.REAL, scope, d);
      case 6 -> "COALESCE(" + expr(Type.REAL, scope, d) + ", " + expr(Type.REAL, scope, d) + ")";
      case 7 ->
          switch (random.nextInt(3)) {
            case 0 -> "ABS(" + expr(Type.REAL, scope, d) + ")";
            case 1 -> "CAST(" + expr(Type.INT, scope, d) + " AS REAL)";
            default ->
                "ROUND("
                    + expr(Type.REAL, scope, d)
                    + (chance(2) ? ")" : ", " + random.nextInt(2) + ")");
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
      case 5 ->
          switch (random.nextInt(4)) {
            case 0 -> "REPLACE(" + expr(Type.TEXT, scope, d) + ", 'a', 'c')";
            case 1 ->
                "SUBSTR("
                    + expr(Type.TEXT, scope, d)
                    + ", "
                    + (1 + random.nextInt(3))
                    + ", "
                    + (1 + random.nextInt(2))
                    + ")";
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
    if (!subqueries) {
      return column(type, outer);
    }
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    var sql =
        new StringBuilder("(SELECT ")
            .append(aggregate(type, new Scope(from.refs(), null), depth + 1))
            .append(" FROM ")
            .append(from.sql());
    if (!chance(5)) {
      sql.append(" WHERE ").append(bool(inner, depth + 1));
    }
    return sql.append(')').toString();
  }

  /** An aggregate call whose result has {@code type}, now and then with a FILTER clause. */
  String aggregate(Type type, Scope scope, int depth) {
    var call = aggregateCall(type, scope, depth);
    // a comparison at the deepest level: no subquery, no aggregate inside the FILTER
    return chance(6) ? call + " FILTER (WHERE " + bool(scope, MAX_DEPTH) + ")" : call;
  }

  private String aggregateCall(Type type, Scope scope, int depth) {
    int d = Math.max(depth, MAX_DEPTH - 1); // aggregate arguments stay small
    var distinct = chance(5) ? "DISTINCT " : "";
    return switch (type) {
      case INT ->
          switch (random.nextInt(6)) {
            case 0 -> "COUNT(*)";
            case 1 -> "COUNT(" + distinct + expr(randomType(), scope, d) + ")";
            case 2 -> "SUM(" + distinct + expr(Type.INT, scope, d) + ")";
            case 3 -> "MIN(" + expr(Type.INT, scope, d) + ")";
            case 4 -> "MAX(" + expr(Type.INT, scope, d) + ")";
            default -> "COUNT(ALL " + column(randomType(), scope) + ")";
          };
      case REAL ->
          switch (random.nextInt(4)) {
            case 0 -> "AVG(" + distinct + expr(chance(2) ? Type.INT : Type.REAL, scope, d) + ")";
            case 1 -> "SUM(" + column(Type.REAL, scope) + ")";
            case 2 -> "MIN(" + expr(Type.REAL, scope, d) + ")";
            default -> "MAX(" + expr(Type.REAL, scope, d) + ")";
          };
      case TEXT -> (random.nextBoolean() ? "MIN(" : "MAX(") + expr(Type.TEXT, scope, d) + ")";
    };
  }

  String bool(Scope scope, int depth) {
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
      case 9 ->
          "("
              + column(Type.TEXT, scope)
              + (chance(3) ? " NOT" : "")
              + " LIKE "
              + pick(LIKE_PATTERNS)
              + ")";
      case 10, 11 -> inSubquery(scope, d);
      case 12 -> exists(scope, d);
      default ->
          "("
              + expr(Type.INT, scope, d)
              + " "
              + pick(COMPARISONS)
              + " "
              + scalarSubquery(Type.INT, scope, d)
              + ")";
    };
  }

  private String comparison(Scope scope, int depth) {
    var type = randomType();
    var right = type == Type.TEXT ? Type.TEXT : chance(3) ? otherNumeric(type) : type;
    var rhs = chance(2) ? literal(right) : expr(right, scope, depth);
    if (chance(12)) { // a row value comparison (SQLite has them since 3.15)
      var second = randomType();
      return "(("
          + expr(type, scope, depth)
          + ", "
          + expr(second, scope, depth)
          + ") "
          + pick(COMPARISONS)
          + " ("
          + rhs
          + ", "
          + (chance(2) ? literal(second) : expr(second, scope, depth))
          + "))";
    }
    // now and then the null-safe comparison, NULL literals included (SQLite has it since 3.39)
    var op = chance(6) ? pick(DISTINCT_COMPARISONS) : pick(COMPARISONS);
    if (!op.startsWith("IS") || !chance(5)) {
      return "(" + expr(type, scope, depth) + " " + op + " " + rhs + ")";
    }
    return "(" + expr(type, scope, depth) + " " + op + " NULL)";
  }

  private String between(Scope scope, int depth) {
    var type = randomType();
    var low = literal(type);
    var high = chance(4) ? expr(type, scope, depth) : literal(type);
    return "("
        + expr(type, scope, depth)
        + (chance(3) ? " NOT" : "")
        + " BETWEEN "
        + low
        + " AND "
        + high
        + ")";
  }

  private String inList(Scope scope, int depth) {
    var type = randomType();
    var items = new ArrayList<String>();
    for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
      items.add(chance(8) ? "NULL" : literal(type));
    }
    return "("
        + expr(type, scope, depth)
        + (chance(3) ? " NOT" : "")
        + " IN ("
        + String.join(", ", items)
        + "))";
  }

  private String inSubquery(Scope outer, int depth) {
    if (!subqueries) {
      return inList(outer, depth);
    }
    var type = randomType();
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    var own = new Scope(from.refs(), null);
    var left = expr(type, outer, depth);
    var selected = expr(type, own, depth + 1);
    if (chance(4)) { // a row value: (l1, l2) IN (SELECT s1, s2 ...)
      var second = randomType();
      left = "(" + left + ", " + expr(second, outer, depth) + ")";
      selected = selected + ", " + expr(second, own, depth + 1);
    }
    var sql =
        new StringBuilder("(")
            .append(left)
            .append(chance(3) ? " NOT" : "")
            .append(" IN (SELECT ")
            .append(chance(4) ? "DISTINCT " : "")
            .append(selected)
            .append(" FROM ")
            .append(from.sql());
    if (!chance(4)) {
      sql.append(" WHERE ").append(bool(inner, depth + 1));
    }
    return sql.append("))").toString();
  }

  private String exists(Scope outer, int depth) {
    if (!subqueries) {
      return comparison(outer, depth);
    }
    var from = from(depth + 1);
    var inner = new Scope(from.refs(), outer);
    return "("
        + (chance(3) ? "NOT " : "")
        + "EXISTS (SELECT 1 FROM "
        + from.sql()
        + " WHERE "
        + bool(inner, depth + 1)
        + "))";
  }

  /** A column of {@code type}: mostly the query's own, sometimes an enclosing query's. */
  String column(Type type, Scope scope) {
    var refs =
        (scope.outer() != null && chance(3) ? scope.all() : scope.own())
            .stream().filter(r -> r.type() == type).toList();
    return refs.isEmpty() ? literal(type) : refs.get(random.nextInt(refs.size())).sql();
  }

  String literal(Type type) {
    return switch (type) {
      case INT -> Integer.toString(random.nextInt(10) - 3);
      case REAL -> pick(REAL_LITERALS);
      case TEXT -> pick(TEXT_LITERALS);
    };
  }

  Type randomType() {
    int n = random.nextInt(7);
    return n < 4 ? Type.INT : n < 5 ? Type.REAL : Type.TEXT;
  }

  private static Type otherNumeric(Type type) {
    return type == Type.INT ? Type.REAL : Type.INT;
  }

  private static boolean compatible(Type a, Type b) {
    return (a == Type.TEXT) == (b == Type.TEXT);
  }

  String pick(String[] choices) {
    return choices[random.nextInt(choices.length)];
  }

  /** True with probability 1/{@code n}. */
  boolean chance(int n) {
    return random.nextInt(n) == 0;
  }
}
