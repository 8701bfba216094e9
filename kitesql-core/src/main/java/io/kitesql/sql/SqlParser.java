package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.Arrays;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.UnsupportedStatement;
import net.sf.jsqlparser.statement.analyze.Analyze;

/**
 * The SQL front end: one statement of text to JSqlParser's syntax tree.
 *
 * <p>The text is read once, into a token list ({@code SqlTokens}); the limits, the rewrites
 * JSqlParser needs (each a set of edits on that list, {@code Patches}) and the choice of grammar
 * are decided from it, and JSqlParser then reads the patched text. Parsing costs ~100–400 µs, so it
 * happens once per prepared statement, never per execution: a fast pass without JSqlParser's
 * "complex" grammar first, then, only for the constructs that need it, a second pass with it
 * ({@code ParserPasses}). Errors name line, column and the offending token ({@code SyntaxErrors}).
 */
public final class SqlParser {
  /** Statements longer than this are refused before parsing (1 MiB of text). */
  public static final int MAX_LENGTH = 1 << 20;

  /**
   * Each parser pass is stopped after this long. JSqlParser backtracks exponentially on some inputs
   * (a syntax error inside ten nested parentheses took minutes before syntax errors failed fast),
   * so without a budget one hostile statement would hang the calling thread.
   */
  public static final long PASS_TIMEOUT_MILLIS = 2_000;

  /**
   * Parentheses nested deeper than this are refused before parsing. Generated SQL nests
   * (specifications, query by example: one level per AND/OR group or subquery); JSqlParser 5.4
   * parses 256 levels of each such shape in about 100 ms, a syntax error inside them included, and
   * its parser threads' 8 MiB stack holds 1,000 levels, twice {@link #MAX_NESTING_WITH_SIGNS}. Its
   * time grows faster than linearly beyond (1,000 levels: 5–10 s), which the limit keeps away from
   * the pass budget.
   */
  public static final int MAX_NESTING = 256;

  /**
   * The nesting limit once {@code UnarySigns} has given every sign after the first of a run its own
   * parentheses ({@code - ( - - ( ...} doubles the depth). JSqlParser 5.4 parses that shape in
   * linear time (256 levels in about 1 ms), so the limit only bounds recursion.
   */
  public static final int MAX_NESTING_WITH_SIGNS = 2 * MAX_NESTING;

  /**
   * A parenthesized list (IN list, function arguments, one VALUES row) longer than this is refused
   * before parsing: JSqlParser slows down superlinearly on long lists (20,000 items take minutes,
   * and its pass budget is not polled there).
   */
  public static final int MAX_LIST_ITEMS = 10_000;

  private SqlParser() {}

  /**
   * Parses exactly one statement (a trailing semicolon is allowed).
   *
   * @throws KiteSqlException {@link ErrorCode#SYNTAX_ERROR} naming the position and token
   */
  public static Statement parse(String sql) {
    if (sql == null || sql.isBlank()) {
      throw SyntaxErrors.refused("empty SQL statement");
    }
    if (sql.length() > MAX_LENGTH) {
      throw SyntaxErrors.refused(
          "SQL statement of " + sql.length() + " characters exceeds the limit of " + MAX_LENGTH);
    }
    var tokens = SqlTokens.of(sql);
    if (isAnalyzeAll(tokens)) {
      return new Analyze(); // JSqlParser 5.4 parses ANALYZE only with a table
    }
    var shape = Shape.of(tokens, List.of());
    if (shape.nesting() > MAX_NESTING) {
      throw SyntaxErrors.refused(
          "SQL statement nests parentheses "
              + shape.nesting()
              + " deep, more than the limit of "
              + MAX_NESTING);
    }
    if (shape.listItems() > MAX_LIST_ITEMS) {
      throw SyntaxErrors.refused(
          "SQL statement has a list of "
              + shape.listItems()
              + " items in parentheses, more than the limit of "
              + MAX_LIST_ITEMS
              + " (pass long IN lists as a table or a subquery)");
    }
    var patches = rewrites(sql, tokens);
    if (patches.insertsParentheses()) {
      int nesting = Shape.of(tokens, patches.insertedParentheses()).nesting();
      if (nesting > MAX_NESTING_WITH_SIGNS) {
        throw SyntaxErrors.refused(
            "SQL statement nests parentheses and consecutive unary signs "
                + nesting
                + " deep, more than the limit of "
                + MAX_NESTING_WITH_SIGNS);
      }
    }
    return parse(sql, tokens, patches.apply());
  }

  /**
   * The edits JSqlParser needs, found on the statement's tokens: identity options, BETWEEN ... IS,
   * runs of unary signs, dots in quoted names, backslashes before quotes in string literals.
   */
  static Patches rewrites(String sql, List<Token> tokens) {
    var patches = new Patches(sql);
    IdentityOptions.patch(sql, tokens, patches);
    BetweenIs.patch(tokens, patches); // before the signs: at one offset, its parentheses come first
    UnarySigns.patch(tokens, patches);
    QuotedDots.patch(sql, tokens, patches);
    QuotedBackslashes.patch(sql, tokens, patches);
    return patches;
  }

