package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.boot.autoconfigure.KiteSqlTransactionStatistics;
import io.kitesql.data.core.StatementObserver;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer meters for KiteSQL when the application has a {@link MeterRegistry} (Boot's
 * micrometer-metrics module, e.g. through spring-boot-starter-actuator): {@link
 * KiteSqlStatementMetrics}, which the auto-configured {@code KiteSqlTemplate} reports every
 * statement to, and {@link KiteSqlStorageMetrics}. Off with {@code kitesql.metrics.enabled=false};
 * {@code kitesql.metrics.allocation=false} stops measuring allocation only.
 */
@AutoConfiguration(
    after = KiteSqlAutoConfiguration.class,
    afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"
    })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({MeterRegistry.class, Database.class})
@ConditionalOnBooleanProperty(name = "kitesql.metrics.enabled", matchIfMissing = true)
public final class KiteSqlMetricsAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(StatementObserver.class)
  KiteSqlStatementMetrics kiteSqlStatementMetrics(MeterRegistry registry, KiteSqlProperties properties, Database database) {
    var metrics = properties.getMetrics();
    return metrics.isWarnFullScans()
        ? new KiteSqlStatementMetrics(registry, metrics.isAllocation(), new FullScanWarnings(database))
        : new KiteSqlStatementMetrics(registry, metrics.isAllocation());
  }

  @Bean
  @ConditionalOnMissingBean
  KiteSqlStorageMetrics kiteSqlStorageMetrics(Database database, ObjectProvider<KiteSqlTransactionStatistics> transactions) {
    return new KiteSqlStorageMetrics(database, transactions.getIfUnique());
  }
}
