package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

class KiteSqlWebAutoConfigurationTests {
  @TempDir Path dir;

  private WebApplicationContextRunner runner() {
    return new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(KiteSqlAutoConfiguration.class, KiteSqlWebAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"));
  }

  @Test
  void offByDefault() {
    runner().run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OpenReadTransactionInViewInterceptor.class));
  }

  @Test
  void registeredWhenAskedFor() {
    runner().withPropertyValues("kitesql.web.open-read-transaction-in-view=true").run(context -> {
      assertThat(context).hasSingleBean(OpenReadTransactionInViewInterceptor.class)
          .hasSingleBean(KiteSqlWebAutoConfiguration.Registration.class);
    });
  }

  @Test
  void notInANonWebApplication() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(KiteSqlAutoConfiguration.class, KiteSqlWebAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"), "kitesql.web.open-read-transaction-in-view=true")
        .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(OpenReadTransactionInViewInterceptor.class));
  }
}
