package io.kitesql.boot.autoconfigure;

import io.kitesql.data.cache.BorrowedValueCheckingCacheManagers;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.cache.CacheManager;
import org.springframework.context.annotation.Bean;

/**
 * Wraps every {@link CacheManager} bean so that its caches refuse values holding text or binary
 * borrowed from a KiteSQL read-only transaction ({@link
 * io.kitesql.data.cache.BorrowedValueCheckingCache}): a {@code @Cacheable} read-only method whose
 * result borrows the map fails on the call that would cache it, rather than every later hit failing
 * until the entry is evicted. {@code kitesql.cache.refuse-borrowed-values=false} turns it off.
 */
@AutoConfiguration
@ConditionalOnClass({CacheManager.class, BorrowedValueCheckingCacheManagers.class})
@ConditionalOnBooleanProperty(name = "kitesql.cache.refuse-borrowed-values", matchIfMissing = true)
public final class KiteSqlCacheAutoConfiguration {

  /** Static: a post-processor must not make its configuration class initialize early. */
  @Bean
  static BeanPostProcessor kiteSqlBorrowedValueCheckingCacheManagers() {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessAfterInitialization(Object bean, String beanName) {
        return bean instanceof CacheManager manager
            ? BorrowedValueCheckingCacheManagers.wrap(manager)
            : bean;
      }
    };
  }
}
