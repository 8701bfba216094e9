package io.kitesql.data.cache;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A value put into a cache holds text or binary borrowed from a KiteSQL read-only transaction,
 * which dies when that transaction ends: caching it would make every later hit fail.
 */
public final class BorrowedValueCacheException extends InvalidDataAccessApiUsageException {
  /**
   * {@code path} inside what was put into cache {@code cacheName} is borrowed {@code kind} ("text"
   * or "binary").
   */
  public BorrowedValueCacheException(String cacheName, String path, String kind) {
    super(
        "cannot cache a value in cache '"
            + cacheName
            + "': "
            + path
            + " is "
            + kind
            + " borrowed from a KiteSQL read-only transaction, valid only until that transaction ends. Return a copy"
            + " from the cached method (a String field, Text.copy(), Binary.copy()), or read it in a read-write"
            + " transaction, whose values are owned copies");
  }
}
