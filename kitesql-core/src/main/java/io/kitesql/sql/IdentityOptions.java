package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Rewrites the standard identity options {@code AS IDENTITY (START WITH 10 INCREMENT BY 5)},
 * which JSqlParser 5.3 cannot parse, to {@code AS IDENTITY ('10', '5')} ({@code ('', '5')} without START WITH), which it keeps as one word
 * of the column's specification (the binder reads start and increment from it; quoted, because
 * JSqlParser refuses negative numbers there). Text in quotes and
 * comments is left alone.
 */
final class IdentityOptions {
  private static final Pattern IDENTITY_OPTIONS = Pattern.compile("(?i)\\bIDENTITY\\s*\\(\\s*[a-z]");
  private static final Pattern NUMBER = Pattern.compile("[+-]?\\s*\\d+");

  private IdentityOptions() {}

  static String rewrite(String sql) {
    if (!sql.toUpperCase(Locale.ROOT).contains("IDENTITY")) {
      return sql;
    }
    var out = new StringBuilder(sql.length());
    int copied = 0;
    var matcher = IDENTITY_OPTIONS.matcher(sql);
    int from = 0;
    while (matcher.find(from)) {
      int open = sql.indexOf('(', matcher.start());
      int close = sql.indexOf(')', open);
      from = matcher.end();
      if (close < 0 || SqlParser.insideQuotesOrComment(sql, matcher.start())) {
        continue;
      }
      out.append(sql, copied, open).append(canonical(sql.substring(open + 1, close)));
      copied = close + 1;
      from = copied;
    }
    return copied == 0 ? sql : out.append(sql, copied, sql.length()).toString();
  }

  /** {@code START [WITH] n INCREMENT [BY] m} in either order, both optional, as {@code ('n', 'm')}. */
  private static String canonical(String options) {
    Long start = null;
    Long increment = null;
    var words = options.trim().split("\\s+");
    for (int i = 0; i < words.length; i++) {
      var word = words[i].toUpperCase(Locale.ROOT);
      switch (word) {
        case "START", "INCREMENT" -> {
          boolean isStart = word.equals("START");
          if (i + 1 < words.length && words[i + 1].equalsIgnoreCase(isStart ? "WITH" : "BY")) {
            i++;
          }
          var number = new StringBuilder();
          while (i + 1 < words.length && (number.isEmpty() || number.toString().matches("[+-]"))) {
            number.append(words[++i]);
          }
          long value = number(number.toString(), word);
          if (isStart ? start != null : increment != null) {
            throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "identity option " + word + " is given twice");
          }
          if (isStart) {
            start = value;
          } else {
            increment = value;
          }
        }
        default -> throw new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE,
            "identity option " + words[i] + " is not supported (only START WITH and INCREMENT BY are)");
      }
    }
    long step = increment == null ? 1 : increment;
    // an omitted start stays empty: its default depends on the increment's sign, the binder's rule
    return "('" + (start != null ? start.toString() : "") + "', '" + step + "')";
  }

  private static long number(String text, String option) {
    if (!NUMBER.matcher(text).matches()) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "identity option " + option + " needs an integer, not '" + text + "'");
    }
    try {
      return Long.parseLong(text.replace("+", ""));
    } catch (NumberFormatException e) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "identity option " + option + " " + text + " is out of the BIGINT range");
    }
  }
}
