package io.kitesql.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.metrics.KiteSqlMetricsAutoConfiguration;
import io.kitesql.data.core.KiteSqlTemplate;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class KiteSqlEndpointAutoConfigurationTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlMetricsAutoConfiguration.class,
                KiteSqlEndpointAutoConfiguration.class,
                EndpointAutoConfiguration.class,
                MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"), "kitesql.schema.mode=never");
  }

  @Test
  void anExposedEndpointListsTablesAndStatements() {
    runner()
        .withPropertyValues("management.endpoints.web.exposure.include=kitesql")
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(KiteSqlEndpoint.class)
                  .hasSingleBean(StatementStatistics.class);
              var template = context.getBean(KiteSqlTemplate.class);
              template.update("create table t (id int primary key, s varchar)");
              template.update("insert into t values (1, 'x')");
              template.query(
                  io.kitesql.data.core.Statement.named(
                      "T.byS", "select id from t where s = ?", "x"),
                  rows -> rows.next());
              var answer = context.getBean(KiteSqlEndpoint.class).kitesql();
              assertThat(answer.tables())
                  .singleElement()
                  .satisfies(
                      t -> {
                        assertThat(t.name()).isEqualTo("t");
                        assertThat(t.rows()).isEqualTo(1);
                        assertThat(t.primaryKey()).containsExactly("id");
                      });
              assertThat(answer.statements())
                  .extracting(KiteSqlEndpoint.StatementDescriptor::name)
                  .containsExactly("T.byS", "unnamed");
              var byS = answer.statements().getFirst();
              assertThat(byS.sql()).isEqualTo("select id from t where s = ?");
              assertThat(byS.fullScan()).isTrue();
              assertThat(byS.plan()).anyMatch(line -> line.contains("TableScan t"));
              assertThat(byS.calls()).isEqualTo(1);
              assertThat(byS.otherSql()).isEmpty();
              // one name, two SQL texts (a dynamic sort, say): both listed with their plans
              template.query(
                  io.kitesql.data.core.Statement.named(
                      "T.byS", "select id from t where id = ? order by s", 1),
                  rows -> rows.next());
              var again = context.getBean(KiteSqlEndpoint.class).kitesql().statements().getFirst();
              assertThat(again.sql()).isEqualTo("select id from t where s = ?");
              assertThat(again.otherSql())
                  .singleElement()
                  .satisfies(
                      other -> {
                        assertThat(other.sql())
                            .isEqualTo("select id from t where id = ? order by s");
                        assertThat(other.fullScan()).isFalse();
                        assertThat(other.plan())
                            .anyMatch(line -> line.contains("PrimaryKeyLookup t"));
                      });
              assertThat(again.calls()).isEqualTo(2);
            });
  }

  @Test
  void withoutMetricsTheEndpointListsTablesOnly() {
    runner()
        .withPropertyValues(
            "management.endpoints.web.exposure.include=kitesql", "kitesql.metrics.enabled=false")
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(KiteSqlEndpoint.class)
                  .doesNotHaveBean(StatementStatistics.class);
              assertThat(context.getBean(KiteSqlEndpoint.class).kitesql().statements()).isEmpty();
            });
  }

  @Test
  void backsOffForTheApplicationsOwnEndpoint() {
    runner()
        .withPropertyValues("management.endpoints.web.exposure.include=kitesql")
        .withUserConfiguration(OwnEndpoint.class)
        .run(
            context ->
                assertThat(context).hasSingleBean(KiteSqlEndpoint.class).hasBean("myEndpoint"));
  }

  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  static class OwnEndpoint {
    @org.springframework.context.annotation.Bean
    KiteSqlEndpoint myEndpoint(io.kitesql.api.Database database) {
      return new KiteSqlEndpoint(database, null);
    }
  }

  @Test
  void notExposedNoEndpoint() {
    runner()
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KiteSqlEndpoint.class));
  }

  @Test
  void accessNoneNoEndpoint() {
    runner()
        .withPropertyValues(
            "management.endpoints.web.exposure.include=kitesql",
            "management.endpoint.kitesql.access=NONE")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KiteSqlEndpoint.class));
  }

  @Test
  void withoutTheActuatorOnTheClassPathTheContextStillStarts() {
    new ApplicationContextRunner()
        .withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlEndpointAutoConfiguration.class))
        .withPropertyValues(
            "kitesql.path=" + dir.resolve("db"),
            "management.endpoints.web.exposure.include=kitesql")
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(KiteSqlEndpoint.class)
                    .hasSingleBean(KiteSqlTemplate.class));
  }

  @Test
  void withoutMicrometerOnTheClassPathTheEndpointStillStarts() {
    new ApplicationContextRunner()
        .withClassLoader(new FilteredClassLoader("io.micrometer"))
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlMetricsAutoConfiguration.class,
                KiteSqlEndpointAutoConfiguration.class,
                EndpointAutoConfiguration.class))
        .withPropertyValues(
            "kitesql.path=" + dir.resolve("db"),
            "management.endpoints.web.exposure.include=kitesql")
        .run(
            context -> {
              assertThat(context)
                  .hasNotFailed()
                  .hasSingleBean(KiteSqlEndpoint.class)
                  .doesNotHaveBean(StatementStatistics.class);
              assertThat(context.getBean(KiteSqlEndpoint.class).kitesql().tables())
                  .extracting(KiteSqlEndpoint.TableDescriptor::name)
                  .containsExactly("notes");
            });
  }
}
