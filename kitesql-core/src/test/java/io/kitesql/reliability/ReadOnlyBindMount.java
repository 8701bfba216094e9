package io.kitesql.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * A read-only bind mount of a directory, as a container's {@code :ro} volume: the same files, which
 * a process may write through the original path while another reads them through this one (every
 * write through it fails with EROFS, for root too). Mounting needs root and mount permission.
 * Without them the calling test is skipped and says why, except where it must run: as root, or
 * under CI (the environment variable {@code CI} set), failing to mount fails the test.
 */
final class ReadOnlyBindMount implements AutoCloseable {
  private final Path point;

  private ReadOnlyBindMount(Path point) {
    this.point = point;
  }

  /** Mounts {@code source} read-only on the new directory {@code point}. */
  static ReadOnlyBindMount of(Path source, Path point) throws IOException, InterruptedException {
    Files.createDirectories(point);
    var bound = Commands.run("mount", "--bind", source.toString(), point.toString()).failure();
    if (bound.isEmpty()) {
      var readOnly = Commands.run("mount", "-o", "remount,bind,ro", point.toString()).failure();
      if (readOnly.isEmpty()) {
        return new ReadOnlyBindMount(point);
      }
      Commands.run("umount", point.toString());
      return refused(readOnly);
    }
    return refused(bound);
  }

  private static ReadOnlyBindMount refused(String why) throws IOException {
    String message = "cannot make a read-only bind mount (needs root and mount permission): " + why;
    boolean required =
        System.getenv("CI") != null
            || Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    if (required) {
      throw new AssertionError(message + "; as root or under CI this test must run");
    }
    Assumptions.abort(message + "; this test cannot run here");
    throw new AssertionError("unreachable");
  }

  Path point() {
    return point;
  }

  /** Unmounts; a busy mount is detached, so the temporary directory can be cleaned up. */
  @Override
  public void close() throws InterruptedException {
    if (!Commands.run("umount", point.toString()).failure().isEmpty()) {
      Commands.run("umount", "-l", point.toString());
    }
  }
}
