package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Database;
import io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * KiteSQL in a servlet web application: registers {@link OpenReadTransactionInViewInterceptor}
 * unless {@code kitesql.web.open-read-transaction-in-view=false} (each request holds one read-only
 * transaction until its response is written, as Boot's {@code spring.jpa.open-in-view} holds an
 * {@code EntityManager}), and logs, naming the fix, every request that fails because its response
 * used a borrowed value after its transaction ended.
 */
@AutoConfiguration(after = KiteSqlAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({WebMvcConfigurer.class, OpenReadTransactionInViewInterceptor.class})
@ConditionalOnBean(Database.class)
public final class KiteSqlWebAutoConfiguration {
  static final String OPEN_IN_VIEW = "kitesql.web.open-read-transaction-in-view";

  @Bean
  @ConditionalOnMissingBean
  BorrowedValueFailureLogger kiteSqlBorrowedValueFailureLogger() {
    return new BorrowedValueFailureLogger();
  }

  /** The interceptor, on unless switched off; one INFO line at start-up when on by default. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBooleanProperty(name = OPEN_IN_VIEW, matchIfMissing = true)
  static class OpenReadTransactionInView {
    private static final Log logger = LogFactory.getLog(KiteSqlWebAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean
    OpenReadTransactionInViewInterceptor kiteSqlOpenReadTransactionInViewInterceptor(
        Database database, Environment environment) {
      if (!environment.containsProperty(OPEN_IN_VIEW)) {
        logger.info(
            OPEN_IN_VIEW
                + " is on by default: each web request holds a KiteSQL read-only transaction"
                + " (a reader slot) until its response is written, so values read by read-only methods can be"
                + " serialized after they return. Set it to true to keep it without this line, or to false to turn it off.");
      }
      return new OpenReadTransactionInViewInterceptor(database);
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration implements WebMvcConfigurer {
      private final OpenReadTransactionInViewInterceptor interceptor;

      Registration(OpenReadTransactionInViewInterceptor interceptor) {
        this.interceptor = interceptor;
      }

      @Override
      public void addInterceptors(InterceptorRegistry registry) {
        registry.addWebRequestInterceptor(interceptor);
      }
    }
  }
}
