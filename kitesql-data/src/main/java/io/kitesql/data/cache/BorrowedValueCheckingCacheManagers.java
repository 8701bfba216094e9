package io.kitesql.data.cache;

import java.lang.reflect.Modifier;
import org.aopalliance.intercept.MethodInterceptor;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;

/**
 * Wraps a {@link CacheManager} so that every {@link Cache} it hands out is a {@link
 * BorrowedValueCheckingCache}. The wrapper is a subclass proxy of the manager's own class where
 * that class allows it (not final), so code that injects the concrete manager type still finds it.
 */
public final class BorrowedValueCheckingCacheManagers {
  private BorrowedValueCheckingCacheManagers() {}

  /** {@code manager} with its caches checked; a manager wrapped already is returned as it is. */
  public static CacheManager wrap(CacheManager manager) {
    if (isWrapped(manager)) {
      return manager;
    }
    var factory = new ProxyFactory(manager);
    factory.addInterface(Wrapped.class);
    factory.setProxyTargetClass(subclassable(manager.getClass()));
    factory.addAdvice(
        (MethodInterceptor)
            invocation -> {
              if (invocation.getMethod().getDeclaringClass() == Wrapped.class) {
                return null;
              }
              var result = invocation.proceed();
              return result instanceof Cache cache && !(cache instanceof BorrowedValueCheckingCache)
                  ? new BorrowedValueCheckingCache(cache)
                  : result;
            });
    return (CacheManager) factory.getProxy(manager.getClass().getClassLoader());
  }

  /** A subclass can intercept getCache: neither the class nor that method is final. */
  private static boolean subclassable(Class<?> type) {
    try {
      return !Modifier.isFinal(type.getModifiers())
          && !Modifier.isFinal(type.getMethod("getCache", String.class).getModifiers());
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(type + " implements CacheManager.getCache", e);
    }
  }

  /** Whether {@code manager} came from {@link #wrap}. */
  public static boolean isWrapped(CacheManager manager) {
    return manager instanceof Wrapped;
  }

  /** What a manager {@link #wrap} returned implements, so it is not wrapped twice. */
  public interface Wrapped {}
}
