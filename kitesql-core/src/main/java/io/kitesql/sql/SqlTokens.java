package io.kitesql.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A small SQL lexer for the rewrites done before JSqlParser sees a statement: it only needs to
 * know where tokens start and end, and never to look inside string literals, quoted identifiers
 * or comments, so that a rewrite cannot change their text.
 */
final class SqlTokens {
  enum Kind { WORD, QUOTED_NAME, STRING, NUMBER, PARAMETER, SYMBOL }

  /** One token: {@code sql.substring(start, end)}. */
  record Token(Kind kind, int start, int end, String text) {
    boolean is(String symbolOrWord) {
      return text.equalsIgnoreCase(symbolOrWord);
    }

    boolean isSign() {
      return kind == Kind.SYMBOL && (text.equals("-") || text.equals("+"));
    }
  }

  private static final List<String> TWO_CHAR_SYMBOLS = List.of("::", "||", "<=", ">=", "<>", "!=", "==");

  private SqlTokens() {}

  /** The tokens of {@code sql}; an unterminated quote or comment runs to the end of the text. */
  static List<Token> of(String sql) {
    var tokens = new ArrayList<Token>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      int start = i;
      Kind kind;
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? n : eol + 1;
        continue;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
        continue;
      } else if (c == '\'' || c == '"' || c == '`') {
        i = quoteEnd(sql, i, c);
        kind = c == '\'' ? Kind.STRING : Kind.QUOTED_NAME;
      } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
        i = numberEnd(sql, i);
        kind = Kind.NUMBER;
      } else if (Character.isLetter(c) || c == '_') {
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$')) {
          i++;
        }
        kind = Kind.WORD;
      } else if (c == '?' || c == ':' && i + 1 < n && Character.isLetter(sql.charAt(i + 1))) {
        i++;
        while (c == ':' && i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
          i++;
        }
        kind = Kind.PARAMETER;
      } else {
        i += i + 1 < n && TWO_CHAR_SYMBOLS.contains(sql.substring(i, i + 2)) ? 2 : 1;
        kind = Kind.SYMBOL;
      }
      tokens.add(new Token(kind, start, i, sql.substring(start, i)));
    }
    return tokens;
  }

  /** After the closing quote; a doubled quote is part of the text. */
  private static int quoteEnd(String sql, int open, char quote) {
    int i = open + 1;
    while (true) {
      int close = sql.indexOf(quote, i);
      if (close < 0) {
        return sql.length();
      }
      if (close + 1 < sql.length() && sql.charAt(close + 1) == quote) {
        i = close + 2;
      } else {
        return close + 1;
      }
    }
  }

  /** After {@code 12}, {@code 1.5}, {@code .5}, {@code 1e-3}, {@code 0x1F}: an exponent's sign is the number's. */
  private static int numberEnd(String sql, int start) {
    int n = sql.length();
    boolean hex = sql.regionMatches(true, start, "0x", 0, 2);
    int i = start;
    while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.' || sql.charAt(i) == '_')) {
      char c = sql.charAt(i++);
      if (!hex && (c == 'e' || c == 'E') && i < n && (sql.charAt(i) == '+' || sql.charAt(i) == '-')) {
        i++;
      }
    }
    return i;
  }
}
