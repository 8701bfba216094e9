package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/**
 * A mount that fails skips the test that needed it only where nothing requires it: with {@code
 * KITESQL_REQUIRE_MOUNT} (what {@code .ci/run} sets) the test fails instead. A size tmpfs refuses
 * stands in for a machine without mount permission.
 */
class TmpfsMountTest {
  @TempDir Path work;

  @Test
  void aFailedMountSkipsUnlessRequiredThenFails() {
    assertThatThrownBy(() -> TmpfsMount.mount(work, "not-a-size", "a test file system", false))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("cannot mount a not-a-size tmpfs")
        .hasMessageContaining(TmpfsMount.REQUIRE);
    assertThatThrownBy(() -> TmpfsMount.mount(work, "not-a-size", "a test file system", true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot mount a not-a-size tmpfs")
        .hasMessageContaining(TmpfsMount.REQUIRE + " is set: this test must run here");
  }
}
