package io.kitesql.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The one scanner of a statement's text that knows SQL's quoting rules: string literals ({@code
 * 'it''s'}, and JSqlParser's dollar-quoted {@code $$it's$$}), quoted names ({@code "a.b"}, {@code
 * `a`}), line and block comments. Everything the front end decides before JSqlParser reads the
 * statement (the limits on nesting and lists, the rewrites, which grammar to use) and what it says
 * about a syntax error is read from the token list made here once per statement, so nothing inside
 * quotes or comments is ever mistaken for syntax. Comments are skipped: no token.
 */
final class SqlTokens {
  enum Kind {
    WORD,
    QUOTED_NAME,
    STRING,
    NUMBER,
    PARAMETER,
    SYMBOL
  }

  /**
   * One token: {@code sql[start, end)}. Its text is cut out only when asked for: the checks the
   * front end makes on every token compare in place.
   */
  record Token(Kind kind, int start, int end, String sql) {
    String text() {
      return sql.substring(start, end);
    }

    /**
     * Whether this is the symbol {@code symbol} (never a quoted or literal text that reads the
     * same).
     */
    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && reads(symbol);
    }

    /** Whether this is the unquoted word {@code word} (any case). */
    boolean isWord(String word) {
      return kind == Kind.WORD && reads(word);
    }

    /** Whether the token's text is {@code symbolOrWord} (any case), whatever its kind. */
    boolean is(String symbolOrWord) {
      return reads(symbolOrWord);
    }

    boolean isSign() {
      return kind == Kind.SYMBOL
          && end - start == 1
          && (sql.charAt(start) == '-' || sql.charAt(start) == '+');
    }

    /** The single character of a one-character token, else 0. */
    char single() {
      return end - start == 1 ? sql.charAt(start) : 0;
    }

    private boolean reads(String text) {
      return end - start == text.length() && sql.regionMatches(true, start, text, 0, text.length());
    }
  }

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
      } else if (c == '$' && i + 1 < n && sql.charAt(i + 1) == '$') {
        int close = sql.indexOf("$$", i + 2); // JSqlParser knows $$...$$, not $tag$...$tag$
        i = close < 0 ? n : close + 2;
        kind = Kind.STRING;
      } else if (Character.isDigit(c)
          || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
        i = numberEnd(sql, i);
        kind = Kind.NUMBER;
      } else if (Character.isLetter(c) || c == '_') {
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || sql.charAt(i) == '_'
                || sql.charAt(i) == '$')) {
          i++;
        }
        kind = Kind.WORD;
      } else if (c == '?' || c == ':' && i + 1 < n && Character.isLetter(sql.charAt(i + 1))) {
        i++;
        while (c == ':'
            && i < n
            && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
          i++;
        }
        kind = Kind.PARAMETER;
      } else {
        i += i + 1 < n && twoCharSymbol(c, sql.charAt(i + 1)) ? 2 : 1;
        kind = Kind.SYMBOL;
      }
      tokens.add(new Token(kind, start, i, sql));
    }
    return tokens;
  }

  /** {@code :: || <= >= <> != ==}. */
  private static boolean twoCharSymbol(char first, char second) {
    return switch (first) {
      case ':' -> second == ':';
      case '|' -> second == '|';
      case '<' -> second == '=' || second == '>';
      case '>', '!', '=' -> second == '=';
      default -> false;
    };
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

  /**
   * After {@code 12}, {@code 1.5}, {@code .5}, {@code 1e-3}, {@code 0x1F}: an exponent's sign is
   * the number's.
   */
  private static int numberEnd(String sql, int start) {
    int n = sql.length();
    boolean hex = sql.regionMatches(true, start, "0x", 0, 2);
    int i = start;
    while (i < n
        && (Character.isLetterOrDigit(sql.charAt(i))
            || sql.charAt(i) == '.'
            || sql.charAt(i) == '_')) {
      char c = sql.charAt(i++);
      if (!hex
          && (c == 'e' || c == 'E')
          && i < n
          && (sql.charAt(i) == '+' || sql.charAt(i) == '-')) {
        i++;
      }
    }
    return i;
  }
}
