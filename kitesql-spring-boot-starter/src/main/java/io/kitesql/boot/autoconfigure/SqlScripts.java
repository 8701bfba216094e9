package io.kitesql.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an SQL script into statements at {@code ;}, except inside single-quoted literals (with
 * {@code ''} escapes), double-quoted identifiers, {@code --} line comments and {@code /* *}{@code
 * /} block comments. Comments are kept inside their statement (the engine skips them); blank
 * statements are dropped.
 */
final class SqlScripts {
  private SqlScripts() {}

  static List<String> split(String script) {
    var statements = new ArrayList<String>();
    var current = new StringBuilder();
    int n = script.length();
    int i = 0;
    while (i < n) {
      char c = script.charAt(i);
      if (c == '\'' || c == '"') {
        int end = closingQuote(script, i, c);
        current.append(script, i, end);
        i = end;
      } else if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
        int end = script.indexOf('\n', i);
        end = end < 0 ? n : end;
        i = end; // a line comment is dropped: a statement made only of comments must count as blank
      } else if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
        int end = script.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        current.append(' ');
      } else if (c == ';') {
        add(statements, current);
        i++;
      } else {
        current.append(c);
        i++;
      }
    }
    add(statements, current);
    return statements;
  }

  /**
   * The index just past the quote closing the one at {@code start}; a doubled quote is an escape.
   */
  private static int closingQuote(String script, int start, char quote) {
    int i = start + 1;
    while (i < script.length()) {
      if (script.charAt(i) == quote) {
        if (i + 1 < script.length() && script.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    throw new IllegalArgumentException(
        "unterminated "
            + (quote == '\'' ? "string literal" : "quoted identifier")
            + " starting at offset "
            + start);
  }

  private static void add(List<String> statements, StringBuilder current) {
    var sql = current.toString().strip();
    if (!sql.isEmpty()) {
      statements.add(sql);
    }
    current.setLength(0);
  }
}
