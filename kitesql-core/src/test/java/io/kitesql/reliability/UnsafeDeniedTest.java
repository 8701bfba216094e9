package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, future JDK default: under {@code --sun-misc-unsafe-memory-access=deny} lmdbjava's
 * jnr-ffi cannot start; {@code KiteSql.open} must say so with a {@code KiteSqlException} naming
 * the flag, on the first attempt and on later ones, instead of an {@code
 * ExceptionInInitializerError} (then {@code NoClassDefFoundError}). Runs in a child JVM started
 * with the flag.
 */
class UnsafeDeniedTest {
  @TempDir Path work;

  @Test
  void openUnderDenyIsRefusedNamingTheFlag() throws Exception {
    var outcome = ChildJvm.run(work.resolve("child"), List.of("--sun-misc-unsafe-memory-access=deny"),
        UnsafeDeniedMain.class, work.resolve("db").toString());

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    var lines = outcome.stdout().strip().lines().toList();
    assertThat(lines).hasSize(2).allSatisfy(line -> assertThat(line)
        .startsWith("refused STORAGE_BINDING_UNAVAILABLE")
        .contains("this JVM runs with --sun-misc-unsafe-memory-access=deny")
        .contains("--sun-misc-unsafe-memory-access=allow"));
  }

  @Test
  void theSameProgramOpensWithTheFlagAllowed() throws Exception {
    var outcome = ChildJvm.run(work.resolve("child"), UnsafeDeniedMain.class, work.resolve("db").toString());

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    assertThat(outcome.stdout().strip().lines().toList()).containsExactly("opened", "opened");
  }
}
