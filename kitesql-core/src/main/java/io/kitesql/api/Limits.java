package io.kitesql.api;

import io.kitesql.codec.KeyLimits;
import io.kitesql.sql.SqlParser;

/** The engine's fixed limits, for drivers and tools that report them. */
public final class Limits {
  private Limits() {}

  /** The longest SQL text a statement may have, in characters. */
  public static final int MAX_STATEMENT_LENGTH = SqlParser.MAX_LENGTH;

  /** The most bytes an encoded primary key or index entry may take. */
  public static final int MAX_KEY_BYTES = KeyLimits.MAX_KEY_SIZE;
}
