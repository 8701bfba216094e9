package io.kitesql.table;

/**
 * {@link LongValues#OUT_OF_LINE_PROPERTY} set (or cleared) for one test, and put back as it was on
 * {@link #close}: the property is read when a store is built, so tests switch it around them.
 */
final class OutOfLineSetting implements AutoCloseable {
  private final String previous;

  private OutOfLineSetting(String previous) {
    this.previous = previous;
  }

  /** Long values move out of line in stores built from now on. */
  static OutOfLineSetting on() {
    return new OutOfLineSetting(System.setProperty(LongValues.OUT_OF_LINE_PROPERTY, "true"));
  }

  /** The default: long values stay in the row. */
  static OutOfLineSetting off() {
    return new OutOfLineSetting(System.clearProperty(LongValues.OUT_OF_LINE_PROPERTY));
  }

  @Override
  public void close() {
    if (previous == null) {
      System.clearProperty(LongValues.OUT_OF_LINE_PROPERTY);
    } else {
      System.setProperty(LongValues.OUT_OF_LINE_PROPERTY, previous);
    }
  }
}
