package io.kitesql.sql;

/**
 * JSqlParser splits a quoted name at a dot inside it: {@code "x.y"} becomes the schema {@code x}
 * and the table {@code y}. In SQL it is one name. Before parsing, each dot inside a double-quoted
 * name is replaced by a private-use character of the same length (so error positions do not
 * move); {@link #restore} turns it back wherever a name leaves the syntax tree.
 */
public final class QuotedDots {
  /** Stands for a dot inside a quoted name while JSqlParser reads the statement (U+E000, private use). */
  static final char HIDDEN_DOT = '\uE000';

  private QuotedDots() {}

  /** {@code sql} with every dot inside a double-quoted name hidden ({@code sql} itself if none). */
  static String hide(String sql) {
    if (sql.indexOf('"') < 0 || sql.indexOf('.') < 0) {
      return sql;
    }
    char[] chars = null;
    for (var t : SqlTokens.of(sql)) {
      if (t.kind() == SqlTokens.Kind.QUOTED_NAME && t.text().charAt(0) == '"' && t.text().indexOf('.') >= 0) {
        if (chars == null) {
          chars = sql.toCharArray();
        }
        for (int i = t.start(); i < t.end(); i++) {
          if (chars[i] == '.') {
            chars[i] = HIDDEN_DOT;
          }
        }
      }
    }
    return chars == null ? sql : new String(chars);
  }

  /** {@code text} with hidden dots turned back into dots. */
  public static String restore(String text) {
    return text == null || text.indexOf(HIDDEN_DOT) < 0 ? text : text.replace(HIDDEN_DOT, '.');
  }
}
