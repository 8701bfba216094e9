package io.kitesql.shell;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The shell's command line: {@code kitesql [--write] [--csv] [--timing] [-c SQL] DIRECTORY}.
 *
 * @param directory the database directory
 * @param write whether to open the database for writing (read-only otherwise)
 * @param mode how query results are printed
 * @param timing whether each statement's time is printed
 * @param command the SQL (or dot command) of {@code -c}: run it and exit instead of reading input
 */
record ShellArguments(
    Path directory, boolean write, OutputMode mode, boolean timing, Optional<String> command) {

  static final String USAGE =
      """
      usage: kitesql [options] DIRECTORY
        Opens the KiteSQL database in DIRECTORY read-only (an application in another process may
        keep writing it) and reads SQL statements ending in ';' and dot commands (.help lists them)
        from the terminal, or from standard input when that is not a terminal.
      options:
        -c SQL        run SQL (statements separated by ';') and exit
        --csv         print query results as CSV (the default is an aligned table)
        --timing      print each statement's time
        --write       open the database for writing (it must exist)
        --help        print this help and exit
      exit status: 0 if everything ran, 1 if a statement, a command or the open failed,
      2 if the command line is wrong. Without a terminal, the first failure ends the run.""";

  /** Parses {@code args}; {@link ShellException.Usage} names what is wrong. */
  static ShellArguments parse(String... args) throws ShellException.Usage {
    Path directory = null;
    boolean write = false;
    boolean timing = false;
    OutputMode mode = OutputMode.TABLE;
    String command = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--write" -> write = true;
        case "--csv" -> mode = OutputMode.CSV;
        case "--timing" -> timing = true;
        case "-c" -> {
          if (i + 1 == args.length) {
            throw new ShellException.Usage("-c needs the SQL to run");
          }
          command = args[++i];
        }
        default -> {
          if (arg.startsWith("-")) {
            throw new ShellException.Usage("unknown option " + arg);
          }
          if (directory != null) {
            throw new ShellException.Usage(
                "one database directory only: " + directory + " and " + arg);
          }
          directory = Path.of(arg);
        }
      }
    }
    if (directory == null) {
      throw new ShellException.Usage("no database directory given");
    }
    return new ShellArguments(directory, write, mode, timing, Optional.ofNullable(command));
  }

  /** The JDBC URL of the database: read-only unless {@link #write}. */
  String jdbcUrl() {
    String url = "jdbc:kitesql:" + directory;
    return write ? url : url + "?readOnly=true";
  }

  /** How query results are printed ({@code .mode}). */
  enum OutputMode {
    TABLE,
    CSV;

    static Optional<OutputMode> named(String name) {
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "table" -> Optional.of(TABLE);
        case "csv" -> Optional.of(CSV);
        default -> Optional.empty();
      };
    }
  }
}
