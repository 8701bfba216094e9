package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;

/**
 * Checks of the arguments users pass to the API. A missing one is the caller's mistake and is
 * reported as {@link ErrorCode#INVALID_ARGUMENT} naming the argument, like every other engine
 * error, rather than as a NullPointerException from deep inside the engine.
 */
final class Arguments {
  private Arguments() {}

  static <T> T required(T value, String what) {
    if (value == null) {
      throw new KiteSqlException(ErrorCode.INVALID_ARGUMENT, what + " must not be null");
    }
    return value;
  }
}
