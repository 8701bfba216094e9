package io.kitesql.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

/**
 * The {@code kitesql} command: {@code java -jar kitesql-shell-VERSION.jar [options] DIRECTORY}.
 * Reads from the terminal with line editing and history ({@link InteractiveLoop}), or runs {@code
 * -c} or standard input as a script, stopping at the first failure.
 */
public final class KiteSqlShell {
  /** Exit status: everything ran. */
  static final int OK = 0;

  /** Exit status: a statement, a command or the open failed. */
  static final int FAILED = 1;

  /** Exit status: the command line is wrong. */
  static final int USAGE = 2;

  private KiteSqlShell() {}

  /** Runs the shell and exits with its status. */
  public static void main(String[] args) {
    var console = System.console();
    boolean terminal = console != null && console.isTerminal();
    System.exit(run(args, System.in, System.out, System.err, terminal));
  }

  /**
   * Runs the shell on the given streams and returns its exit status: interactive on the system
   * terminal if {@code terminal}, else a script read from {@code in} (or {@code -c}).
   */
  static int run(
      String[] args, InputStream in, OutputStream stdout, OutputStream stderr, boolean terminal) {
    var out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), false);
    var err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
    ShellArguments arguments;
    try {
      if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
        out.println(ShellArguments.USAGE);
        out.flush();
        return OK;
      }
      arguments = ShellArguments.parse(args);
    } catch (ShellException.Usage e) {
      err.println("kitesql: " + e.getMessage());
      err.println(ShellArguments.USAGE);
      return USAGE;
    }
    if (!Files.isDirectory(arguments.directory())) {
      err.println("kitesql: no database directory " + arguments.directory().toAbsolutePath());
      return FAILED;
    }
    try (var connection = DriverManager.getConnection(arguments.jdbcUrl())) {
      if (arguments.command().isPresent() || !terminal) {
        var session = new Session(connection, arguments, out, err);
        var script =
            arguments
                .command()
                .map(sql -> new BufferedReader(new StringReader(sql)))
                .orElseGet(
                    () -> new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        return session.run(script) == Session.Step.FAILED ? FAILED : OK;
      }
      return InteractiveLoop.onSystemTerminal(connection, arguments);
    } catch (SQLException e) {
      err.println(
          "kitesql: cannot open "
              + arguments.directory()
              + ": "
              + e.getMessage()
              + " (SQLSTATE "
              + e.getSQLState()
              + ")");
      return FAILED;
    } catch (IOException e) {
      err.println("kitesql: " + e.getMessage());
      return FAILED;
    } finally {
      out.flush();
    }
  }
}
