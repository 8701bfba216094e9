package io.kitesql.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts input lines into SQL statements at each {@code ;} that is not inside a string literal
 * ({@code '...'}), a quoted identifier ({@code "..."}), a line comment ({@code -- ...}) or a block
 * comment. A statement may span lines; what follows its last {@code ;} waits for the next line.
 */
final class StatementSplitter {
  private enum State {
    CODE,
    STRING,
    IDENTIFIER,
    BLOCK_COMMENT
  }

  private final StringBuilder pending = new StringBuilder();
  private State state = State.CODE;

  /** Whether {@link #pending} holds anything but white space and comments. */
  private boolean pendingHasCode;

  /**
   * Adds one line (without its line break) and returns the statements it completed, without their
   * {@code ;}. Comments are left out of the statements (each becomes a space).
   */
  List<String> addLine(String line) {
    var statements = new ArrayList<String>();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      char next = i + 1 < line.length() ? line.charAt(i + 1) : 0;
      switch (state) {
        case STRING -> {
          pending.append(c);
          state = c == '\'' ? State.CODE : State.STRING; // '' inside a literal is two toggles
        }
        case IDENTIFIER -> {
          pending.append(c);
          state = c == '"' ? State.CODE : State.IDENTIFIER;
        }
        case BLOCK_COMMENT -> {
          if (c == '*' && next == '/') {
            i++;
            state = State.CODE;
          }
        }
        case CODE -> {
          if (c == '-' && next == '-') {
            pending.append(' ');
            i = line.length();
          } else if (c == '/' && next == '*') {
            pending.append(' ');
            i++;
            state = State.BLOCK_COMMENT;
          } else if (c == ';') {
            if (pendingHasCode) {
              statements.add(pending.toString().strip());
            }
            pending.setLength(0);
            pendingHasCode = false;
          } else {
            pending.append(c);
            if (!Character.isWhitespace(c)) {
              pendingHasCode = true;
              state = c == '\'' ? State.STRING : c == '"' ? State.IDENTIFIER : State.CODE;
            }
          }
        }
      }
    }
    if (pendingHasCode) {
      pending.append('\n');
    } else {
      pending.setLength(0);
    }
    return statements;
  }

  /** Whether no statement has begun (only white space and comments since the last {@code ;}). */
  boolean isBetweenStatements() {
    return !pendingHasCode && state != State.BLOCK_COMMENT;
  }

  /** The statement begun but not ended with {@code ;}, if any, and forgets it. */
  String takeUnfinished() {
    String rest = pendingHasCode ? pending.toString().strip() : "";
    pending.setLength(0);
    pendingHasCode = false;
    state = State.CODE;
    return rest;
  }
}
