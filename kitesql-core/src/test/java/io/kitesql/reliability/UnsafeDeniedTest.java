package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code --sun-misc-unsafe-memory-access=deny} the database must open, write and query. LMDB
 * is called through {@code java.lang.foreign} only; with lmdbjava (jnr-ffi, whose jffi used {@code
 * sun.misc.Unsafe}) the open failed, first with {@code ExceptionInInitializerError}, later with
 * {@code STORAGE_BINDING_UNAVAILABLE}. Runs in a child JVM started with the flag, and for
 * comparison without it.
 */
class UnsafeDeniedTest {
  @TempDir Path work;

  @Test
  void openWriteAndQueryUnderDeny() throws Exception {
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of("--sun-misc-unsafe-memory-access=deny"),
            UnsafeDeniedMain.class,
            work.resolve("db").toString());

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    assertThat(outcome.stdout().strip().lines().toList())
        .containsExactly("--sun-misc-unsafe-memory-access=deny", "opened 6 3", "opened 6 3");
  }

  @Test
  void theSameProgramRunsWithoutTheFlag() throws Exception {
    var outcome =
        ChildJvm.run(work.resolve("child"), UnsafeDeniedMain.class, work.resolve("db").toString());

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    assertThat(outcome.stdout().strip().lines().toList())
        .containsExactly("default", "opened 6 3", "opened 6 3");
  }
}
