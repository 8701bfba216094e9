package io.kitesql.boot.health;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code kitesql} health indicator, when Boot's health module is present; off with {@code
 * management.health.kitesql.enabled=false}. The health conditions sit on a nested configuration: on
 * the outer class they would need the health module's condition classes even when it is absent.
 */
@AutoConfiguration(
    after = KiteSqlAutoConfiguration.class,
    beforeName =
        "org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
public final class KiteSqlHealthContributorAutoConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBean(Database.class)
  @ConditionalOnEnabledHealthIndicator("kitesql")
  static class KiteSqlHealthIndicatorConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "kitesqlHealthIndicator")
    KiteSqlHealthIndicator kitesqlHealthIndicator(Database database, KiteSqlProperties properties) {
      return new KiteSqlHealthIndicator(database, properties.getHealth().getMapUsageThreshold());
    }
  }
}
