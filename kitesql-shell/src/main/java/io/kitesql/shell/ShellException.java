package io.kitesql.shell;

/**
 * A failure of the shell itself (not of a statement, which is an {@link java.sql.SQLException}): a
 * wrong command line, an unknown or malformed dot command, a script that cannot be read.
 */
sealed class ShellException extends Exception permits ShellException.Usage {
  ShellException(String message) {
    super(message);
  }

  /** The command line is wrong: the shell prints its usage and exits with status 2. */
  static final class Usage extends ShellException {
    Usage(String message) {
      super(message);
    }
  }
}
