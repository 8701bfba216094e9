package io.kitesql.table;

import io.kitesql.options.EngineSwitches;

/**
 * {@link EngineSwitches#ROWS_OUT_OF_LINE} set (or cleared) for one test, and put back as it was on
 * {@link #close}: the property is read when a store is built, so tests switch it around them.
 */
final class OutOfLineSetting implements AutoCloseable {
  private final String previous;

  private OutOfLineSetting(String previous) {
    this.previous = previous;
  }

  /** Long values move out of line in stores built from now on. */
  static OutOfLineSetting on() {
    return new OutOfLineSetting(System.setProperty(EngineSwitches.ROWS_OUT_OF_LINE, "true"));
  }

  /** The default: long values stay in the row. */
  static OutOfLineSetting off() {
    return new OutOfLineSetting(System.clearProperty(EngineSwitches.ROWS_OUT_OF_LINE));
  }

  @Override
  public void close() {
    if (previous == null) {
      System.clearProperty(EngineSwitches.ROWS_OUT_OF_LINE);
    } else {
      System.setProperty(EngineSwitches.ROWS_OUT_OF_LINE, previous);
    }
  }
}
