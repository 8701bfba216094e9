package io.kitesql.boot.actuate;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.metrics.KiteSqlMetricsAutoConfiguration;
import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code kitesql} endpoint when Boot's actuator is present and the endpoint is available
 * ({@code management.endpoints.web.exposure.include=kitesql} to reach it over HTTP). Statement
 * figures come from the KiteSQL meters when metrics are on; without them the endpoint lists tables
 * only. Conditions on actuator classes sit on nested configurations, as for health.
 */
@AutoConfiguration(after = {KiteSqlAutoConfiguration.class, KiteSqlMetricsAutoConfiguration.class})
@ConditionalOnClass(
    name =
        "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint")
public final class KiteSqlEndpointAutoConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  @ConditionalOnBean(KiteSqlStatementMetrics.class)
  static class FromMeters {
    @Bean
    @ConditionalOnMissingBean
    StatementStatistics kiteSqlStatementStatistics(KiteSqlStatementMetrics metrics) {
      return new MicrometerStatementStatistics(metrics);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBean(Database.class)
  @ConditionalOnAvailableEndpoint(KiteSqlEndpoint.class)
  static class EndpointConfiguration {
    @Bean
    @ConditionalOnMissingBean
    KiteSqlEndpoint kiteSqlEndpoint(
        Database database, ObjectProvider<StatementStatistics> statistics) {
      return new KiteSqlEndpoint(database, statistics.getIfUnique());
    }
  }
}
