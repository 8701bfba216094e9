/**
 * Keeps values borrowed from the LMDB map out of Spring caches: {@link
 * io.kitesql.data.cache.BorrowedValueCheckingCache} refuses a value that holds a borrowed {@code
 * Text} or {@code Binary} (one that dies when its read-only transaction ends) when it is put into a
 * cache, and {@link io.kitesql.data.cache.BorrowedValueCheckingCacheManagers} wraps a {@code
 * CacheManager} so that every cache it hands out does. Depends on kitesql-core's value package and
 * spring-context's cache abstraction (spring-aop to keep a wrapped manager's type).
 */
@NullMarked
package io.kitesql.data.cache;

import org.jspecify.annotations.NullMarked;
