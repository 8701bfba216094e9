package io.kitesql.slt;

/** A malformed sqllogictest file; the message starts with {@code file:line}. */
public final class SltParseException extends RuntimeException {
  private final SltRecord.Location location;

  /** A parse error at {@code location}. */
  public SltParseException(SltRecord.Location location, String message) {
    super(location + ": " + message);
    this.location = location;
  }

  /** Where the error was found. */
  public SltRecord.Location location() {
    return location;
  }
}
