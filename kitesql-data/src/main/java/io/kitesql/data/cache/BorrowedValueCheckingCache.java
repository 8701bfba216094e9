package io.kitesql.data.cache;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.cache.Cache;

/**
 * A {@link Cache} that refuses values holding borrowed KiteSQL text or binary values. Inside a
 * read-only transaction a {@code CharSequence} or {@code Text} field is a view of the LMDB map,
 * valid until the transaction ends; a cache would hand it out afterwards, and every read of it
 * would throw. So {@code put}, {@code putIfAbsent} and the values {@code get(key, loader)} and
 * {@code retrieve(key, loader)} load fail with {@link BorrowedValueCacheException} when the value
 * or the key (a method argument, for {@code @Cacheable}) holds one: for {@code @Cacheable}, the
 * call that would have cached the value fails, and nothing is stored. Return copies from cached
 * methods ({@code String} fields, {@code Text.copy()}), or read them in a read-write transaction,
 * whose values are owned copies. Everything else goes to the cache as is.
 */
public final class BorrowedValueCheckingCache implements Cache {
  private final Cache cache;

  /** Checks what is put into {@code cache}. */
  public BorrowedValueCheckingCache(Cache cache) {
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  /** The cache values go to once checked. */
  public Cache delegate() {
    return cache;
  }

  @Override
  public String getName() {
    return cache.getName();
  }

  @Override
  public Object getNativeCache() {
    return cache.getNativeCache();
  }

  @Override
  public @Nullable ValueWrapper get(Object key) {
    return cache.get(key);
  }

  @Override
  public <T> @Nullable T get(Object key, @Nullable Class<T> type) {
    return cache.get(key, type);
  }

  @Override
  public <T> @Nullable T get(Object key, Callable<T> valueLoader) {
    return cache.get(key, () -> checked(key, valueLoader.call()));
  }

  @Override
  public @Nullable CompletableFuture<?> retrieve(Object key) {
    return cache.retrieve(key);
  }

  @Override
  public <T> CompletableFuture<T> retrieve(Object key, Supplier<CompletableFuture<T>> valueLoader) {
    return cache.retrieve(key, () -> valueLoader.get().thenApply(value -> checked(key, value)));
  }

  @Override
  public void put(Object key, @Nullable Object value) {
    cache.put(key, checked(key, value));
  }

  @Override
  public @Nullable ValueWrapper putIfAbsent(Object key, @Nullable Object value) {
    return cache.putIfAbsent(key, checked(key, value));
  }

  @Override
  public void evict(Object key) {
    cache.evict(key);
  }

  @Override
  public boolean evictIfPresent(Object key) {
    return cache.evictIfPresent(key);
  }

  @Override
  public void clear() {
    cache.clear();
  }

  @Override
  public boolean invalidate() {
    return cache.invalidate();
  }

  /**
   * {@code value}, if neither it nor {@code key} (a method argument, for {@code @Cacheable}) is
   * borrowed.
   */
  private <T> T checked(Object key, T value) {
    var found =
        BorrowedValues.find(key)
            .map(inKey -> new BorrowedValues.Found("the key " + inKey.path(), inKey.kind()))
            .or(() -> BorrowedValues.find(value));
    if (found.isPresent()) {
      throw new BorrowedValueCacheException(getName(), found.get().path(), found.get().kind());
    }
    return value;
  }
}
