package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.sql.SqlTokens.Kind;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;

/**
 * The front end's error messages. Each names where the statement went wrong in the text the user
 * wrote (line and column, mapped back through the rewrites' edits) and the offending token, and
 * ends with the statement itself, abbreviated. They are built from what the front end already has:
 * JSqlParser's tokens around the failure and the statement's own token list, never by reading the
 * text again.
 */
final class SyntaxErrors {
  /** Words after which a name is expected. */
  private static final Set<String> NAME_BEFORE =
      Set.of(
          "TABLE", "INDEX", "VIEW", "EXISTS", "INTO", "UPDATE", "FROM", "JOIN", "ON", "AS", ",",
          "(");

  private SyntaxErrors() {}

  static KiteSqlException refused(String what) {
    return new KiteSqlException(ErrorCode.SYNTAX_ERROR, what);
  }

  static KiteSqlException tooComplex() {
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR,
        "SQL statement too complex to parse within "
            + SqlParser.PASS_TIMEOUT_MILLIS
            + " ms (deep nesting, or a syntax error inside long lists?)");
  }

  static KiteSqlException cancelled(InterruptedException cause) {
    return new KiteSqlException(
        ErrorCode.STATEMENT_CANCELLED,
        "statement cancelled: its thread was interrupted while parsing SQL (Thread.interrupt, Future.cancel(true))",
        cause);
  }

  /** JSqlParser failed at the token after {@code e.currentToken}. */
  static KiteSqlException at(
      String sql, List<SqlTokens.Token> tokens, Patches.Patched patched, ParseException e) {
    Token at = e.currentToken == null ? null : e.currentToken.next;
    if (at == null) {
      return new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "SQL syntax error in '" + abbreviate(sql) + "'", e);
    }
    if (hasOverriding(tokens)) {
      return new KiteSqlException(
          ErrorCode.UNSUPPORTED_FEATURE,
          "INSERT ... OVERRIDING SYSTEM/USER VALUE is not supported: " + abbreviate(sql),
          e);
    }
    // JSqlParser stops before a list whose first item is a reserved word (CREATE TABLE t (from
    // INT)):
    // the word is what is wrong, as PostgreSQL's "syntax error at or near" says
    var next = at.next;
    if (("(".equals(at.image) || ",".equals(at.image))
        && next != null
        && next.image != null
        && next.image.chars().allMatch(c -> Character.isLetter(c) || c == '_')
        && ReservedWords.isReserved(next.image)) {
      return new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "SQL syntax error at "
              + position(next, patched)
              + " near '"
              + next.image
              + "': "
              + ReservedWords.misplaced(next.image)
              + ": "
              + abbreviate(sql),
          e);
    }
    // Window syntax JSqlParser does not know is valid SQL we do not implement: name it as such.
    if (at.image != null
        && (at.image.equalsIgnoreCase("GROUPS") || at.image.equalsIgnoreCase("EXCLUDE"))) {
      return new KiteSqlException(
          ErrorCode.UNSUPPORTED_FEATURE,
          "window frame "
              + at.image.toUpperCase(Locale.ROOT)
              + " is not supported (at "
              + position(at, patched)
              + "): "
              + abbreviate(sql),
          e);
    }
    var token =
        at.kind == CCJSqlParserConstants.EOF ? "end of statement" : "'" + restored(at) + "'";
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR,
        "SQL syntax error at " + position(at, patched) + " near " + token + ": " + abbreviate(sql),
        e);
  }

  /** A second statement, or anything else, follows the first. */
  static KiteSqlException trailing(Token next, Patches.Patched patched) {
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR,
        "SQL syntax error at "
            + position(next, patched)
            + ": unexpected '"
            + restored(next)
            + "' after the end of the statement (one statement at a time)");
  }

  static KiteSqlException nothingParsed(String sql) {
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR, "no SQL statement in '" + abbreviate(sql) + "'");
  }

  /**
   * JSqlParser returns an UnsupportedStatement when a statement it knows by its first words fails
   * further on (it keeps the words instead of failing). Most often a reserved word stands where a
   * name belongs ({@code CREATE TABLE select (...)}): that word is named, else the statement's
   * start.
   */
  static KiteSqlException notUnderstood(String sql, List<SqlTokens.Token> tokens) {
    for (int i = 1; i < tokens.size(); i++) {
      var t = tokens.get(i);
      if (t.kind() == Kind.WORD
          && ReservedWords.isReserved(t.text())
          && NAME_BEFORE.contains(tokens.get(i - 1).text().toUpperCase(Locale.ROOT))) {
        return new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "SQL syntax error at "
                + position(sql, t.start())
                + " near '"
                + t.text()
                + "': "
                + ReservedWords.misplaced(t.text())
                + ": "
                + abbreviate(sql));
      }
    }
    var first = tokens.isEmpty() ? "" : tokens.getFirst().text();
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR,
        "SQL syntax error: statement starting with '"
            + first
            + "' not understood: "
            + abbreviate(sql));
  }

  /** {@code OVERRIDING SYSTEM VALUE} or {@code OVERRIDING USER VALUE}, as words. */
  private static boolean hasOverriding(List<SqlTokens.Token> tokens) {
    for (int i = 0; i + 2 < tokens.size(); i++) {
      if (tokens.get(i).isWord("OVERRIDING")
          && (tokens.get(i + 1).isWord("SYSTEM") || tokens.get(i + 1).isWord("USER"))
          && tokens.get(i + 2).isWord("VALUE")) {
        return true;
      }
    }
    return false;
  }

  /** A JSqlParser token's text as the user wrote it (without the rewrites' stand-ins). */
  private static String restored(Token t) {
    return QuotedBackslashes.restore(QuotedDots.restore(t.image));
  }

  /** Where the token is in the text the user wrote. */
  private static String position(Token t, Patches.Patched patched) {
    return "line " + t.beginLine + ", column " + patched.originalColumn(t.beginLine, t.beginColumn);
  }

  private static String position(String sql, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (sql.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "line " + line + ", column " + (offset - lineStart + 1);
  }

  static String abbreviate(String sql) {
    var oneLine = sql.strip().replaceAll("\\s+", " ");
    return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 117) + "...";
  }
}
