package io.kitesql.sql;

import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.List;
import java.util.Set;

/**
 * JSqlParser (5.4 included) parses one unary sign before an operand but not two or more in a row:
 * {@code SELECT - - 3}, {@code + - col}, {@code - + - 1} fail at SELECT. This rewrite gives every
 * sign after the first of a run its own parentheses, {@code - + - x} to {@code -(+(-x))}, which is
 * what the standard grammar means: a unary sign applies to the primary that follows it (a literal,
 * a name, a call, a parenthesized expression, CASE ... END, with any {@code ::} cast or COLLATE
 * after it), so it binds tighter than every binary operator. It works on tokens, so string
 * literals, quoted names and comments are never touched, and it only inserts parentheses ({@link
 * Patches.Patched#originalColumn} maps an error position back to the text the user wrote). A run
 * whose operand it cannot delimit is left alone, for the parser to report.
 *
 * <p>JSqlParser also fails on a simple CASE whose operand starts with a sign, even a single one
 * ({@code CASE -x WHEN 1 THEN ...}): such an operand, up to its first WHEN, gets parentheses too.
 */
final class UnarySigns {
  /** Words after which an expression starts, so a sign after them is unary, not binary. */
  private static final Set<String> EXPRESSION_STARTS =
      Set.of(
          "SELECT",
          "WHERE",
          "AND",
          "OR",
          "NOT",
          "CASE",
          "WHEN",
          "THEN",
          "ELSE",
          "BETWEEN",
          "ON",
          "HAVING",
          "BY",
          "LIMIT",
          "OFFSET",
          "DISTINCT",
          "ALL",
          "LIKE",
          "ILIKE",
          "ESCAPE",
          "IS",
          "IN",
          "SET",
          "VALUES",
          "ANY",
          "SOME",
          "RETURNING",
          "DEFAULT",
          "FROM",
          "FOR",
          "TOP");

  private UnarySigns() {}

  /** Adds the parentheses for every run of unary signs, and for signed simple CASE operands. */
  static void patch(List<Token> tokens, Patches patches) {
    for (int i = 0; i < tokens.size(); i++) {
      if (!tokens.get(i).isSign() || !unaryAfter(i == 0 ? null : tokens.get(i - 1))) {
        continue;
      }
      if (i > 0 && tokens.get(i - 1).is("CASE")) {
        int when = caseOperandEnd(tokens, i);
        if (when > i) {
          patches.insert(tokens.get(i).start(), '(');
          patches.insert(tokens.get(when - 1).end(), ')');
        }
      }
      int operand = i;
      while (operand < tokens.size() && tokens.get(operand).isSign()) {
        operand++;
      }
      int end = operand - i >= 2 ? primaryEnd(tokens, operand) : -1;
      if (end > 0) {
        for (int sign = i; sign < operand - 1; sign++) {
          patches.insert(tokens.get(sign).end(), '(');
          patches.insert(tokens.get(end - 1).end(), ')');
        }
      }
      i = operand - 1; // signs inside the operand (in parentheses) are runs of their own
    }
  }

  /** The index of the WHEN that ends the operand of a simple CASE starting at {@code i}, or -1. */
  private static int caseOperandEnd(List<Token> tokens, int i) {
    int depth = 0;
    for (int j = i; j < tokens.size(); j++) {
      var t = tokens.get(j);
      if (t.kind() == Kind.SYMBOL && t.is("(") || t.kind() == Kind.WORD && t.is("CASE")) {
        depth++;
      } else if (t.kind() == Kind.SYMBOL && t.is(")") || t.kind() == Kind.WORD && t.is("END")) {
        if (--depth < 0) {
          return -1;
        }
      } else if (depth == 0 && t.kind() == Kind.WORD && t.is("WHEN")) {
        return j;
      }
    }
    return -1;
  }

  private static boolean unaryAfter(Token previous) {
    return previous == null
        || previous.kind() == Kind.SYMBOL && !previous.is(")") && !previous.is("]")
        || previous.kind() == Kind.WORD
            && EXPRESSION_STARTS.contains(previous.text().toUpperCase(java.util.Locale.ROOT));
  }

  /** The index after the primary expression (with its postfix casts) at {@code i}, or -1. */
  static int primaryEnd(List<Token> tokens, int i) {
    if (i >= tokens.size()) {
      return -1;
    }
    var t = tokens.get(i);
    int end =
        switch (t.kind()) {
          case NUMBER, STRING, PARAMETER -> i + 1;
          case SYMBOL -> t.is("(") ? closing(tokens, i, "(", ")") + 1 : -1;
          case QUOTED_NAME -> nameOrCall(tokens, i);
          case WORD -> {
            if (t.is("CASE")) {
              yield closing(tokens, i, "CASE", "END") + 1;
            } else if (EXPRESSION_STARTS.contains(t.text().toUpperCase(java.util.Locale.ROOT))) {
              yield -1;
            } else if (i + 1 < tokens.size() && tokens.get(i + 1).kind() == Kind.STRING) {
              yield i + 2; // a typed literal: DATE '2024-01-01', X'0A'
            }
            yield nameOrCall(tokens, i);
          }
        };
    return end <= 0 ? -1 : postfix(tokens, end);
  }

  /** {@code a}, {@code t.a}, {@code f(...)}, {@code count(*) over (...)}. */
  private static int nameOrCall(List<Token> tokens, int i) {
    int next = i + 1;
    while (next + 1 < tokens.size()
        && tokens.get(next).is(".")
        && tokens.get(next + 1).kind() != Kind.SYMBOL) {
      next += 2;
    }
    if (next < tokens.size() && tokens.get(next).is("(")) {
      next = closing(tokens, next, "(", ")") + 1;
      while (next > 0
          && next + 1 < tokens.size()
          && (tokens.get(next).is("FILTER") || tokens.get(next).is("OVER"))
          && tokens.get(next + 1).is("(")) {
        next = closing(tokens, next + 1, "(", ")") + 1;
      }
      if (next > 0 && next + 1 < tokens.size() && tokens.get(next).is("OVER")) {
        next += 2; // OVER window_name
      }
    }
    return next;
  }

  /** Casts and collations bind tighter than a sign: {@code - - x::int} negates the cast value. */
  private static int postfix(List<Token> tokens, int end) {
    while (end > 0
        && end + 1 < tokens.size()
        && (tokens.get(end).is("::") || tokens.get(end).is("COLLATE"))) {
      end += 2;
      if (end < tokens.size() && tokens.get(end).is("(")) {
        end = closing(tokens, end, "(", ")") + 1; // VARCHAR(10)
      }
    }
    return end;
  }

  /** The index of the token closing the one at {@code open}, or -1 when it is not closed. */
  private static int closing(List<Token> tokens, int open, String opener, String closer) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      var t = tokens.get(i);
      boolean word = opener.equals("CASE") ? t.kind() == Kind.WORD : t.kind() == Kind.SYMBOL;
      if (word && t.is(opener)) {
        depth++;
      } else if (word && t.is(closer) && --depth == 0) {
        return i;
      }
    }
    return -1;
  }
}
