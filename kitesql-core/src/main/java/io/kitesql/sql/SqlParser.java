package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.statement.analyze.Analyze;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.UnsupportedStatement;

/**
 * The SQL front end: one statement of text to JSqlParser's syntax tree.
 *
 * <p>Parsing costs ~100–400 µs, so it happens once per prepared statement, never per execution:
 * a fast pass without JSqlParser's "complex" grammar first, then a second pass with it. Errors
 * name line, column and the offending token. Each pass runs on a pooled parser thread while the
 * caller waits at most {@link #PASS_TIMEOUT_MILLIS}: JSqlParser polls its stop flag rarely (a
 * statement measured at 38 s unbounded noticed it only after 8 s), so the caller must not depend
 * on the parser stopping in time.
 */
public final class SqlParser {
  /** Statements longer than this are refused before parsing (1 MiB of text). */
  public static final int MAX_LENGTH = 1 << 20;

  /**
   * Each parser pass is stopped after this long. JSqlParser backtracks exponentially on some
   * inputs (a syntax error inside ten nested parentheses takes minutes), so without a budget one
   * hostile statement would hang the calling thread.
   */
  public static final long PASS_TIMEOUT_MILLIS = 2_000;

  /**
   * Parentheses nested deeper than this are refused before parsing: JSqlParser's time grows
   * exponentially with nesting (20 levels already take seconds), and the pass budget is polled too
   * rarely to stop it reliably much deeper than that.
   */
  public static final int MAX_NESTING = 32;

  /**
   * The nesting limit once {@link UnarySigns} has given every sign after the first of a run its
   * own parentheses ({@code - ( - - ( ...} doubles the depth). JSqlParser 5.4 parses that shape in
   * linear time (100 levels in well under 100 ms), so the limit only bounds recursion.
   */
  public static final int MAX_NESTING_WITH_SIGNS = 2 * MAX_NESTING;

  /**
   * A parenthesized list (IN list, function arguments, one VALUES row) longer than this is
   * refused before parsing: JSqlParser slows down superlinearly on long lists (20,000 items take
   * minutes, and its pass budget is not polled there).
   */
  public static final int MAX_LIST_ITEMS = 10_000;

  /**
   * Runs parser passes. A pass that overran its budget is told to stop (its {@code interrupted}
   * flag) and finishes on its own thread, which the caller no longer waits for. Daemon threads
   * with a generous stack: the nesting limit keeps recursion far below it.
   */
  private static final ExecutorService PASSES = Executors.newCachedThreadPool(r -> {
    var t = new Thread(null, r, "kitesql-sql-parser", 8L << 20);
    t.setDaemon(true);
    return t;
  });

  /** ANALYZE without a table: every table. */
  private static final java.util.regex.Pattern ANALYZE_ALL = java.util.regex.Pattern.compile("\\s*(?i:analyze)\\s*;?\\s*");

  private SqlParser() {}

