package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class KiteSqlWebAutoConfigurationTests {
  private static final String INFO_LINE =
      "kitesql.web.open-read-transaction-in-view is on by default";

  @TempDir Path dir;

  private WebApplicationContextRunner runner() {
    return new WebApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlWebAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"));
  }

  @Test
  void onByDefaultWithOneInfoLineNamingTheProperty(CapturedOutput output) {
    runner()
        .run(
            context -> {
              assertThat(context)
                  .hasNotFailed()
                  .hasSingleBean(OpenReadTransactionInViewInterceptor.class)
                  .hasSingleBean(
                      KiteSqlWebAutoConfiguration.OpenReadTransactionInView.Registration.class)
                  .hasSingleBean(BorrowedValueFailureLogger.class);
              assertThat(output.getAll().split(INFO_LINE, -1)).hasSize(2);
            });
  }

  @Test
  void setExplicitlyItIsOnWithoutTheLine(CapturedOutput output) {
    runner()
        .withPropertyValues("kitesql.web.open-read-transaction-in-view=true")
        .run(
            context -> {
              assertThat(context).hasSingleBean(OpenReadTransactionInViewInterceptor.class);
              assertThat(output).doesNotContain(INFO_LINE);
            });
  }

  @Test
  void offWhenSwitchedOffButFailuresAreStillLogged() {
    runner()
        .withPropertyValues("kitesql.web.open-read-transaction-in-view=false")
        .run(
            context -> {
              assertThat(context)
                  .hasNotFailed()
                  .doesNotHaveBean(OpenReadTransactionInViewInterceptor.class)
                  .doesNotHaveBean(
                      KiteSqlWebAutoConfiguration.OpenReadTransactionInView.Registration.class)
                  .hasSingleBean(BorrowedValueFailureLogger.class);
            });
  }

  @Test
  void notInANonWebApplication() {
    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class, KiteSqlWebAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"))
        .run(
            context ->
                assertThat(context)
                    .hasNotFailed()
                    .doesNotHaveBean(OpenReadTransactionInViewInterceptor.class)
                    .doesNotHaveBean(BorrowedValueFailureLogger.class));
  }
}
