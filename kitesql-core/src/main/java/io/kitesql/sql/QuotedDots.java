package io.kitesql.sql;

import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.List;

/**
 * JSqlParser splits a quoted name at a dot inside it: {@code "x.y"} becomes the schema {@code x}
 * and the table {@code y}. In SQL it is one name. Before parsing, each dot inside a double-quoted
 * name is replaced by a private-use character of the same length (so error positions do not move);
 * {@link #restore} turns it back wherever a name leaves the syntax tree (the binder's names and the
 * labels of result columns).
 */
public final class QuotedDots {
  /**
   * Stands for a dot inside a quoted name while JSqlParser reads the statement (U+E000, private
   * use).
   */
  static final char HIDDEN_DOT = '\uE000';

  private QuotedDots() {}

  /** Hides every dot inside a double-quoted name. */
  static void patch(String sql, List<Token> tokens, Patches patches) {
    for (var t : tokens) {
      if (t.kind() == Kind.QUOTED_NAME && sql.charAt(t.start()) == '"') {
        for (int i = t.start() + 1; i < t.end() - 1; i++) {
          if (sql.charAt(i) == '.') {
            patches.replace(i, HIDDEN_DOT);
          }
        }
      }
    }
  }

  /** {@code text} with hidden dots turned back into dots. */
  public static String restore(String text) {
    return text == null || text.indexOf(HIDDEN_DOT) < 0 ? text : text.replace(HIDDEN_DOT, '.');
  }
}
