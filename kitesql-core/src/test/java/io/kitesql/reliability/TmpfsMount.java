package io.kitesql.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs mounted for one test: the honest way to get a full or a read-only file system
 * (filling the build machine's disk is not an option, and root ignores directory permissions).
 * Mounting needs root and mount permission; without it the calling test is skipped and says so (a
 * loop-mounted file system would need the same permission), unless the environment variable {@value
 * #REQUIRE} is set: then it fails. {@code .ci/run} sets it, so CI cannot pass without running the
 * disk-full and read-only-mount tests.
 */
final class TmpfsMount implements AutoCloseable {
  /**
   * Set (to anything) where these tests must run: a failed mount fails the test instead of skipping
   * it.
   */
  static final String REQUIRE = "KITESQL_REQUIRE_MOUNT";

  private final Path point;

  private TmpfsMount(Path point) {
    this.point = point;
  }

  /**
   * Mounts a tmpfs of {@code size} (e.g. "64k") on a new directory in {@code work}; if that fails,
   * skips the test, or fails it when {@link #REQUIRE} is set.
   */
  static TmpfsMount mount(Path work, String size, String purpose)
      throws IOException, InterruptedException {
    return mount(work, size, purpose, System.getenv(REQUIRE) != null);
  }

  /**
   * {@link #mount(Path, String, String)} with {@code required} in place of the environment
   * variable.
   */
  static TmpfsMount mount(Path work, String size, String purpose, boolean required)
      throws IOException, InterruptedException {
    var point = Files.createDirectories(work.resolve("fs"));
    var result =
        Commands.run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", point.toString())
            .failure();
    if (!result.isEmpty()) {
      String why =
          "cannot mount a "
              + size
              + " tmpfs to make "
              + purpose
              + " (needs root and mount permission): "
              + result
              + "; a loop-mounted file system needs the same permission";
      if (required) {
        throw new IllegalStateException(
            why + ", and " + REQUIRE + " is set: this test must run here");
      }
      Assumptions.abort(
          why + ", so this test cannot run here (" + REQUIRE + " makes that a failure)");
    }
    return new TmpfsMount(point);
  }

  Path point() {
    return point;
  }

  /** Makes the mounted file system read-only (EROFS on every write, for root too). */
  void remountReadOnly() throws InterruptedException {
    var result = Commands.run("mount", "-o", "remount,ro", point.toString()).failure();
    if (!result.isEmpty()) {
      throw new IllegalStateException("cannot remount " + point + " read-only: " + result);
    }
  }

  /** Unmounts; a busy file system is detached, so the temporary directory can be cleaned up. */
  @Override
  public void close() throws InterruptedException {
    if (!Commands.run("umount", point.toString()).failure().isEmpty()) {
      Commands.run("umount", "-l", point.toString());
    }
  }
}
