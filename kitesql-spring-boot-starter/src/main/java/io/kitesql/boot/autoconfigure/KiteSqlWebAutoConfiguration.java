package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Database;
import io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * With {@code kitesql.web.open-read-transaction-in-view=true} in a servlet web application,
 * registers {@link OpenReadTransactionInViewInterceptor}: each request holds one read-only
 * transaction until its response is written.
 */
@AutoConfiguration(after = KiteSqlAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({WebMvcConfigurer.class, OpenReadTransactionInViewInterceptor.class})
@ConditionalOnBean(Database.class)
@ConditionalOnBooleanProperty("kitesql.web.open-read-transaction-in-view")
public final class KiteSqlWebAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  OpenReadTransactionInViewInterceptor kiteSqlOpenReadTransactionInViewInterceptor(Database database) {
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
