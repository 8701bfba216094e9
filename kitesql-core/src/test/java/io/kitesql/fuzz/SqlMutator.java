package io.kitesql.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Mutates SQL statements at the token level: deletes, duplicates and swaps tokens, replaces
 * literals with extreme values, nests operands in deep parentheses, inserts huge IN lists and
 * random keywords. Mutations keep most of the statement intact so they reach past the parser into
 * the binder, optimizer and executor, where the interesting failures are.
 */
final class SqlMutator {
  /** Values at the edges of every type and of the encoders: overflow, empty, long, odd text. */
  private static final List<String> EXTREME_LITERALS =
      List.of(
          "NULL",
          "''",
          "0",
          "-0",
          "-1",
          "1e308",
          "-1e308",
          "1e-320",
          "2147483647",
          "-2147483648",
          "2147483648",
          "9223372036854775807",
          "-9223372036854775808",
          "9223372036854775808",
          "99999999999999999999999999999999999999",
          "0.000000000000000000000000001",
          "123456789012345678.99",
          "'NaN'",
          "'Infinity'",
          "'-Infinity'",
          "CAST('NaN' AS DOUBLE)",
          "'\u00fc\u4e2d\ud834\udd1e'",
          "'\u0000'",
          "'\ud800'",
          "'''",
          "'%'",
          "'_\\'",
          "TRUE",
          "FALSE",
          "DATE '0001-01-01'",
          "DATE '9999-12-31'",
          "TIMESTAMP '1970-01-01 00:00:00'",
          "X'00ff'",
          "X''",
          "?",
          "(SELECT 1)",
          "(SELECT NULL)",
          "-(-9223372036854775807 - 1)");

  /** Keywords inserted at random: each pushes the parser and binder into a different path. */
  private static final List<String> KEYWORDS =
      List.of(
          "SELECT",
          "FROM",
          "WHERE",
          "GROUP BY",
          "ORDER BY",
          "HAVING",
          "LIMIT",
          "OFFSET",
          "UNION",
          "UNION ALL",
          "INTERSECT",
          "EXCEPT",
          "JOIN",
          "LEFT JOIN",
          "ON",
          "USING",
          "NATURAL",
          "AS",
          "DISTINCT",
          "ALL",
          "ANY",
          "IN",
          "EXISTS",
          "NOT",
          "NULL",
          "IS",
          "AND",
          "OR",
          "CASE",
          "WHEN",
          "THEN",
          "ELSE",
          "END",
          "BETWEEN",
          "LIKE",
          "ESCAPE",
          "CAST",
          "INSERT",
          "INTO",
          "VALUES",
          "UPDATE",
          "SET",
          "DELETE",
          "CREATE",
          "TABLE",
          "INDEX",
          "PRIMARY KEY",
          "UNIQUE",
          "DEFAULT",
          "WITH",
          "RECURSIVE",
          "*",
          ",",
          "(",
          ")",
          "||",
          "/",
          "%",
          "-",
          "=",
          "<>",
          "COUNT(*)",
          "SUM(",
          "MAX(",
          "COALESCE(",
          "NULLIF(",
          "SUBSTRING(",
          "ABS(",
          "ROUND(",
          "MOD(",
          "||",
          "NULLS FIRST",
          "DESC",
          "FETCH FIRST 1 ROWS ONLY",
          "EXPLAIN",
          "ROWS",
          "OVER ()");

  private final RandomGenerator random;

  SqlMutator(RandomGenerator random) {
    this.random = random;
  }

  /** One to three mutations of {@code sql}. */
  String mutate(String sql) {
    var tokens = SqlTokens.split(sql);
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count && !tokens.isEmpty(); i++) {
      mutateOnce(tokens);
    }
    return String.join(" ", tokens);
  }

  private void mutateOnce(List<String> tokens) {
    int at = random.nextInt(tokens.size());
    switch (random.nextInt(10)) {
      case 0 -> tokens.remove(at);
      case 1 -> tokens.add(at, tokens.get(at));
      case 2 -> {
        int other = random.nextInt(tokens.size());
        var t = tokens.get(at);
        tokens.set(at, tokens.get(other));
        tokens.set(other, t);
      }
      case 3, 4 -> replaceLiteral(tokens, extremeLiteral());
      case 5 -> tokens.add(at, pick(KEYWORDS));
      case 6 -> replaceLiteral(tokens, nested(tokensLiteralOr(tokens, "1"), depth()));
      case 7 ->
          replaceLiteral(
              tokens,
              "("
                  + tokensLiteralOr(tokens, "1")
                  + " IN ("
                  + list(
                      random.nextInt(20) == 0 ? 1 + random.nextInt(3000) : 1 + random.nextInt(50))
                  + "))");
      case 8 ->
          replaceLiteral(tokens, longChain(tokensLiteralOr(tokens, "1"), 1 + random.nextInt(500)));
      default -> tokens.set(at, tokens.get(at) + randomChar());
    }
  }

  private String extremeLiteral() {
    return switch (random.nextInt(8)) {
      case 0 -> "'" + "x".repeat(random.nextInt(200_000)) + "'";
      case 1 -> Long.toString(random.nextLong());
      case 2 -> Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(-320, 309)));
      default -> pick(EXTREME_LITERALS);
    };
  }

  /** Replaces a random literal (or, if there is none, a random token) with {@code value}. */
  private void replaceLiteral(List<String> tokens, String value) {
    var literals = new ArrayList<Integer>();
    for (int i = 0; i < tokens.size(); i++) {
      if (SqlTokens.isLiteral(tokens.get(i))) {
        literals.add(i);
      }
    }
    int at =
        literals.isEmpty()
            ? random.nextInt(tokens.size())
            : literals.get(random.nextInt(literals.size()));
    tokens.set(at, value);
  }

  private String tokensLiteralOr(List<String> tokens, String fallback) {
    for (int tries = 0; tries < 5; tries++) {
      var t = tokens.get(random.nextInt(tokens.size()));
      if (SqlTokens.isLiteral(t)) {
        return t;
      }
    }
    return fallback;
  }

  /**
   * Mostly shallow: JSqlParser needs up to the parse budget (seconds) for a syntax error inside
   * deep parentheses, so deep nesting is kept rare to hold the CI run short.
   */
  private int depth() {
    return random.nextInt(20) == 0 ? 1 + random.nextInt(400) : 1 + random.nextInt(4);
  }

  static String nested(String operand, int depth) {
    return "(".repeat(depth) + operand + ")".repeat(depth);
  }

  private String longChain(String operand, int terms) {
    var op = pick(List.of(" + ", " - ", " * ", " || ", " AND ", " OR ", " = "));
    var sb = new StringBuilder(operand);
    for (int i = 1; i < terms; i++) {
      sb.append(op).append(operand);
    }
    return "(" + sb + ")";
  }

  private String list(int items) {
    var sb = new StringBuilder();
    for (int i = 0; i < items; i++) {
      sb.append(i == 0 ? "" : ", ")
          .append(random.nextInt(5) == 0 ? "NULL" : Integer.toString(random.nextInt(100)));
    }
    return sb.toString();
  }

  private String randomChar() {
    return switch (random.nextInt(6)) {
      case 0 -> "'";
      case 1 -> "\"";
      case 2 -> "(";
      case 3 -> ";";
      case 4 -> "\u00e9";
      default -> String.valueOf((char) random.nextInt(32, 127));
    };
  }

  private <T> T pick(List<T> items) {
    return items.get(random.nextInt(items.size()));
  }
}
