package io.kitesql.boot.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.ExecutionListener;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.transaction.support.TransactionTemplate;

class KiteSqlMetricsAutoConfigurationTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlMetricsAutoConfiguration.class,
                MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"), "kitesql.schema.mode=never");
  }

  @Test
  void everyStatementOfTheTemplateIsMeteredAndTheStorageIsGauged() {
    runner()
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(KiteSqlStatementMetrics.class)
                  .hasSingleBean(KiteSqlStorageMetrics.class);
              var template = context.getBean(KiteSqlTemplate.class);
              template.update("create table t (id int primary key, s varchar)");
              template.update("insert into t values (1, 'one'), (2, 'two')");
              assertThat(template.query("select s from t order by id", row -> row.getString(0)))
                  .containsExactly("one", "two");
              new TransactionTemplate(context.getBean(KiteSqlTransactionManager.class))
                  .executeWithoutResult(status -> {});

              var registry = context.getBean(MeterRegistry.class);
              var timer =
                  registry
                      .get("kitesql.query")
                      .tag("statement", "unnamed")
                      .tag("outcome", "success")
                      .timer();
              assertThat(timer.count()).isEqualTo(3);
              assertThat(
                      registry
                          .get("kitesql.query.rows")
                          .tag("statement", "unnamed")
                          .summary()
                          .totalAmount())
                  .isEqualTo(2 + 2);
              assertThat(registry.get("kitesql.storage.map.size").gauge().value())
                  .isEqualTo(64.0 * (1L << 30));
              assertThat(registry.get("kitesql.storage.map.max").gauge().value())
                  .isEqualTo(1024.0 * (1L << 30));
              assertThat(registry.get("kitesql.storage.used").gauge().value()).isPositive();
              assertThat(registry.get("kitesql.readers.active").gauge().value()).isZero();
              assertThat(registry.get("kitesql.readers.max").gauge().value()).isEqualTo(120);
              assertThat(
                      registry
                          .get("kitesql.transactions")
                          .tag("outcome", "commit")
                          .functionCounter()
                          .count())
                  .isEqualTo(1);
              assertThat(
                      registry
                          .get("kitesql.transactions")
                          .tag("outcome", "rollback")
                          .functionCounter()
                          .count())
                  .isZero();
              assertThat(registry.get("kitesql.transactions.last.commit").gauge().value())
                  .isPositive();
            });
  }

  @Test
  void failuresAreTimedWithTheirException() {
    runner()
        .run(
            context -> {
              var template = context.getBean(KiteSqlTemplate.class);
              try {
                template.query("select * from nowhere", row -> row);
              } catch (RuntimeException expected) {
                // counted below
              }
              var registry = context.getBean(MeterRegistry.class);
              var timer =
                  registry
                      .get("kitesql.query")
                      .tag("statement", "unnamed")
                      .tag("outcome", "error")
                      .timer();
              assertThat(timer.count()).isEqualTo(1);
              assertThat(timer.getId().getTag("exception")).isEqualTo("UNKNOWN_TABLE");
            });
  }

  /** An observation registry that keeps every stopped observation's context. */
  static final class RecordingObservations {
    final java.util.List<io.micrometer.observation.Observation.Context> stopped =
        new java.util.concurrent.CopyOnWriteArrayList<>();

    @org.springframework.context.annotation.Bean
    io.micrometer.observation.ObservationRegistry observationRegistry() {
      var registry = io.micrometer.observation.ObservationRegistry.create();
      registry
          .observationConfig()
          .observationHandler(
              new io.micrometer.observation.ObservationHandler<>() {
                @Override
                public boolean supportsContext(
                    io.micrometer.observation.Observation.Context context) {
                  return true;
                }

                @Override
                public void onStop(io.micrometer.observation.Observation.Context context) {
                  stopped.add(context);
                }
              });
      return registry;
    }
  }

  @Test
  void statementsAreObservationsWhenAskedFor() {
    runner()
        .withUserConfiguration(RecordingObservations.class)
        .withPropertyValues("kitesql.metrics.observations.enabled=true")
        .run(
            context -> {
              var template = context.getBean(KiteSqlTemplate.class);
              template.update("create table t (id int primary key)");
              template.query(
                  io.kitesql.data.core.Statement.named("T.all", "select id from t"),
                  rows -> rows.next());
              try {
                template.query(
                    io.kitesql.data.core.Statement.named("T.bad", "select nope from t"),
                    rows -> rows.next());
              } catch (RuntimeException expected) {
                // observed with its error
              }
              var stopped = context.getBean(RecordingObservations.class).stopped;
              assertThat(stopped)
                  .extracting(io.micrometer.observation.Observation.Context::getName)
                  .containsOnly("kitesql.statement");
              assertThat(stopped)
                  .extracting(io.micrometer.observation.Observation.Context::getContextualName)
                  .containsExactly("unnamed", "T.all", "T.bad");
              var all = stopped.get(1);
              assertThat(all.getLowCardinalityKeyValue("kitesql.statement").getValue())
                  .isEqualTo("T.all");
              assertThat(all.getLowCardinalityKeyValue("db.system").getValue())
                  .isEqualTo("kitesql");
              assertThat(all.getHighCardinalityKeyValue("db.statement").getValue())
                  .isEqualTo("select id from t");
              assertThat(all.getHighCardinalityKeyValue("kitesql.rows").getValue()).isEqualTo("0");
              assertThat(all.getError()).isNull();
              assertThat(stopped.get(2).getError()).isNotNull();
              // the meters are recorded as well
              assertThat(
                      context
                          .getBean(MeterRegistry.class)
                          .get("kitesql.query")
                          .tag("statement", "T.all")
                          .timer()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void noObservationsByDefault() {
    runner()
        .withUserConfiguration(RecordingObservations.class)
        .run(
            context -> {
              context.getBean(KiteSqlTemplate.class).update("create table t (id int primary key)");
              assertThat(context.getBean(RecordingObservations.class).stopped).isEmpty();
              assertThat(context.getBean(MeterRegistry.class).get("kitesql.query").timer().count())
                  .isEqualTo(1);
            });
  }

  @Test
  void backsOffForTheApplicationsOwnListener() {
    var seen = new java.util.concurrent.CopyOnWriteArrayList<String>();
    ExecutionListener own =
        statement -> {
          seen.add(statement.sql());
          return ExecutionListener.Execution.NONE;
        };
    runner()
        .withBean(ExecutionListener.class, () -> own)
        .run(
            context -> {
              assertThat(context)
                  .doesNotHaveBean(KiteSqlStatementMetrics.class)
                  .hasSingleBean(KiteSqlStorageMetrics.class);
              context.getBean(KiteSqlTemplate.class).update("create table t (id int primary key)");
              assertThat(seen).containsExactly("create table t (id int primary key)");
            });
  }

  @Test
  void disabledByProperty() {
    runner()
        .withPropertyValues("kitesql.metrics.enabled=false")
        .run(
            context -> {
              assertThat(context)
                  .doesNotHaveBean(KiteSqlStatementMetrics.class)
                  .doesNotHaveBean(KiteSqlStorageMetrics.class)
                  .doesNotHaveBean(ExecutionListener.class);
              context.getBean(KiteSqlTemplate.class).update("create table t (id int primary key)");
              assertThat(context.getBean(MeterRegistry.class).find("kitesql.query").timers())
                  .isEmpty();
              assertThat(context.getBean(MeterRegistry.class).find("kitesql.storage.used").gauges())
                  .isEmpty();
            });
  }

  @Test
  void allocationMeasurementCanBeTurnedOff() {
    runner()
        .withPropertyValues("kitesql.metrics.allocation=false")
        .run(
            context -> {
              context.getBean(KiteSqlTemplate.class).update("create table t (id int primary key)");
              var registry = context.getBean(MeterRegistry.class);
              assertThat(registry.get("kitesql.query").tag("statement", "unnamed").timer().count())
                  .isEqualTo(1);
              assertThat(registry.get("kitesql.query.allocated").summary().count()).isZero();
              assertThat(registry.get("kitesql.query.allocated.unmeasured").counter().count())
                  .isZero();
            });
  }

  @Test
  void withoutAMeterRegistryThereAreNoMeters() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlMetricsAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"))
        .run(
            context -> {
              assertThat(context).hasNotFailed().doesNotHaveBean(KiteSqlStatementMetrics.class);
              assertThat(context).hasSingleBean(KiteSqlTemplate.class);
            });
  }

  @Test
  void withoutMicrometerOnTheClassPathTheRestStillStarts() {
    new ApplicationContextRunner()
        .withClassLoader(new FilteredClassLoader("io.micrometer"))
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlMetricsAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"))
        .run(
            context -> {
              assertThat(context).hasNotFailed().doesNotHaveBean(KiteSqlStatementMetrics.class);
              context.getBean(KiteSqlTemplate.class).update("create table t (id int primary key)");
            });
  }
}
