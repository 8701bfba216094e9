package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.Durability;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Cuts the power of the disk under a writing database: unlike a killed process (whose writes the
 * page cache keeps), what was written but not yet fsynced is lost. The database lives on a {@link
 * PowerLossDisk}; a child JVM ({@link PowerLossWorkloadMain}) runs {@link CrashWorkload} and prints
 * each acknowledged commit to a file outside that disk; at a random moment (fixed seed) the parent
 * reads which commits were acknowledged, takes the disk's image, kills the child, mounts the image
 * (ext4 replays its journal) and checks the database there in a child JVM ({@link
 * PowerLossCheckMain}): it opens, holds exactly the workload's state after some transaction K
 * (nothing partial), passes {@code checkIntegrity()}, and K is in the range the durability
 * promises. The next round writes on from that recovered state. {@code NO_SYNC} promises nothing
 * across a power loss (docs/reliability.md, "Power loss"), so it is not tested here.
 *
 * <p>Rounds: {@code -Dkitesql.powerloss.rounds} (default 4 per durability); seed: {@code
 * -Dkitesql.powerloss.seed}.
 */
class PowerLossTest {
  @TempDir Path dir;

  private final int rounds = Integer.getInteger("kitesql.powerloss.rounds", 4);
  private final Random random = new Random(Long.getLong("kitesql.powerloss.seed", 20261206L));

  /**
   * The method itself: a file written without fsync is gone after the power cut, one written and
   * fsynced (with its directory) is there, byte for byte. A process kill would keep both.
   */
  @Test
  void theDiskLosesWhatWasNotSynced() throws Exception {
    try (var disk = PowerLossDisk.create(dir.resolve("disk"))) {
      var bytes = new byte[1 << 20];
      random.nextBytes(bytes);
      var synced = disk.mount().resolve("synced.bin");
      var unsynced = disk.mount().resolve("unsynced.bin");
      try (var file =
              FileChannel.open(synced, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
          var directory = FileChannel.open(disk.mount(), StandardOpenOption.READ)) {
        file.write(ByteBuffer.wrap(bytes));
        file.force(true);
        directory.force(true);
      }
      Files.write(unsynced, bytes, StandardOpenOption.CREATE_NEW);
      assertThat(Files.readAllBytes(unsynced)).isEqualTo(bytes); // in the page cache
      disk.cutPower();
      disk.boot();
      assertThat(Files.readAllBytes(synced)).isEqualTo(bytes);
      assertThat(Files.exists(unsynced) ? Files.readAllBytes(unsynced) : new byte[0])
          .isNotEqualTo(bytes);
    }
  }

  /**
   * Every commit acknowledged before the power cut is on the disk afterwards ({@code SYNC}), or all
   * but the last one ({@code NO_META_SYNC}: its meta page reaches the disk with the next commit's
   * fsync; this workload has one writer, so a commit is one transaction).
   */
  @ParameterizedTest
  @EnumSource(
      value = Durability.class,
      names = {"SYNC", "NO_META_SYNC"})
  void acknowledgedCommitsSurvivePowerLoss(Durability durability) throws Exception {
    long mayLose = durability == Durability.SYNC ? 0 : 1;
    try (var disk = PowerLossDisk.create(dir.resolve("disk"))) {
      var db = disk.mount().resolve("db");
      long next = 0;
      for (int round = 0; round < rounds; round++) {
        var cut = runAndCut(disk, db, next, durability, round);
        assertThat(cut.present())
            .as("round %d: the acknowledged commits survive: %s", round, cut)
            .isBetween(cut.acknowledged() - mayLose, cut.reported() + 1);
        next = cut.present() + 1;
      }
    }
  }

  /**
   * One round: transactions from {@code first} on, acknowledged up to {@code acknowledged} when the
   * power was cut, reported up to {@code reported} when the writer was killed; the disk held the
   * state after {@code present}.
   */
  private record Cut(int round, long first, long acknowledged, long reported, long present) {}

  private Cut runAndCut(PowerLossDisk disk, Path db, long first, Durability durability, int round)
      throws Exception {
    var work = dir.resolve("writer-" + durability + "-" + round);
    var writer =
        ChildJvm.start(
            work,
            PowerLossWorkloadMain.class,
            db.toString(),
            Long.toString(first),
            durability.name());
    long acknowledged;
    try {
      writer.awaitOutput(
          "committed " + (first + 1) + " "); // two commits, so NO_META_SYNC keeps one
      Thread.sleep(50 + random.nextInt(900));
      acknowledged = lastCommitted(writer.stdout(), first - 1);
      disk.cutPower();
    } finally {
      writer.kill();
    }
    long reported = lastCommitted(writer.stdout(), first - 1);
    disk.boot();
    var check =
        ChildJvm.run(
            dir.resolve("check-" + durability + "-" + round),
            PowerLossCheckMain.class,
            db.toString());
    assertThat(check.crashed())
        .as("round %d: the database after the power cut: %s", round, check)
        .isFalse();
    long present = Long.parseLong(check.stdout().strip().substring("present ".length()));
    var cut = new Cut(round, first, acknowledged, reported, present);
    System.out.printf("power cut %s round %d: %s%n", durability, round, cut);
    return cut;
  }

  /** The last transaction whose whole {@code committed N … end} line is in the writer's output. */
  private static long lastCommitted(String output, long none) {
    long last = none;
    for (var line : output.lines().toList()) {
      if (line.startsWith("committed ") && line.endsWith(" end")) {
        last = Math.max(last, Long.parseLong(line.split(" ")[1]));
      }
    }
    return last;
  }
}