  /**
   * Parses exactly one statement (a trailing semicolon is allowed).
   *
   * @throws KiteSqlException {@link ErrorCode#SYNTAX_ERROR} naming the position and token
   */
  public static Statement parse(String sql) {
    if (sql == null || sql.isBlank()) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "empty SQL statement");
    }
    if (sql.length() > MAX_LENGTH) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "SQL statement of " + sql.length() + " characters exceeds the limit of " + MAX_LENGTH);
    }
    if (ANALYZE_ALL.matcher(sql).matches()) {
      return new Analyze(); // JSqlParser 5.4 parses ANALYZE only with a table
    }
    var shape = shape(sql);
    if (shape.nesting() > MAX_NESTING) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR,
          "SQL statement nests parentheses " + shape.nesting() + " deep, more than the limit of " + MAX_NESTING);
    }
    if (shape.listItems() > MAX_LIST_ITEMS) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR,
          "SQL statement has a list of " + shape.listItems() + " items in parentheses, more than the limit of "
              + MAX_LIST_ITEMS + " (pass long IN lists as a table or a subquery)");
    }
    sql = IdentityOptions.rewrite(sql);
    var rewritten = UnarySigns.rewrite(sql);
    if (rewritten.sql() != sql && shape(rewritten.sql()).nesting() > MAX_NESTING_WITH_SIGNS) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL statement nests parentheses and consecutive unary signs "
          + shape(rewritten.sql()).nesting() + " deep, more than the limit of " + MAX_NESTING_WITH_SIGNS);
    }
    try {
      return parse(rewritten, false);
    } catch (ParseException | TokenMgrException | StackOverflowError simple) {
      if (simple instanceof ParseException p && p.getMessage() != null && p.getMessage().contains(TIMED_OUT)) {
        throw tooComplex();
      }
      if (simple instanceof ParseException p && !needsComplexGrammar(rewritten.sql())) {
        throw syntaxError(rewritten, sql, p); // the second pass would fail the same way, only slower
      }
      try {
        return parse(rewritten, true);
      } catch (ParseException e) {
        if (e.getMessage() != null && e.getMessage().contains(TIMED_OUT)) {
          throw tooComplex();
        }
        throw syntaxError(rewritten, sql, e);
      } catch (TokenMgrException e) {
        throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error: " + e.getMessage(), e);
      } catch (StackOverflowError e) {
        throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL statement is nested too deeply to parse");
      }
    }
  }

  private static final String TIMED_OUT = "KiteSQL parse budget exceeded";

  /**
   * Whether the statement has a construct only JSqlParser's "complex" grammar parses: in 5.4 that
   * grammar differs only in CASE (conditions as results: {@code THEN a = 1}) and in the JSON
   * operators {@code -> ->> #> #>>}. Other statements that fail the first pass fail the second
   * one too, at the same token, after 1–4 ms more of backtracking: skipping it is what makes a
   * syntax error as cheap as a parse.
   */
  static boolean needsComplexGrammar(String sql) {
    var tokens = SqlTokens.of(sql);
    for (int i = 0; i < tokens.size(); i++) {
      var t = tokens.get(i);
      boolean arrow = t.is("-") && i + 1 < tokens.size() && tokens.get(i + 1).is(">")
          && tokens.get(i + 1).start() == t.end();
      if (t.kind() == SqlTokens.Kind.WORD && t.is("CASE") || t.is("#") || arrow) {
        return true;
      }
    }
    return false;
  }

  private static Statement parse(UnarySigns.Rewritten rewritten, boolean complex) throws ParseException {
    var sql = QuotedBackslashes.hide(QuotedDots.hide(rewritten.sql()));
    if (Thread.currentThread().isInterrupted()) {
      // Future.get returns a pass that finished in time without looking at the flag: look first
      throw cancelled(null);
    }
    CCJSqlParser parser = new FailFastParser(sql).withAllowComplexParsing(complex);
    var pass = PASSES.submit(parser::Statement);
    Statement statement;
    try {
      statement = pass.get(PASS_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      parser.interrupted = true; // a plain field JSqlParser polls: the pass stops when it next looks
      throw new ParseException(TIMED_OUT);
    } catch (InterruptedException e) {
      parser.interrupted = true; // the pass stops when it next looks; nobody waits for it
      Thread.currentThread().interrupt(); // get() cleared the flag: the caller's code must still see it
      throw cancelled(e);
    } catch (ExecutionException e) {
      switch (e.getCause()) {
        case ParseException p -> throw p;
        case NumberFormatException n ->
            // JSqlParser converts some numbers itself (type lengths such as VARCHAR(2147483648))
            throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error: number out of range: " + n.getMessage(), n);
        case RuntimeException r -> throw r;
        case Error err -> throw err;
        default -> throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL parser failed: " + e.getCause(), e.getCause());
      }
    }
    var next = parser.getNextToken();
    while (next.kind == CCJSqlParserConstants.ST_SEMICOLON) {
      next = parser.getNextToken();
    }
    if (next.kind != CCJSqlParserConstants.EOF) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "SQL syntax error at " + position(next, rewritten) + ": unexpected '" + QuotedBackslashes.restore(QuotedDots.restore(next.image))
              + "' after the end of the statement (one statement at a time)");
    }
    if (statement == null) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "no SQL statement in '" + abbreviate(sql) + "'");
    }
    if (statement instanceof UnsupportedStatement) {
      throw notUnderstood(rewritten);
    }
    return statement;
  }

  private static KiteSqlException cancelled(InterruptedException cause) {
    return new KiteSqlException(ErrorCode.STATEMENT_CANCELLED,
        "statement cancelled: its thread was interrupted while parsing SQL (Thread.interrupt, Future.cancel(true))", cause);
  }

  /**
   * JSqlParser's parser without its costly error report. To list the tokens it expected, the
   * generated parser re-runs every syntactic lookahead it tried on the way ({@code
   * jj_rescan_token}): ~2 ms per failed pass on a statement of SQLite's random corpus, where the
   * whole parse takes 0.3 ms. KiteSQL's messages name the position and the offending token,
   * never the expected ones, so the exception only needs the last token consumed.
   */
  private static final class FailFastParser extends CCJSqlParser {
    FailFastParser(String sql) {
      super(new StringProvider(sql));
    }

    @Override
    public ParseException generateParseException(String location) {
      var e = new ParseException("SQL syntax error after " + (token == null ? "the start" : "'" + token.image + "'"));
      e.currentToken = token;
      return e;
    }
  }

  /** The deepest parenthesis nesting and the longest parenthesized list, outside quotes and comments. */
  record Shape(int nesting, int listItems) {}

  static Shape shape(String sql) {
    int depth = 0;
    int max = 0;
    int longest = 0;
    var items = new int[MAX_NESTING + 2]; // deeper levels are refused anyway: they share the last slot
    int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      switch (c) {
        case '(' -> {
          max = Math.max(max, ++depth);
          items[Math.min(depth, items.length - 1)] = 1;
        }
        case ')' -> depth = Math.max(0, depth - 1);
        case ',' -> {
          if (depth > 0) {
            longest = Math.max(longest, ++items[Math.min(depth, items.length - 1)]);
          }
        }
        case '\'', '"', '`' -> {
          int close = sql.indexOf(c, i + 1); // a doubled quote reads as two strings: same depth
          i = close < 0 ? n : close;
        }
        case '-' -> {
          if (i + 1 < n && sql.charAt(i + 1) == '-') {
            int eol = sql.indexOf('\n', i);
            i = eol < 0 ? n : eol;
          }
        }
        case '/' -> {
          if (i + 1 < n && sql.charAt(i + 1) == '*') {
            int end = sql.indexOf("*/", i + 2);
            i = end < 0 ? n : end + 1;
          }
        }
        default -> {}
      }
    }
    return new Shape(max, longest);
  }

  private static KiteSqlException tooComplex() {
    return new KiteSqlException(ErrorCode.SYNTAX_ERROR,
        "SQL statement too complex to parse within " + PASS_TIMEOUT_MILLIS + " ms (deep nesting, or a syntax error inside long lists?)");
  }

  private static KiteSqlException syntaxError(UnarySigns.Rewritten rewritten, String sql, ParseException e) {
    Token at = e.currentToken == null ? null : e.currentToken.next;
    if (at == null) {
      return new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error in '" + abbreviate(sql) + "'", e);
    }
    var token = at.kind == CCJSqlParserConstants.EOF ? "end of statement" : "'" + QuotedBackslashes.restore(QuotedDots.restore(at.image)) + "'";
    if (OVERRIDING.matcher(sql).find()) {
      return new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE, "INSERT ... OVERRIDING SYSTEM/USER VALUE is not supported: " + abbreviate(sql), e);
    }
    // JSqlParser stops before a list whose first item is a reserved word (CREATE TABLE t (from INT)):
    // the word is what is wrong, as PostgreSQL's "syntax error at or near" says
    var next = at.next;
    if (("(".equals(at.image) || ",".equals(at.image)) && next != null && next.image != null
        && next.image.chars().allMatch(c -> Character.isLetter(c) || c == '_') && ReservedWords.isReserved(next.image)) {
      return new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error at " + position(next, rewritten) + " near '" + next.image
          + "': " + ReservedWords.misplaced(next.image) + ": " + abbreviate(sql), e);
    }
    // Window syntax JSqlParser does not know is valid SQL we do not implement: name it as such.
    if (at.image != null && (at.image.equalsIgnoreCase("GROUPS") || at.image.equalsIgnoreCase("EXCLUDE"))) {
      return new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE, "window frame " + at.image.toUpperCase(java.util.Locale.ROOT)
          + " is not supported (at " + position(at, rewritten) + "): " + abbreviate(sql), e);
    }
    return new KiteSqlException(
        ErrorCode.SYNTAX_ERROR, "SQL syntax error at " + position(at, rewritten) + " near " + token + ": " + abbreviate(sql), e);
  }

  /**
   * JSqlParser returns an UnsupportedStatement when a statement it knows by its first words fails
   * further on (it keeps the words instead of failing). Most often a reserved word stands where a
   * name belongs ({@code CREATE TABLE select (...)}): that word is named, else the statement's start.
   */
  private static KiteSqlException notUnderstood(UnarySigns.Rewritten rewritten) {
    var sql = rewritten.sql();
    var tokens = SqlTokens.of(sql);
    for (int i = 1; i < tokens.size(); i++) {
      var t = tokens.get(i);
      if (t.kind() == SqlTokens.Kind.WORD && ReservedWords.isReserved(t.text()) && NAME_BEFORE.contains(tokens.get(i - 1).text().toUpperCase(java.util.Locale.ROOT))) {
        return new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error at " + position(sql, t.start(), rewritten)
            + " near '" + t.text() + "': " + ReservedWords.misplaced(t.text()) + ": " + abbreviate(sql));
      }
    }
    var first = tokens.isEmpty() ? "" : tokens.getFirst().text();
    return new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error: statement starting with '" + first + "' not understood: " + abbreviate(sql));
  }

  /** Words after which a name is expected. */
  private static final java.util.Set<String> NAME_BEFORE = java.util.Set.of(
      "TABLE", "INDEX", "VIEW", "EXISTS", "INTO", "UPDATE", "FROM", "JOIN", "ON", "AS", ",", "(");

  private static String position(String sql, int offset, UnarySigns.Rewritten rewritten) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (sql.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "line " + line + ", column " + rewritten.originalColumn(line, offset - lineStart + 1);
  }

  private static final java.util.regex.Pattern OVERRIDING =
      java.util.regex.Pattern.compile("(?i)\\bOVERRIDING\\s+(SYSTEM|USER)\\s+VALUE\\b");

  /** Whether position {@code at} of {@code sql} lies inside a quoted string or name, or a comment. */
  static boolean insideQuotesOrComment(String sql, int at) {
    for (int i = 0; i < at; i++) {
      char c = sql.charAt(i);
      boolean lineComment = c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-';
      boolean blockComment = c == '/' && i + 1 < sql.length() && sql.charAt(i + 1) == '*';
      int end; // the last character of the quoted text or comment starting at i
      if (c == '\'' || c == '"' || c == '`') {
        end = sql.indexOf(c, i + 1);
      } else if (lineComment) {
        end = sql.indexOf('\n', i);
      } else if (blockComment) {
        int close = sql.indexOf("*/", i + 2);
        end = close < 0 ? -1 : close + 1;
      } else {
        continue;
      }
      if (end < 0 || end >= at) {
        return true;
      }
      i = end;
    }
    return false;
  }

  /** Where the token is in the text the user wrote (the sign rewrite only inserts parentheses). */
  private static String position(Token t, UnarySigns.Rewritten rewritten) {
    return "line " + t.beginLine + ", column " + rewritten.originalColumn(t.beginLine, t.beginColumn);
  }

  private static String abbreviate(String sql) {
    var oneLine = sql.strip().replaceAll("\\s+", " ");
    return oneLine.length() <= 120 ? oneLine : oneLine.substring(0, 117) + "...";
  }
}
