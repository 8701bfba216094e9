package io.kitesql.codec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;

/** LMDB's key size limit and the check every key goes through. */
public final class KeyLimits {
  /** LMDB's maximum key size with its default build ({@code mdb_env_get_maxkeysize}). */
  public static final int MAX_KEY_SIZE = 511;

  private KeyLimits() {}

  /**
   * Throws unless a key of {@code size} bytes fits {@code limit}.
   *
   * @throws KiteSqlException {@link ErrorCode#KEY_TOO_LARGE}
   */
  public static void check(int size, int limit) {
    if (size > limit) {
      throw tooLarge(size, limit);
    }
  }

  /** Throws unless a key of {@code size} bytes fits {@link #MAX_KEY_SIZE}. */
  public static void check(int size) {
    check(size, MAX_KEY_SIZE);
  }

  static KiteSqlException tooLarge(long size, int limit) {
    return new KiteSqlException(
        ErrorCode.KEY_TOO_LARGE,
        "encoded key of at least "
            + size
            + " bytes exceeds the maximum key size of "
            + limit
            + " bytes; long strings or binary values must not be indexed (or part of a primary"
            + " key), or must be shorter");
  }
}
