package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.List;

/**
 * JSqlParser 5.4 reads a backslash followed by a quote inside a string literal as an escaped quote,
 * even with its backslash-escape feature off, so {@code 'a\'''} (the text {@code a\'}: in SQL a
 * backslash is an ordinary character and a quote is written twice) is a syntax error. Before
 * parsing, each backslash that a quote follows inside a string literal is replaced by {@link
 * #HIDDEN_BACKSLASH} (one character for one, so error positions do not move); {@link #restore}
 * turns it back wherever a literal's text leaves the syntax tree.
 *
 * <p>The stand-in is a high surrogate, and it is always followed by a quote: that pair occurs in no
 * valid text (a high surrogate must be followed by a low one), so the restore cannot mistake a
 * user's character for it. A literal that holds the pair itself is refused here with the
 * INVALID_VALUE every unpaired surrogate in a literal gets.
 */
public final class QuotedBackslashes {
  /** Stands for a backslash before a quote inside a string literal while JSqlParser reads it. */
  static final char HIDDEN_BACKSLASH = '\uD800';

  private QuotedBackslashes() {}

  /**
   * Hides each backslash that a quote follows inside a string literal.
   *
   * @throws KiteSqlException INVALID_VALUE if a string literal holds a high surrogate before a
   *     quote
   */
  static void patch(String sql, List<Token> tokens, Patches patches) {
    for (var t : tokens) {
      if (t.kind() != Kind.STRING || sql.charAt(t.start()) != '\'') {
        continue;
      }
      for (int i = t.start() + 1; i + 1 < t.end() - 1; i++) { // a pair between the quotes
        if (sql.charAt(i + 1) != '\'') {
          continue;
        }
        if (sql.charAt(i) == HIDDEN_BACKSLASH) {
          throw new KiteSqlException(
              ErrorCode.INVALID_VALUE,
              String.format(
                  "string literal holds an unpaired surrogate U+%04X at char index %d of the statement, which has no UTF-8 form",
                  (int) HIDDEN_BACKSLASH, i));
        }
        if (sql.charAt(i) == '\\') {
          patches.replace(i, HIDDEN_BACKSLASH);
        }
      }
    }
  }

  /**
   * {@code text} with hidden backslashes (a stand-in before a quote) turned back into backslashes.
   */
  public static String restore(String text) {
    if (text == null || text.indexOf(HIDDEN_BACKSLASH + "'") < 0) {
      return text;
    }
    var chars = text.toCharArray();
    for (int i = 0; i + 1 < chars.length; i++) {
      if (chars[i] == HIDDEN_BACKSLASH && chars[i + 1] == '\'') {
        chars[i] = '\\';
      }
    }
    return new String(chars);
  }
}
