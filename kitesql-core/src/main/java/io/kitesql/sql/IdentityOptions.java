package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Rewrites the standard identity options {@code AS IDENTITY (START WITH 10 INCREMENT BY 5)} to
 * {@code AS IDENTITY ('10', '5')}, which JSqlParser keeps as one word of the column's
 * specification. JSqlParser 5.3 could not parse the standard form; 5.4 keeps valid options as part
 * of one specification word but refuses a non-integer ({@code START WITH x}) with a bare syntax
 * error, where this rewrite names the option. The rewritten word is the whole contract with the
 * binder, which reads start and increment from it: both quoted (JSqlParser refuses negative numbers
 * there), an option not given is empty ({@code ('', '5')}: the binder applies the default, which
 * depends on the increment's sign).
 */
final class IdentityOptions {
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

  private IdentityOptions() {}

  /** Replaces the options after every {@code IDENTITY (} whose first option is a word. */
  static void patch(String sql, List<Token> tokens, Patches patches) {
    for (int i = 0; i + 2 < tokens.size(); i++) {
      if (!tokens.get(i).isWord("IDENTITY")
          || !tokens.get(i + 1).isSymbol("(")
          || tokens.get(i + 2).kind() != Kind.WORD) {
        continue;
      }
      int close = i + 2;
      while (close < tokens.size() && !tokens.get(close).isSymbol(")")) {
        close++;
      }
      if (close == tokens.size()) {
        return; // unclosed: the parser reports it
      }
      var open = tokens.get(i + 1);
      var replaced = sql.substring(open.start(), tokens.get(close).end());
      patches.replace(
          open.start(),
          tokens.get(close).end(),
          canonical(tokens.subList(i + 2, close))
              + "\n".repeat((int) replaced.chars().filter(c -> c == '\n').count())
              + ")");
      i = close;
    }
  }

  /**
   * {@code START [WITH] n INCREMENT [BY] m} in either order, both optional, as {@code ('n', 'm'}
   * (the caller closes the parenthesis after the line breaks it keeps).
   */
  private static String canonical(List<Token> options) {
    Optional<Long> start = Optional.empty();
    Optional<Long> increment = Optional.empty();
    for (int i = 0; i < options.size(); i++) {
      var word = options.get(i).text().toUpperCase(Locale.ROOT);
      switch (options.get(i).kind() == Kind.WORD ? word : "") {
        case "START", "INCREMENT" -> {
          boolean isStart = word.equals("START");
          if (i + 1 < options.size() && options.get(i + 1).isWord(isStart ? "WITH" : "BY")) {
            i++;
          }
          var number = new StringBuilder();
          while (i + 1 < options.size() && (number.isEmpty() || options.get(i).isSign())) {
            number.append(options.get(++i).text());
          }
          long value = number(number.toString(), word);
          if ((isStart ? start : increment).isPresent()) {
            throw new KiteSqlException(
                ErrorCode.SYNTAX_ERROR, "identity option " + word + " is given twice");
          }
          if (isStart) {
            start = Optional.of(value);
          } else {
            increment = Optional.of(value);
          }
        }
        default ->
            throw new KiteSqlException(
                ErrorCode.UNSUPPORTED_FEATURE,
                "identity option "
                    + options.get(i).text()
                    + " is not supported (only START WITH and INCREMENT BY are)");
      }
    }
    return "('"
        + start.map(String::valueOf).orElse("")
        + "', '"
        + increment.map(String::valueOf).orElse("")
        + "'";
  }

  private static long number(String text, String option) {
    if (!INTEGER.matcher(text).matches()) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "identity option " + option + " needs an integer, not '" + text + "'");
    }
    try {
      return Long.parseLong(text.replace("+", ""));
    } catch (NumberFormatException e) {
      throw new KiteSqlException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "identity option " + option + " " + text + " is out of the BIGINT range");
    }
  }
}
