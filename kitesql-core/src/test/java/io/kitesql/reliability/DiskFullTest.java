package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full file system must give {@code DISK_FULL} ("no space left on device"), never a JVM crash,
 * and lose nothing committed. Each test mounts a small tmpfs (the only honest full file system:
 * filling the build machine's disk is not an option) and runs the database in a child JVM, so a
 * SIGBUS fails the test instead of the build. Without permission to mount (not root, or a container
 * without CAP_SYS_ADMIN) the tests are skipped and say so: a loop-mounted file system would need
 * the same permission.
 */
class DiskFullTest {
  private static final int FILLER_BYTES = 4096;

  @TempDir Path work;
  private TmpfsMount mount;
  private Path mountPoint;
  private final List<Path> fillers = new ArrayList<>();

  @AfterEach
  void unmount() throws Exception {
    if (mount != null) {
      mount.close();
    }
  }

  @Test
  void newDatabaseOnAFullFileSystemIsRefusedAndCreatedOnceThereIsRoom() throws Exception {
    mountTmpfs("64k");
    fill();
    assertRefusedWhileFullAndOpensOnceFreed();
  }

  @Test
  void roomForTheLockFileButNotForTheDataFileIsRefusedAndLeavesNothingInTheWay() throws Exception {
    mountTmpfs("64k");
    fill();
    free(2); // 8 KiB: the lock file of 126 readers fits, the two meta pages of data.mdb do not
    assertRefusedWhileFullAndOpensOnceFreed();
  }

  /**
   * A new database on the full file system is refused as DISK_FULL, then opens once space is freed.
   */
  private void assertRefusedWhileFullAndOpensOnceFreed() throws Exception {
    var db = mountPoint.resolve("db");

    var full = ChildJvm.run(work.resolve("child-full"), OpenDatabaseMain.class, db.toString());
    assertThat(full.crashed()).as("%s", full).isFalse();
    assertThat(full.stdout())
        .startsWith("refused DISK_FULL")
        .containsIgnoringCase("no space left on device");

    freeAll();
    var roomy = ChildJvm.run(work.resolve("child-roomy"), OpenDatabaseMain.class, db.toString());
    assertThat(roomy.crashed()).as("%s", roomy).isFalse();
    assertThat(roomy.stdout().strip()).isEqualTo("opened -1");
  }

  @Test
  void diskFullWhileWritingIsReportedAsSuchAndLosesNothingCommitted() throws Exception {
    assertWritesUntilFullLoseNothing();
  }

  /**
   * Under {@code writeMap} LMDB stores pages through a writable map of a sparse file, where a full
   * disk would be a SIGBUS: the file is allocated before the map may reach it, at the open and at
   * each growth (256 KiB, 512 KiB, then 1 MiB, which a 1 MiB tmpfs cannot hold).
   */
  @Test
  void diskFullWhileWritingThroughTheWriteMapIsReportedAsSuchAndLosesNothingCommitted()
      throws Exception {
    assertWritesUntilFullLoseNothing(String.valueOf(256 << 10));
  }

  /**
   * Rows written one per transaction until the disk is full: DISK_FULL, and every committed row
   * readable.
   */
  private void assertWritesUntilFullLoseNothing(String... writerArgs) throws Exception {
    mountTmpfs("1m");
    var db = mountPoint.resolve("db");

    var args = new ArrayList<>(List.of(db.toString()));
    args.addAll(List.of(writerArgs));
    var writer =
        ChildJvm.run(
            work.resolve("child-writer"), DiskFullWriterMain.class, args.toArray(String[]::new));
    assertThat(writer.crashed()).as("%s", writer).isFalse();
    var lines = writer.stdout().strip().lines().toList();
    assertThat(lines.getLast())
        .startsWith("refused DISK_FULL")
        .containsIgnoringCase("no space left on device");
    long committed = lines.stream().filter(l -> l.startsWith("committed ")).count();
    assertThat(committed).as("rows committed before the disk filled").isPositive();

    // Still full: reading needs no space, and every committed row is there.
    var reader = ChildJvm.run(work.resolve("child-reader"), OpenDatabaseMain.class, db.toString());
    assertThat(reader.crashed()).as("%s", reader).isFalse();
    assertThat(reader.stdout().strip()).isEqualTo("opened " + committed);
  }

  @Test
  void aWriteMapLargerThanTheFreeSpaceIsRefusedAtOpenAndLeavesNothingInTheWay() throws Exception {
    mountTmpfs("1m");
    var db = mountPoint.resolve("db");

    var writer =
        ChildJvm.run(
            work.resolve("child-writer"),
            DiskFullWriterMain.class,
            db.toString(),
            String.valueOf(4 << 20));
    assertThat(writer.crashed()).as("%s", writer).isFalse();
    assertThat(writer.stdout().strip())
        .startsWith("refused DISK_FULL")
        .contains("writeMap")
        .containsIgnoringCase("no space left on device");

    var plain = ChildJvm.run(work.resolve("child-plain"), OpenDatabaseMain.class, db.toString());
    assertThat(plain.crashed()).as("%s", plain).isFalse();
    assertThat(plain.stdout().strip()).isEqualTo("opened -1");
  }

  private void mountTmpfs(String size) throws Exception {
    mount = TmpfsMount.mount(work, size, "a full file system");
    mountPoint = mount.point();
  }

  /** Fills the mounted file system with 4 KiB files until a write fails for lack of space. */
  private void fill() {
    for (int i = 0; ; i++) {
      var filler = mountPoint.resolve("filler-" + i);
      try {
        Files.write(filler, new byte[FILLER_BYTES]);
        fillers.add(filler);
      } catch (IOException e) {
        try {
          Files.deleteIfExists(filler);
        } catch (IOException _) {
          // An empty file takes no blocks.
        }
        return;
      }
    }
  }

  private void free(int count) throws IOException {
    for (int i = 0; i < count; i++) {
      Files.delete(fillers.removeLast());
    }
  }

  private void freeAll() throws IOException {
    free(fillers.size());
  }
}
