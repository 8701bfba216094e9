package io.kitesql.boot.autoconfigure;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Configuration;

/**
 * What a user sees when start-up fails: Boot's failure report, as SpringApplication prints it. The
 * console output of each failing start is captured, not passed through, so that the build log does
 * not show reports that are expected.
 */
class KiteSqlStartupFailureTests {
  @TempDir Path dir;

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class Application {}

  /** Starts the application, which must fail, and returns what it printed to stdout and stderr. */
  private static String failingStart(String... properties) {
    var application = new SpringApplication(Application.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    var args = new String[properties.length];
    for (int i = 0; i < properties.length; i++) {
      args[i] = "--" + properties[i];
    }
    var printed = new ByteArrayOutputStream();
    var out = System.out;
    var err = System.err;
    try (var capture = new PrintStream(printed, true, UTF_8)) {
      System.setOut(capture);
      System.setErr(capture);
      assertThatThrownBy(() -> application.run(args).close()).isNotNull();
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return printed.toString(UTF_8);
  }

  @Test
  void aBadPropertyIsNamedInTheReport() {
    var output = failingStart("kitesql.path=" + dir.resolve("db"), "kitesql.max-readers=1");
    assertThat(output)
        .contains(
            "APPLICATION FAILED TO START",
            "Value: \"1\"",
            "Origin: \"kitesql.max-readers\"",
            "Reason: must be at least 2");
  }

  @Test
  void aFileAtThePathIsExplained() throws Exception {
    Files.writeString(dir.resolve("db"), "a file");
    var output = failingStart("kitesql.path=" + dir.resolve("db"));
    assertThat(output)
        .contains(
            "APPLICATION FAILED TO START",
            "The KiteSQL database at "
                + dir.resolve("db")
                + " (kitesql.path) could not be opened: that path is a file, not a directory.",
            "Point kitesql.path at a directory");
  }
}
