package io.kitesql.reliability;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Assumptions;

/**
 * A disk whose power can be cut: an ext4 file system on a loop device, whose backing file lives on
 * an XFS file system (itself on a loop device over a sparse file) so that it can be cloned with a
 * reflink.
 *
 * <p>{@link #cutPower()} clones the ext4 device's backing file ({@code cp --reflink=always}): XFS
 * takes the file's I/O lock for the clone, so the image holds exactly the writes the loop device
 * completed before that instant and none after (a write the loop driver issues in pieces may be cut
 * between them, like a multi-sector write at power loss). What ext4 and the applications have only
 * in the page cache, not yet submitted to the device (written but not fsynced), is not in the
 * image: that is what a power loss loses. Copying the backing file byte by byte while it is written
 * would not do: a block read early and rewritten and flushed before a later block was read gives an
 * image no disk could hold after a power loss (a newer meta page over older data). {@link #boot()}
 * then unmounts the running file system and mounts the image instead (ext4 replays its journal), as
 * a machine that restarts after the power loss.
 *
 * <p>Needs root, loop devices, {@code mkfs.ext4} and {@code mkfs.xfs}; without them the calling
 * test is skipped and says why, or fails where the environment variable {@code CI} or {@value
 * TmpfsMount#REQUIRE} is set ({@code .ci/run} sets the latter and installs the tools).
 */
final class PowerLossDisk implements AutoCloseable {
  private final Path work;
  private final Path outerMount;
  private final Path mount;

  /** Undo actions of what is set up, newest first. */
  private final Deque<String[]> undo = new ArrayDeque<>();

  private String outerDevice = "";
  private String device = "";
  private int generation;

  private PowerLossDisk(Path work) {
    this.work = work;
    this.outerMount = work.resolve("outer");
    this.mount = work.resolve("disk");
  }

  /**
   * Sets the disk up under {@code work} (its mount point is {@link #mount()}), or skips or fails
   * the test.
   */
  static PowerLossDisk create(Path work) throws IOException, InterruptedException {
    var disk = new PowerLossDisk(work);
    String why;
    try {
      why = disk.setUp();
    } catch (IOException | RuntimeException e) {
      why = e.toString();
    } catch (InterruptedException e) {
      Thread.interrupted(); // so that the undo commands run
      disk.close();
      throw e;
    }
    if (why.isEmpty()) {
      return disk;
    }
    disk.close();
    String message =
        "cannot make a loop-mounted ext4 on XFS to cut its power (needs root, loop devices, "
            + "mkfs.ext4 from e2fsprogs and mkfs.xfs from xfsprogs): "
            + why;
    if (System.getenv("CI") != null || System.getenv(TmpfsMount.REQUIRE) != null) {
      throw new AssertionError(
          message + "; with CI or " + TmpfsMount.REQUIRE + " set this test must run");
    }
    Assumptions.abort(
        message
            + "; this test cannot run here (CI or "
            + TmpfsMount.REQUIRE
            + " makes that a failure)");
    throw new AssertionError("unreachable");
  }

  /** Returns "" once everything is mounted, else what failed. */
  private String setUp() throws IOException, InterruptedException {
    Files.createDirectories(outerMount);
    Files.createDirectories(mount);
    var outerImage = work.resolve("outer.img");
    sparseFile(outerImage, 2L << 30); // sparse: room for the disk, its clone and their divergence
    var result = Commands.run("mkfs.xfs", "-q", "-m", "reflink=1", outerImage.toString());
    if (result.failed()) {
      return result.why();
    }
    result = attach(outerImage);
    if (result.failed()) {
      return result.why();
    }
    outerDevice = result.output();
    result = mountOn(outerDevice, outerMount);
    if (result.failed()) {
      return result.why();
    }
    var image = image(0);
    sparseFile(image, 512L << 20); // the workload grows its database by about 26 KB a transaction
    result = Commands.run("mkfs.ext4", "-q", image.toString());
    if (result.failed()) {
      return result.why();
    }
    return mountImage(image);
  }

  /** Where the ext4 file system is mounted. */
  Path mount() {
    return mount;
  }

  /**
   * Takes the image of the disk at this instant, as power loss would leave it; the running file
   * system goes on (writers keep writing) until {@link #boot()}.
   */
  void cutPower() throws InterruptedException {
    var result =
        Commands.run(
            "cp",
            "--reflink=always",
            image(generation).toString(),
            image(generation + 1).toString());
    if (result.failed()) {
      throw new IllegalStateException("cannot clone the disk image: " + result.why());
    }
  }

  /**
   * Unmounts the running file system (its writers must have ended) and mounts the image the last
   * {@link #cutPower()} took in its place: ext4 recovers it from its journal.
   */
  void boot() throws InterruptedException, IOException {
    unmountImage();
    Files.delete(image(generation));
    generation++;
    String why = mountImage(image(generation));
    if (!why.isEmpty()) {
      throw new IllegalStateException("cannot mount the image taken at the power cut: " + why);
    }
  }

  private Path image(int n) {
    return outerMount.resolve("disk-" + n + ".img");
  }

  private String mountImage(Path image) throws InterruptedException {
    var result = attach(image);
    if (result.failed()) {
      return result.why();
    }
    device = result.output();
    result = mountOn(device, mount);
    return result.failed() ? result.why() : "";
  }

  /** Undoes the last two steps of {@link #mountImage}: the umount, then the losetup. */
  private void unmountImage() throws InterruptedException {
    undoing(undo.pop());
    undoing(undo.pop());
  }

  private Commands.Result attach(Path image) throws InterruptedException {
    var result = Commands.run("losetup", "--find", "--show", image.toString());
    if (!result.failed()) {
      undo.push(new String[] {"losetup", "-d", result.output()});
    }
    return result;
  }

  private Commands.Result mountOn(String dev, Path point) throws InterruptedException {
    var result = Commands.run("mount", dev, point.toString());
    if (!result.failed()) {
      undo.push(new String[] {"umount", point.toString()});
    }
    return result;
  }

  /** Unmounts and detaches everything, newest first, whatever fails on the way. */
  @Override
  public void close() throws InterruptedException {
    while (!undo.isEmpty()) {
      undoing(undo.pop());
    }
  }

  /** Runs an undo action; a busy file system is detached lazily so the rest can still be undone. */
  private static void undoing(String[] command) throws InterruptedException {
    if (Commands.run(command).failed() && command[0].equals("umount")) {
      Commands.run("umount", "-l", command[1]);
    }
  }

  private static void sparseFile(Path file, long size) throws IOException {
    try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
    }
  }
}
