package io.kitesql.boot.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class KiteSqlHealthContributorAutoConfigurationTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlHealthContributorAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"));
  }

  @Test
  void upWithDetailsByDefault() {
    runner()
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(KiteSqlHealthIndicator.class)
                  .hasBean("kitesqlHealthIndicator");
              var health = context.getBean(KiteSqlHealthIndicator.class).health(true);
              assertThat(health.getStatus()).isEqualTo(Status.UP);
              assertThat(health.getDetails())
                  .containsEntry("path", dir.resolve("db").toAbsolutePath().normalize().toString())
                  .containsEntry("maxMapSize", 1L << 40)
                  .containsEntry("readPoolSize", 120)
                  .containsEntry("readersActive", 0)
                  .containsKeys("mapSize", "usedBytes", "mapUsage", "mapUsageThreshold");
            });
  }

  @Test
  void downWhenTheMapIsUsedBeyondTheThreshold() {
    runner()
        .withPropertyValues(
            "kitesql.map-size=1MB",
            "kitesql.max-map-size=1MB",
            "kitesql.health.map-usage-threshold=0.001")
        .run(
            context -> {
              var health = context.getBean(KiteSqlHealthIndicator.class).health(true);
              assertThat(health.getStatus()).isEqualTo(Status.DOWN);
              assertThat((String) health.getDetails().get("error"))
                  .contains("kitesql.health.map-usage-threshold");
            });
  }

  @Test
  void downWhenNoReaderIsFree() {
    runner()
        .withPropertyValues("kitesql.max-readers=3", "kitesql.read-pool-size=2")
        .run(
            context -> {
              var database = context.getBean(Database.class);
              try (var _ = database.beginRead();
                  var _ = database.beginRead()) {
                var health = context.getBean(KiteSqlHealthIndicator.class).health(true);
                assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                assertThat((String) health.getDetails().get("error"))
                    .contains("every reader of the pool is in use (2)");
              }
              assertThat(context.getBean(KiteSqlHealthIndicator.class).health(true).getStatus())
                  .isEqualTo(Status.UP);
            });
  }

  @Test
  void backsOffForTheApplicationsOwnIndicator() {
    runner()
        .withBean(
            "kitesqlHealthIndicator",
            org.springframework.boot.health.contributor.HealthIndicator.class,
            () -> () -> org.springframework.boot.health.contributor.Health.up().build())
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean(KiteSqlHealthIndicator.class)
                    .hasBean("kitesqlHealthIndicator"));
  }

  @Test
  void offByProperty() {
    runner()
        .withPropertyValues("management.health.kitesql.enabled=false")
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(KiteSqlHealthIndicator.class));
  }

  @Test
  void withoutTheHealthModuleTheContextStillStarts() {
    runner()
        .withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(KiteSqlHealthIndicator.class)
                    .hasSingleBean(Database.class));
  }
}
