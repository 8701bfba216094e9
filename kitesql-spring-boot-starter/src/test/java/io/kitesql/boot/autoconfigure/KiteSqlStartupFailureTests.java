package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** What a user sees when start-up fails: Boot's failure report, as SpringApplication prints it. */
@ExtendWith(OutputCaptureExtension.class)
class KiteSqlStartupFailureTests {
  @TempDir Path dir;

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}

  private void start(String... properties) {
    var application = new SpringApplication(Application.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    var args = new String[properties.length];
    for (int i = 0; i < properties.length; i++) {
      args[i] = "--" + properties[i];
    }
    assertThatThrownBy(() -> application.run(args).close()).isNotNull();
  }

  @Test
  void aBadPropertyIsNamedInTheReport(CapturedOutput output) {
    start("kitesql.path=" + dir.resolve("db"), "kitesql.max-readers=1");
    assertThat(output).contains("APPLICATION FAILED TO START", "Value: \"1\"", "Origin: \"kitesql.max-readers\"",
        "Reason: must be at least 2");
  }

  @Test
  void aFileAtThePathIsExplained(CapturedOutput output) throws Exception {
    Files.writeString(dir.resolve("db"), "a file");
    start("kitesql.path=" + dir.resolve("db"));
    assertThat(output).contains("APPLICATION FAILED TO START",
        "The KiteSQL database at " + dir.resolve("db") + " (kitesql.path) could not be opened: that path is a file, not a directory.",
        "Point kitesql.path at a directory");
  }
}
