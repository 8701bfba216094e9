package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.boot.autoconfigure.KiteSqlSchemaInitializer;
import io.kitesql.boot.autoconfigure.KiteSqlTransactionStatistics;
import io.kitesql.data.core.Statement;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Consumer;
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
 * KiteSqlStatementMetrics}, which {@link DirectSqlMetrics} makes the {@code Database}'s execution
 * listener (every statement: the template's and repositories', labelled with their names, and SQL
 * run on the database directly), and {@link KiteSqlStorageMetrics}. An {@link ExecutionListener}
 * bean of the application's replaces the statement metrics and is made the listener instead. Off
 * with {@code kitesql.metrics.enabled=false}; {@code kitesql.metrics.allocation=false} stops
 * measuring allocation only. With {@code kitesql.metrics.observations.enabled=true} and an {@code
 * ObservationRegistry} bean, each statement is also an observation (a span when tracing is set up).
 */
@AutoConfiguration(
    after = KiteSqlAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"
    })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({MeterRegistry.class, Database.class})
@ConditionalOnBooleanProperty(name = "kitesql.metrics.enabled", matchIfMissing = true)
public final class KiteSqlMetricsAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(ExecutionListener.class)
  KiteSqlStatementMetrics kiteSqlStatementMetrics(
      MeterRegistry registry,
      KiteSqlProperties properties,
      Database database,
      ObjectProvider<ObservationRegistry> observations,
      ObjectProvider<FullScanWarnings> fullScans) {
    var metrics = properties.getMetrics();
    var warnings = fullScans.getIfAvailable();
    Consumer<Statement> firstSeen = warnings != null ? warnings : statement -> {};
    var observationRegistry =
        metrics.getObservations().isEnabled() ? observations.getIfUnique() : null;
    return new KiteSqlStatementMetrics(
        registry, metrics.isAllocation(), firstSeen, observationRegistry);
  }

  /**
   * Every statement of the database: measured by the statement metrics (or heard by the
   * application's own listener bean) once the schema scripts ran (start-up DDL is not counted).
   */
  @Bean
  @ConditionalOnMissingBean
  DirectSqlMetrics kiteSqlDirectSqlMetrics(
      Database database,
      ObjectProvider<ExecutionListener> metrics,
      ObjectProvider<KiteSqlSchemaInitializer> schema) {
    schema.orderedStream().forEach(initializer -> {});
    return new DirectSqlMetrics(database, metrics.getIfUnique());
  }

  @Bean
  @ConditionalOnMissingBean
  KiteSqlStorageMetrics kiteSqlStorageMetrics(
      Database database, ObjectProvider<KiteSqlTransactionStatistics> transactions) {
    return new KiteSqlStorageMetrics(database, transactions.getIfUnique());
  }
}
