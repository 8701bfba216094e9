package io.kitesql.fuzz;

import io.kitesql.fuzz.FuzzSchema.Column;
import io.kitesql.fuzz.FuzzSchema.Kind;
import io.kitesql.fuzz.FuzzSchema.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Generates random statements over {@link FuzzSchema}: SELECT with expressions, joins, derived
 * tables, subqueries, GROUP BY/HAVING, ORDER BY/LIMIT and set operations; INSERT (with ON
 * CONFLICT), UPDATE and DELETE with random values. Expressions are mostly well typed (so they reach
 * the executor) and sometimes deliberately not (so the binder's type checks are exercised too).
 */
final class SqlGenerator {
  /** A column visible in a FROM scope, under its table's alias. */
  private record Ref(String qualifier, Column column) {
    String sql() {
      return qualifier + "." + column.name();
    }
  }

  private static final int MAX_DEPTH = 4;

  private final RandomGenerator random;
  private int aliases;

  SqlGenerator(RandomGenerator random) {
    this.random = random;
  }

  String statement() {
    aliases = 0;
    return switch (random.nextInt(10)) {
      case 0, 1 -> insert();
      case 2 -> update();
      case 3 -> delete();
      case 4 -> setOperation();
      default -> select(0);
    };
  }

  // ---- queries ----

  private String select(int depth) {
    var scope = new ArrayList<Ref>();
    var from = from(scope, depth);
    var sb = new StringBuilder("SELECT ");
    if (chance(5)) {
      sb.append("DISTINCT ");
    }
    boolean grouped = chance(3);
    if (grouped) {
      var keys = new ArrayList<String>();
      for (int i = 0, n = 1 + random.nextInt(2); i < n; i++) {
        keys.add(pick(scope).sql());
      }
      sb.append(String.join(", ", keys)).append(", ").append(aggregate(scope, depth));
      sb.append(" FROM ").append(from);
      where(sb, scope, depth);
      sb.append(" GROUP BY ").append(String.join(", ", keys));
      if (chance(2)) {
        sb.append(" HAVING ").append(aggregate(scope, depth)).append(" > ").append(intLiteral());
      }
      if (chance(2)) {
        sb.append(" ORDER BY 1").append(chance(2) ? " DESC" : "");
      }
    } else {
      var items = new ArrayList<String>();
      for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
        items.add(
            chance(8)
                ? "*"
                : expr(randomKind(), scope, depth + 1) + (chance(3) ? " AS c" + i : ""));
      }
      sb.append(String.join(", ", items)).append(" FROM ").append(from);
      where(sb, scope, depth);
      if (chance(2)) {
        sb.append(" ORDER BY ")
            .append(chance(2) ? "1" : expr(randomKind(), scope, depth + 2))
            .append(chance(2) ? " DESC" : "")
            .append(chance(3) ? " NULLS LAST" : "");
      }
    }
    if (chance(3)) {
      sb.append(" LIMIT ").append(random.nextInt(20));
      if (chance(2)) {
        sb.append(" OFFSET ").append(random.nextInt(5));
      }
    }
    return sb.toString();
  }

  private void where(StringBuilder sb, List<Ref> scope, int depth) {
    if (chance(3) || !chance(4)) {
      sb.append(" WHERE ").append(expr(Kind.BOOL, scope, depth + 1));
    }
  }

  private String from(List<Ref> scope, int depth) {
    var sb = new StringBuilder(tableRef(scope, depth));
    int joins =
        depth > 0
            ? 0
            : random.nextInt(8) == 0
                ? 2
                : random.nextInt(2); // three-way joins of correlated rows are slow: keep them rare
    for (int i = 0; i < joins; i++) {
      var type =
          pick(List.of("JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", "INNER JOIN"));
      var right = new ArrayList<Ref>();
      var table = tableRef(right, depth);
      scope.addAll(right);
      sb.append(' ').append(type).append(' ').append(table);
      if (!type.equals("CROSS JOIN")) {
        sb.append(" ON ").append(expr(Kind.BOOL, scope, MAX_DEPTH - 1));
      }
    }
    return sb.toString();
  }

  private String tableRef(List<Ref> scope, int depth) {
    var alias = "x" + aliases++;
    if (depth < 2 && chance(8)) {
      // a derived table exposing one int column
      var inner = "SELECT " + "t.v AS v FROM t3 t WHERE t.v IS NOT NULL";
      scope.add(new Ref(alias, new Column("v", Kind.INT)));
      return "(" + inner + ") AS " + alias;
    }
    Table table = pick(FuzzSchema.TABLES);
    for (var c : table.columns()) {
      scope.add(new Ref(alias, c));
    }
    return table.name() + " " + alias;
  }

  private String aggregate(List<Ref> scope, int depth) {
    var fn = pick(List.of("COUNT", "SUM", "AVG", "MIN", "MAX"));
    if (fn.equals("COUNT") && chance(3)) {
      return "COUNT(*)";
    }
    var kind =
        fn.equals("SUM") || fn.equals("AVG")
            ? pick(List.of(Kind.INT, Kind.BIGINT, Kind.DOUBLE, Kind.DECIMAL))
            : randomKind();
    return fn + "(" + (chance(5) ? "DISTINCT " : "") + expr(kind, scope, depth + 2) + ")";
  }

  private String setOperation() {
    var op =
        pick(List.of("UNION", "UNION ALL", "INTERSECT", "INTERSECT ALL", "EXCEPT", "EXCEPT ALL"));
    var sql = oneColumnSelect() + " " + op + " " + oneColumnSelect();
    if (chance(3)) {
      sql += " " + pick(List.of("UNION", "EXCEPT", "INTERSECT")) + " " + oneColumnSelect();
    }
    return chance(2) ? sql + " ORDER BY 1 LIMIT " + random.nextInt(10) : sql;
  }

  private String oneColumnSelect() {
    var scope = new ArrayList<Ref>();
    var from = tableRef(scope, 1);
    var kind = chance(6) ? randomKind() : Kind.INT;
    return "SELECT "
        + expr(kind, scope, 2)
        + " FROM "
        + from
        + " WHERE "
        + expr(Kind.BOOL, scope, 2);
  }

  // ---- expressions ----

  private String expr(Kind kind, List<Ref> scope, int depth) {
    if (chance(40)) {
      kind = randomKind(); // deliberately ill-typed now and then
    }
    if (depth >= MAX_DEPTH || chance(3)) {
      return leaf(kind, scope);
    }
    int d = depth + 1;
    return switch (kind) {
      case INT, BIGINT ->
          switch (random.nextInt(9)) {
            case 0 ->
                "("
                    + expr(kind, scope, d)
                    + " "
                    + pick(List.of("+", "-", "*", "/", "%"))
                    + " "
                    + expr(kind, scope, d)
                    + ")";
            case 1 -> "ABS(" + expr(kind, scope, d) + ")";
            case 2 -> "MOD(" + expr(kind, scope, d) + ", " + expr(kind, scope, d) + ")";
            case 3 ->
                "CASE WHEN "
                    + expr(Kind.BOOL, scope, d)
                    + " THEN "
                    + expr(kind, scope, d)
                    + " ELSE "
                    + expr(kind, scope, d)
                    + " END";
            case 4 -> "COALESCE(" + expr(kind, scope, d) + ", " + expr(kind, scope, d) + ")";
            case 5 -> "CHAR_LENGTH(" + expr(Kind.TEXT, scope, d) + ")";
            case 6 ->
                "(SELECT MAX(q.v) FROM t3 q WHERE q.v "
                    + pick(List.of("<", ">", "="))
                    + " "
                    + expr(Kind.INT, scope, d)
                    + ")";
            case 7 ->
                "CAST("
                    + expr(pick(List.of(Kind.TEXT, Kind.DOUBLE, Kind.DECIMAL)), scope, d)
                    + " AS "
                    + (kind == Kind.INT ? "INT" : "BIGINT")
                    + ")";
            default -> "(- " + expr(kind, scope, d) + ")"; // "--" would start a comment
          };
      case DOUBLE, DECIMAL ->
          switch (random.nextInt(5)) {
            case 0 ->
                "("
                    + expr(kind, scope, d)
                    + " "
                    + pick(List.of("+", "-", "*", "/"))
                    + " "
                    + expr(Kind.INT, scope, d)
                    + ")";
            case 1 -> "ROUND(" + expr(kind, scope, d) + ", " + random.nextInt(-3, 6) + ")";
            case 2 -> "NULLIF(" + expr(kind, scope, d) + ", " + expr(kind, scope, d) + ")";
            case 3 ->
                "CAST("
                    + expr(Kind.INT, scope, d)
                    + " AS "
                    + (kind == Kind.DOUBLE ? "DOUBLE" : "DECIMAL(18, 4)")
                    + ")";
            default -> "ABS(" + expr(kind, scope, d) + ")";
          };
      case TEXT ->
          switch (random.nextInt(7)) {
            case 0 -> "UPPER(" + expr(kind, scope, d) + ")";
            case 1 -> "(" + expr(kind, scope, d) + " || " + expr(randomKind(), scope, d) + ")";
            case 2 ->
                "SUBSTRING("
                    + expr(kind, scope, d)
                    + ", "
                    + expr(Kind.INT, scope, d)
                    + ", "
                    + expr(Kind.INT, scope, d)
                    + ")";
            case 3 -> "TRIM(" + expr(kind, scope, d) + ")";
            case 4 ->
                "REPLACE("
                    + expr(kind, scope, d)
                    + ", "
                    + expr(kind, scope, d)
                    + ", "
                    + expr(kind, scope, d)
                    + ")";
            case 5 -> "CONCAT(" + expr(kind, scope, d) + ", " + expr(randomKind(), scope, d) + ")";
            default -> "CAST(" + expr(randomKind(), scope, d) + " AS VARCHAR)";
          };
      case BOOL ->
          switch (random.nextInt(11)) {
            case 0, 1 -> {
              var k = randomKind();
              yield "("
                  + expr(k, scope, d)
                  + " "
                  + pick(List.of("=", "<>", "<", "<=", ">", ">="))
                  + " "
                  + expr(k, scope, d)
                  + ")";
            }
            case 2 ->
                "("
                    + expr(kind, scope, d)
                    + " "
                    + pick(List.of("AND", "OR"))
                    + " "
                    + expr(kind, scope, d)
                    + ")";
            case 3 -> "NOT " + expr(kind, scope, d);
            case 4 -> expr(randomKind(), scope, d) + " IS " + (chance(2) ? "NOT " : "") + "NULL";
            case 5 ->
                expr(Kind.INT, scope, d)
                    + (chance(3) ? " NOT" : "")
                    + " IN ("
                    + intLiteral()
                    + ", "
                    + intLiteral()
                    + ", "
                    + (chance(3) ? "NULL" : intLiteral())
                    + ")";
            case 6 ->
                expr(Kind.INT, scope, d)
                    + (chance(3) ? " NOT" : "")
                    + " IN (SELECT q.v FROM t3 q WHERE "
                    + expr(Kind.BOOL, scope, d + 1)
                    + ")";
            case 7 ->
                (chance(2) ? "NOT " : "")
                    + "EXISTS (SELECT 1 FROM t2 q WHERE q.t1_id = "
                    + expr(Kind.INT, scope, d)
                    + ")";
            case 8 ->
                expr(Kind.INT, scope, d)
                    + " BETWEEN "
                    + expr(Kind.INT, scope, d)
                    + " AND "
                    + expr(Kind.INT, scope, d);
            case 9 ->
                expr(Kind.TEXT, scope, d)
                    + (chance(2) ? " LIKE " : " ILIKE ")
                    + pick(List.of("'a%'", "'%b_'", "'%'", "''", "'\\%'"));
            default ->
                expr(Kind.INT, scope, d)
                    + " "
                    + pick(List.of("=", "<", ">"))
                    + " "
                    + pick(List.of("ANY", "ALL", "SOME"))
                    + " (SELECT q.v FROM t3 q)";
          };
      default -> leaf(kind, scope);
    };
  }

  private String leaf(Kind kind, List<Ref> scope) {
    if (!scope.isEmpty() && chance(2)) {
      var matching = scope.stream().filter(r -> r.column().kind() == kind).toList();
      if (!matching.isEmpty()) {
        return pick(matching).sql();
      }
    }
    return literal(kind);
  }

  private String literal(Kind kind) {
    if (chance(10)) {
      return "NULL";
    }
    return switch (kind) {
      case INT -> intLiteral();
      case BIGINT -> chance(5) ? Long.toString(random.nextLong()) : intLiteral();
      case DOUBLE ->
          pick(
              List.of(
                  "0.0",
                  "1.5",
                  "-2.25",
                  "1e300",
                  "-1e-300",
                  Double.toString(random.nextDouble() * 100)));
      case DECIMAL ->
          pick(List.of("0.01", "12.34", "-99999999.99", "123456789012345678", "0.000001"));
      case TEXT ->
          pick(
              List.of(
                  "''",
                  "'a'",
                  "'abc'",
                  "'ü中'",
                  "'x%_'",
                  "'" + "z".repeat(random.nextInt(40)) + "'",
                  "'12'",
                  "'1e5'"));
      case BOOL -> pick(List.of("TRUE", "FALSE"));
      case DATE -> pick(List.of("DATE '2024-02-29'", "DATE '0001-01-01'", "DATE '9999-12-31'"));
      case TIMESTAMP ->
          pick(
              List.of("TIMESTAMP '2024-01-01 12:00:00'", "TIMESTAMP '1970-01-01 00:00:00.000001'"));
      case BINARY -> pick(List.of("X''", "X'00'", "X'ff00ff'"));
    };
  }

  private String intLiteral() {
    return switch (random.nextInt(8)) {
      case 0 -> pick(List.of("2147483647", "-2147483648", "0", "-1"));
      case 1 -> Integer.toString(random.nextInt());
      default -> Integer.toString(random.nextInt(-5, 60));
    };
  }

  // ---- DML ----

  private String insert() {
    var table = pick(FuzzSchema.TABLES);
    if (chance(4)) {
      var scope = new ArrayList<Ref>();
      var from = tableRef(scope, 1);
      var items = table.columns().stream().map(c -> expr(c.kind(), scope, 2)).toList();
      return "INSERT INTO "
          + table.name()
          + " SELECT "
          + String.join(", ", items)
          + " FROM "
          + from
          + " LIMIT 3";
    }
    var rows = new ArrayList<String>();
    for (int r = 0, n = 1 + random.nextInt(3); r < n; r++) {
      var values =
          table.columns().stream().map(c -> literal(chance(20) ? randomKind() : c.kind())).toList();
      rows.add("(" + String.join(", ", values) + ")");
    }
    return "INSERT INTO "
        + table.name()
        + " VALUES "
        + String.join(", ", rows)
        + (chance(3) ? onConflict(table) : "")
        + (chance(4) ? " RETURNING *" : "");
  }

  /**
   * ON CONFLICT over the first column (a key in every fuzz table) or none; DO UPDATE reads the row
   * and EXCLUDED.
   */
  private String onConflict(FuzzSchema.Table table) {
    var key = table.columns().getFirst().name();
    if (chance(2)) {
      return chance(2) ? " ON CONFLICT DO NOTHING" : " ON CONFLICT (" + key + ") DO NOTHING";
    }
    var scope = new ArrayList<Ref>();
    for (var c : table.columns()) {
      scope.add(new Ref(table.name(), c));
      scope.add(new Ref("excluded", c));
    }
    var column = pick(table.columns());
    return " ON CONFLICT ("
        + key
        + ") DO UPDATE SET "
        + column.name()
        + " = "
        + expr(column.kind(), scope, 2)
        + (chance(2) ? " WHERE " + expr(Kind.BOOL, scope, 2) : "");
  }

  private String update() {
    var table = pick(FuzzSchema.TABLES);
    var scope = new ArrayList<Ref>();
    for (var c : table.columns()) {
      scope.add(new Ref(table.name(), c));
    }
    var column = pick(table.columns());
    return "UPDATE "
        + table.name()
        + " SET "
        + column.name()
        + " = "
        + expr(column.kind(), scope, 2)
        + " WHERE "
        + expr(Kind.BOOL, scope, 2)
        + (chance(4) ? " RETURNING *" : "");
  }

  private String delete() {
    var table = pick(FuzzSchema.TABLES);
    var scope = new ArrayList<Ref>();
    for (var c : table.columns()) {
      scope.add(new Ref(table.name(), c));
    }
    return "DELETE FROM "
        + table.name()
        + " WHERE "
        + expr(Kind.BOOL, scope, 2)
        + (chance(4) ? " RETURNING *" : "");
  }

  private Kind randomKind() {
    return chance(3) ? Kind.INT : pick(List.of(Kind.values()));
  }

  private boolean chance(int oneIn) {
    return random.nextInt(oneIn) == 0;
  }

  private <T> T pick(List<T> items) {
    return items.get(random.nextInt(items.size()));
  }
}