  private static Statement parse(String sql, List<Token> tokens, Patches.Patched patched) {
    try {
      return check(sql, tokens, patched, ParserPasses.run(patched.sql(), false));
    } catch (ParseException | TokenMgrException | StackOverflowError simple) {
      if (simple instanceof ParseException p && ParserPasses.TIMED_OUT.equals(p.getMessage())) {
        throw SyntaxErrors.tooComplex();
      }
      if (simple instanceof ParseException p && !needsComplexGrammar(tokens)) {
        throw SyntaxErrors.at(
            sql, tokens, patched, p); // the second pass would fail the same way, only slower
      }
      try {
        return check(sql, tokens, patched, ParserPasses.run(patched.sql(), true));
      } catch (ParseException e) {
        throw ParserPasses.TIMED_OUT.equals(e.getMessage())
            ? SyntaxErrors.tooComplex()
            : SyntaxErrors.at(sql, tokens, patched, e);
      } catch (TokenMgrException e) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR, "SQL syntax error: " + e.getMessage(), e);
      } catch (StackOverflowError e) {
        throw SyntaxErrors.refused("SQL statement is nested too deeply to parse");
      }
    }
  }

  /** The statement of a pass that succeeded, if it is the only one and JSqlParser understood it. */
  private static Statement check(
      String sql, List<Token> tokens, Patches.Patched patched, ParserPasses.Parsed parsed) {
    if (parsed.next().kind != CCJSqlParserConstants.EOF) {
      throw SyntaxErrors.trailing(parsed.next(), patched);
    }
    if (parsed.statement() == null) {
      throw SyntaxErrors.nothingParsed(sql);
    }
    if (parsed.statement() instanceof UnsupportedStatement) {
      throw SyntaxErrors.notUnderstood(sql, tokens);
    }
    return parsed.statement();
  }

  /** {@code ANALYZE} without a table: every table. */
  private static boolean isAnalyzeAll(List<Token> tokens) {
    return !tokens.isEmpty()
        && tokens.getFirst().isWord("ANALYZE")
        && (tokens.size() == 1 || tokens.size() == 2 && tokens.get(1).isSymbol(";"));
  }

  /**
   * Whether the statement has a construct only JSqlParser's "complex" grammar parses: in 5.4 that
   * grammar differs only in CASE (conditions as results: {@code THEN a = 1}) and in the JSON
   * operators {@code -> ->> #> #>>}. Other statements that fail the first pass fail the second one
   * too, at the same token, after 1–4 ms more of backtracking: skipping it is what makes a syntax
   * error as cheap as a parse.
   */
  static boolean needsComplexGrammar(List<Token> tokens) {
    for (int i = 0; i < tokens.size(); i++) {
      var t = tokens.get(i);
      boolean arrow =
          t.isSymbol("-")
              && i + 1 < tokens.size()
              && tokens.get(i + 1).isSymbol(">")
              && tokens.get(i + 1).start() == t.end();
      if (t.isWord("CASE") || t.isSymbol("#") || arrow) {
        return true;
      }
    }
    return false;
  }

  /** The deepest parenthesis nesting and the longest parenthesized list of a statement's tokens. */
  record Shape(int nesting, int listItems) {
    /**
     * Counts the parenthesis tokens and, among them in offset order, the parentheses the rewrites
     * insert ({offset, '(' or ')'}, sorted; one inserted at a token's start comes before it).
     */
    static Shape of(List<Token> tokens, List<int[]> inserted) {
      int depth = 0;
      int max = 0;
      int longest = 0;
      var items = new int[16]; // items of the list open at each depth, grown on demand
      int next = 0;
      for (var t : tokens) {
        for (; next < inserted.size() && inserted.get(next)[0] <= t.start(); next++) {
          depth = inserted.get(next)[1] == '(' ? depth + 1 : Math.max(0, depth - 1);
          max = Math.max(max, depth);
        }
        if (t.kind() != Kind.SYMBOL) {
          continue;
        }
        switch (t.single()) {
          case '(' -> {
            max = Math.max(max, ++depth);
            if (depth >= items.length && items.length <= MAX_NESTING_WITH_SIGNS) {
              items = Arrays.copyOf(items, 2 * items.length);
            }
            items[Math.min(depth, items.length - 1)] =
                1; // deeper levels are refused: they share the last slot
          }
          case ')' -> depth = Math.max(0, depth - 1);
          case ',' -> {
            if (depth > 0) {
              longest = Math.max(longest, ++items[Math.min(depth, items.length - 1)]);
            }
          }
          default -> {}
        }
      }
      for (; next < inserted.size(); next++) {
        depth = inserted.get(next)[1] == '(' ? depth + 1 : Math.max(0, depth - 1);
        max = Math.max(max, depth);
      }
      return new Shape(max, longest);
    }
  }
}
