package io.kitesql.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Runs what is typed or read: SQL statements (ending in {@code ;}, over as many lines as they need)
 * and dot commands (a line of its own between statements). Results go to {@code out}, failures to
 * {@code err}, and every line fed says whether the session goes on.
 */
final class Session {
  /** What feeding input did: went on, failed (the failure is printed), or asked to quit. */
  enum Step {
    OK,
    FAILED,
    QUIT
  }

  static final String HELP =
      """
      SQL statements end with ';' and may span lines. Commands (one a line, between statements):
        .tables                 list the tables and views (also \\dt)
        .describe NAME          columns, primary key and indexes of a table or view (also \\d NAME)
        .mode table|csv         print query results as an aligned table or as CSV
        .timing on|off          print each statement's time
        .read FILE              run the statements and commands of a file (also \\i FILE)
        .help                   this text (also \\?)
        .quit                   leave (also .exit, \\q, or end of input)
      EXPLAIN SELECT ... shows a query's plan; EXPLAIN ANALYZE runs it and shows the counts.""";

  private final Connection connection;
  private final boolean writable;
  private final PrintWriter out;
  private final PrintWriter err;
  private ResultPrinter printer;
  private boolean timing;

  Session(Connection connection, ShellArguments arguments, PrintWriter out, PrintWriter err) {
    this.connection = connection;
    this.writable = arguments.write();
    this.out = out;
    this.err = err;
    this.printer = ResultPrinter.of(arguments.mode());
    this.timing = arguments.timing();
  }

  /**
   * Feeds one line read at {@code splitter}'s position: runs the command or the statements it
   * completes.
   */
  Step feed(StatementSplitter splitter, String line) {
    String trimmed = line.strip();
    if (splitter.isBetweenStatements() && (trimmed.startsWith(".") || trimmed.startsWith("\\"))) {
      return command(trimmed);
    }
    for (String sql : splitter.addLine(line)) {
      Step step = execute(sql);
      if (step != Step.OK) {
        splitter.takeUnfinished(); // the rest of a failed line is not run
        return step;
      }
    }
    return Step.OK;
  }

  /** At the end of input: a statement without its closing {@code ;} is run all the same. */
  Step finish(StatementSplitter splitter) {
    String unfinished = splitter.takeUnfinished();
    return unfinished.isEmpty() ? Step.OK : execute(unfinished);
  }

  /**
   * Runs every line of {@code script} with its own splitter, stopping at the first failure or quit.
   */
  Step run(BufferedReader script) throws IOException {
    var splitter = new StatementSplitter();
    for (String line = script.readLine(); line != null; line = script.readLine()) {
      Step step = feed(splitter, line);
      if (step != Step.OK) {
        return step;
      }
    }
    return finish(splitter);
  }

  Step execute(String sql) {
    long start = System.nanoTime();
    try (var statement = connection.createStatement()) {
      if (statement.execute(sql)) {
        try (var rows = statement.getResultSet()) {
          printer.print(rows, out);
        }
      } else if (printer instanceof ResultPrinter.Table) {
        out.println(changesRows(sql) ? rowsChanged(statement.getLargeUpdateCount()) : "OK");
      }
      printTime(start);
      return Step.OK;
    } catch (SQLException e) {
      out.flush();
      err.println("Error: " + e.getMessage() + " (SQLSTATE " + e.getSQLState() + ")" + hint(e));
      return Step.FAILED;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private static boolean changesRows(String sql) {
    String verb = sql.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
    return verb.equals("insert") || verb.equals("update") || verb.equals("delete");
  }

  private static String rowsChanged(long count) {
    return count == 1 ? "1 row changed" : count + " rows changed";
  }

  private String hint(SQLException e) {
    return !writable && "25006".equals(e.getSQLState())
        ? "\nThe shell opened the database read-only; start it with --write to change it."
        : "";
  }

  private void printTime(long start) {
    if (timing) {
      out.printf(Locale.ROOT, "Time: %.3f ms%n", (System.nanoTime() - start) / 1e6);
    }
  }

  private Step command(String line) {
    String[] words = line.split("\\s+", 2);
    String argument = words.length > 1 ? words[1].strip() : "";
    try {
      switch (words[0]) {
        case ".quit", ".exit", "\\q" -> {
          return Step.QUIT;
        }
        case ".help", "\\?" -> out.println(HELP);
        case ".tables", "\\dt" -> CatalogCommands.tables(connection, out);
        case ".describe", "\\d" -> {
          if (argument.isEmpty()) {
            CatalogCommands.tables(connection, out);
          } else {
            CatalogCommands.describe(connection, argument, out);
          }
        }
        case ".mode" ->
            printer =
                ResultPrinter.of(
                    ShellArguments.OutputMode.named(argument)
                        .orElseThrow(
                            () ->
                                new ShellException(
                                    ".mode takes table or csv, not '" + argument + "'")));
        case ".timing", "\\timing" ->
            timing =
                switch (argument) {
                  case "on" -> true;
                  case "off" -> false;
                  default ->
                      throw new ShellException(".timing takes on or off, not '" + argument + "'");
                };
        case ".read", "\\i" -> {
          return read(argument);
        }
        default ->
            throw new ShellException("unknown command " + words[0] + " (.help lists the commands)");
      }
      return Step.OK;
    } catch (ShellException e) {
      err.println("Error: " + e.getMessage());
      return Step.FAILED;
    } catch (SQLException e) {
      err.println("Error: " + e.getMessage() + " (SQLSTATE " + e.getSQLState() + ")");
      return Step.FAILED;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private Step read(String file) throws ShellException {
    if (file.isEmpty()) {
      throw new ShellException(".read needs a file name");
    }
    try (var script = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
      Step step = run(script);
      return step == Step.QUIT ? Step.OK : step; // .quit in a file ends the file, not the session
    } catch (IOException e) {
      throw new ShellException("cannot read " + file + ": " + e);
    }
  }
}
