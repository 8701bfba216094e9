package io.kitesql.sql;

import java.util.List;
import java.util.Optional;

/**
 * The query of a {@code CREATE VIEW} statement as its author wrote it, so that a view is stored as
 * written rather than as JSqlParser prints its tree (which does not always read back: a hex literal
 * followed by an alias printed with spaces inside it).
 */
public final class ViewText {
  private ViewText() {}

  /**
   * The text after {@code AS} in {@code CREATE [OR REPLACE] [...] VIEW [IF NOT EXISTS] name [IF NOT
   * EXISTS] [(columns)] AS query [;]}, without trailing semicolons; empty if the statement does not
   * have that shape.
   */
  public static Optional<String> query(String createView) {
    var tokens = SqlTokens.of(createView);
    int i = 0;
    while (i < tokens.size()
        && !(tokens.get(i).kind() == SqlTokens.Kind.WORD && tokens.get(i).is("VIEW"))) {
      i++;
    }
    i = skipIfNotExists(tokens, i + 1);
    i = skipName(tokens, i);
    if (i < 0) {
      return Optional.empty();
    }
    i = skipIfNotExists(tokens, i);
    if (i < tokens.size() && tokens.get(i).is("(")) {
      i = afterClosingParenthesis(tokens, i);
    }
    if (i < 0 || i + 1 >= tokens.size() || !tokens.get(i).is("AS")) {
      return Optional.empty();
    }
    int last = tokens.size() - 1;
    while (last > i && tokens.get(last).is(";")) {
      last--;
    }
    if (last <= i) {
      return Optional.empty();
    }
    return Optional.of(createView.substring(tokens.get(i + 1).start(), tokens.get(last).end()));
  }

  private static int skipIfNotExists(List<SqlTokens.Token> tokens, int i) {
    if (i + 2 < tokens.size()
        && tokens.get(i).is("IF")
        && tokens.get(i + 1).is("NOT")
        && tokens.get(i + 2).is("EXISTS")) {
      return i + 3;
    }
    return i;
  }

  /** After a possibly qualified name ({@code a}, {@code "a"}, {@code s.a}); -1 if there is none. */
  private static int skipName(List<SqlTokens.Token> tokens, int i) {
    while (i < tokens.size()) {
      var kind = tokens.get(i).kind();
      if (kind != SqlTokens.Kind.WORD && kind != SqlTokens.Kind.QUOTED_NAME) {
        return -1;
      }
      if (i + 1 < tokens.size() && tokens.get(i + 1).is(".")) {
        i += 2;
      } else {
        return i + 1;
      }
    }
    return -1;
  }

  private static int afterClosingParenthesis(List<SqlTokens.Token> tokens, int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      if (tokens.get(i).is("(")) {
        depth++;
      } else if (tokens.get(i).is(")") && --depth == 0) {
        return i + 1;
      }
    }
    return -1;
  }
}
