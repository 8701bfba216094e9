package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storage options too large to be meant are refused as invalid arguments before an open touches the
 * disk: {@code maxReaders = Integer.MAX_VALUE} used to make the open write a 137 GB lock file, and
 * waits or map sizes near {@code Long.MAX_VALUE} overflow the arithmetic done with them.
 */
class StorageOptionsBoundsTest {
  @TempDir Path work;

  @Test
  void tooManyReaderSlotsAreRefusedBeforeAnythingIsCreated() {
    var dir = work.resolve("db");
    for (int readers : new int[] {StorageOptions.MAX_READERS + 1, Integer.MAX_VALUE}) {
      assertRefusedBeforeOpen(
          dir,
          () -> StorageOptions.defaults().withMapSize(1L << 24).withMaxReaders(readers),
          "maxReaders");
      assertRefusedBeforeOpen(
          dir,
          () ->
              new StorageOptions(
                  1L << 24,
                  1L << 24,
                  readers,
                  10,
                  StorageOptions.defaults().durability(),
                  Duration.ofSeconds(1),
                  Duration.ofSeconds(1),
                  Duration.ofSeconds(1),
                  0),
          "maxReaders");
    }
    assertThat(dir).doesNotExist();
  }

  @Test
  void theLargestReaderCountOpensWithItsLockFileOfAFewMegabytes() throws Exception {
    var dir = work.resolve("db");
    try (var db =
        KiteSql.open(
            dir,
            StorageOptions.defaults()
                .withMapSize(1L << 24)
                .withMaxReaders(StorageOptions.MAX_READERS))) {
      db.execute("create table t (id int primary key)");
    }
    // LMDB's lock file: a 128-byte header and one 64-byte slot per reader.
    assertThat(Files.size(dir.resolve("lock.mdb")))
        .isEqualTo(128L + 64L * StorageOptions.MAX_READERS);
  }

  @Test
  void mapSizesBeyondAnyAddressSpaceAreRefused() {
    var dir = work.resolve("db");
    assertRefusedBeforeOpen(
        dir, () -> StorageOptions.defaults().withMapSize(Long.MAX_VALUE), "mapSize");
    assertRefusedBeforeOpen(
        dir,
        () -> StorageOptions.defaults().withMapSize(StorageOptions.MAX_MAP_SIZE + 1),
        "mapSize");
    assertRefusedBeforeOpen(
        dir, () -> StorageOptions.defaults().withMaxMapSize(Long.MAX_VALUE), "maxMapSize");
    assertThat(StorageOptions.defaults().withMaxMapSize(StorageOptions.MAX_MAP_SIZE).maxMapSize())
        .isEqualTo(StorageOptions.MAX_MAP_SIZE);
    assertThat(dir).doesNotExist();
  }

  @Test
  void negativeAndCenturyLongWaitsAreRefused() {
    var dir = work.resolve("db");
    var forever = Duration.ofSeconds(Long.MAX_VALUE); // its toNanos() throws ArithmeticException
    assertRefusedBeforeOpen(
        dir, () -> StorageOptions.defaults().withReaderWait(forever), "readerWait");
    assertRefusedBeforeOpen(
        dir, () -> StorageOptions.defaults().withWriterWait(Duration.ofDays(366)), "writerWait");
    assertRefusedBeforeOpen(
        dir, () -> StorageOptions.defaults().withDrainWait(Duration.ofMillis(-1)), "drainWait");
    assertThat(StorageOptions.defaults().withReaderWait(Duration.ZERO).readerWait()).isZero();
    assertThat(StorageOptions.defaults().withWriterWait(StorageOptions.MAX_WAIT).writerWait())
        .isEqualTo(StorageOptions.MAX_WAIT);
    assertThat(dir).doesNotExist();
  }

  private static void assertRefusedBeforeOpen(
      Path dir, Supplier<StorageOptions> options, String setting) {
    assertThatThrownBy(() -> KiteSql.open(dir, options.get()).close())
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageContaining("invalid storage option: " + setting);
  }
}
