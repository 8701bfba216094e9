package io.kitesql.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The prompt: JLine reads each line (editing, history in {@code ~/.kitesql_history}), a failure is
 * printed and the session goes on; {@code .quit} or end of input (Ctrl-D) leaves, Ctrl-C drops the
 * statement being typed.
 */
final class InteractiveLoop {
  private static final String PROMPT = "kitesql> ";
  private static final String CONTINUATION = "    ...> ";

  private InteractiveLoop() {}

  /** Runs on the process's terminal; returns the exit status (0: the user left). */
  static int onSystemTerminal(Connection connection, ShellArguments arguments) throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      var history = Path.of(System.getProperty("user.home"), ".kitesql_history");
      run(terminal, connection, arguments, history);
      return KiteSqlShell.OK;
    }
  }

  /** Reads and runs lines from {@code terminal} until the user leaves. */
  static void run(
      Terminal terminal, Connection connection, ShellArguments arguments, Path historyFile) {
    LineReader reader =
        LineReaderBuilder.builder()
            .terminal(terminal)
            .appName("kitesql")
            .variable(LineReader.HISTORY_FILE, historyFile)
            .option(
                LineReader.Option.DISABLE_EVENT_EXPANSION,
                true) // '!' is SQL, not a history reference
            .option(
                LineReader.Option.HISTORY_IGNORE_SPACE,
                false) // an indented line continues a statement
            .build();
    var out = terminal.writer();
    var session = new Session(connection, arguments, out, out);
    var splitter = new StatementSplitter();
    out.println(
        "KiteSQL shell on "
            + arguments.directory().toAbsolutePath()
            + (arguments.write() ? "" : " (read-only)")
            + ". End statements with ';', .help for commands.");
    while (true) {
      String line;
      try {
        line = reader.readLine(splitter.isBetweenStatements() ? PROMPT : CONTINUATION);
      } catch (UserInterruptException e) {
        splitter.takeUnfinished();
        continue;
      } catch (EndOfFileException e) {
        session.finish(splitter);
        break;
      }
      if (session.feed(splitter, line) == Session.Step.QUIT) {
        break;
      }
    }
    out.flush();
    try {
      reader.getHistory().save();
    } catch (IOException e) {
      terminal
          .writer()
          .println("Could not save the history in " + historyFile + ": " + e.getMessage());
    }
  }
}
