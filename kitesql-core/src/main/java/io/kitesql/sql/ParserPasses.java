package io.kitesql.sql;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.statement.Statement;

/**
 * Runs JSqlParser over a statement's patched text, one pass per grammar, each on a pooled parser
 * thread while the caller waits at most {@link SqlParser#PASS_TIMEOUT_MILLIS}: JSqlParser polls its
 * stop flag rarely (a statement measured at 38 s unbounded noticed it only after 8 s), so the
 * caller must not depend on the parser stopping in time.
 */
final class ParserPasses {
  /** The message of the ParseException a pass that overran its budget ends with. */
  static final String TIMED_OUT = "KiteSQL parse budget exceeded";

  /**
   * The parser threads' stack. JSqlParser recurses a dozen frames or so per parenthesis: on the
   * JVM's default 1 MiB stack it parses 512 nested parentheses and overflows before 1,000; 8 MiB
   * parses 1,000, twice the deepest nesting the limits let through ({@link
   * SqlParser#MAX_NESTING_WITH_SIGNS}).
   */
  static final long STACK_BYTES = 8L << 20;

  /**
   * A pass that overran its budget is told to stop (its {@code interrupted} flag) and finishes on
   * its own thread, which the caller no longer waits for. Daemon threads.
   */
  private static final ExecutorService PASSES =
      Executors.newCachedThreadPool(
          r -> {
            var t = new Thread(null, r, "kitesql-sql-parser", STACK_BYTES);
            t.setDaemon(true);
            return t;
          });

  /**
   * Parsers that finished a pass and can take another. Building JSqlParser's parser allocates ~97
   * KB (its lookahead tables and 4,096-char buffers), most of a statement's preparation; resetting
   * one allocates ~27 KB (the lookahead call records JSqlParser renews on every reset). A parser is
   * taken back only after a pass that succeeded, and at most {@link FailFastParser#MAX_USES} times:
   * JSqlParser keeps two lookahead caches keyed by the tokens it saw, which it never clears, so a
   * parser kept for good would keep every statement it ever parsed.
   */
  private static final BlockingQueue<FailFastParser> IDLE = new ArrayBlockingQueue<>(4);

  private ParserPasses() {}

  /**
   * One pass: the statement, and the first token after it that is not a semicolon (for the caller
   * to check that nothing follows).
   *
   * @throws ParseException JSqlParser's, or one whose message is {@link #TIMED_OUT}
   */
  static Parsed run(String sql, boolean complex) throws ParseException {
    if (Thread.currentThread().isInterrupted()) {
      // Future.get returns a pass that finished in time without looking at the flag: look first
      throw SyntaxErrors.cancelled(null);
    }
    var parser = FailFastParser.take(sql);
    parser.withAllowComplexParsing(complex);
    var pass = PASSES.submit(parser::Statement);
    try {
      var statement = pass.get(SqlParser.PASS_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      var next = parser.getNextToken();
      while (next.kind == CCJSqlParserConstants.ST_SEMICOLON) {
        next = parser.getNextToken();
      }
      parser.giveBack(sql);
      return new Parsed(statement, next);
    } catch (TimeoutException e) {
      parser.interrupted =
          true; // a plain field JSqlParser polls: the pass stops when it next looks
      throw new ParseException(TIMED_OUT);
    } catch (InterruptedException e) {
      parser.interrupted = true; // the pass stops when it next looks; nobody waits for it
      Thread.currentThread()
          .interrupt(); // get() cleared the flag: the caller's code must still see it
      throw SyntaxErrors.cancelled(e);
    } catch (ExecutionException e) {
      switch (e.getCause()) {
        case ParseException p -> throw p;
        case NumberFormatException n ->
            // JSqlParser converts some numbers itself (type lengths such as VARCHAR(2147483648))
            throw new KiteSqlException(
                ErrorCode.SYNTAX_ERROR,
                "SQL syntax error: number out of range: " + n.getMessage(),
                n);
        case RuntimeException r -> throw r;
        case Error err -> throw err;
        default ->
            throw new KiteSqlException(
                ErrorCode.SYNTAX_ERROR, "SQL parser failed: " + e.getCause(), e.getCause());
      }
    }
  }

  /**
   * What a pass returns: JSqlParser's statement ({@code null} for none) and the first token after
   * it and its semicolons ({@code EOF} when nothing follows).
   */
  record Parsed(Statement statement, Token next) {}

  /**
   * JSqlParser's parser without its costly error report. To list the tokens it expected, the
   * generated parser re-runs every syntactic lookahead it tried on the way ({@code
   * jj_rescan_token}): ~2 ms per failed pass on a statement of SQLite's random corpus, where the
   * whole parse takes 0.3 ms. KiteSQL's messages name the position and the offending token, never
   * the expected ones, so the exception only needs the last token consumed.
   */
  private static final class FailFastParser extends CCJSqlParser {
    /** Passes one parser serves before it is left to the collector (see {@link #IDLE}). */
    static final int MAX_USES = 64;

    /** Longer statements leave their parser behind: its buffers grew to their length. */
    private static final int MAX_REUSED_LENGTH = 16 * 1024;

    private int uses;

    private FailFastParser(String sql) {
      super(new StringProvider(sql));
    }

    /** An idle parser reset to read {@code sql}, or a new one. */
    static FailFastParser take(String sql) {
      var parser = IDLE.poll();
      if (parser == null) {
        return new FailFastParser(sql);
      }
      // what JSqlParser's own reset leaves as the last pass left it
      parser.ReInit(new StringProvider(sql));
      parser.jjtree.reset();
      parser.jdbcParameterIndex = 0;
      parser.bracketsCounter = 0;
      parser.caseCounter = 0;
      parser.interrupted = false;
      return parser;
    }

    /** After a pass that succeeded: idle again, unless it has served enough or read a long text. */
    void giveBack(String sql) {
      if (++uses < MAX_USES && sql.length() <= MAX_REUSED_LENGTH) {
        IDLE.offer(this);
      }
    }

    @Override
    public ParseException generateParseException(String location) {
      var e =
          new ParseException(
              "SQL syntax error after " + (token == null ? "the start" : "'" + token.image + "'"));
      e.currentToken = token;
      return e;
    }
  }
}
