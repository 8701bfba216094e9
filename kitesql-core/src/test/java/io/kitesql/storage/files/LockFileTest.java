package io.kitesql.storage.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.storage.lmdb.LmdbEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pre-allocated lock file must be exactly what LMDB would make: smaller, and LMDB grows it
 * sparse again (the disk-full crash); larger, and LMDB adopts more reader slots than configured.
 */
class LockFileTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {2, 10, 126, 1000})
  void sizeIsWhatLmdbMakesForTheReaderSlots(int maxReaders) throws Exception {
    var lmdbMade = Files.createDirectories(dir.resolve("lmdb"));
    var env = LmdbEnv.open(lmdbMade, 1 << 20, 1, maxReaders, 0);
    try {
      assertThat(Files.size(lmdbMade.resolve("lock.mdb"))).isEqualTo(LockFile.bytesFor(maxReaders));
    } finally {
      env.close();
    }

    var ours = Files.createDirectories(dir.resolve("ours"));
    LockFile.preallocate(ours.resolve("lock.mdb"), maxReaders);
    var adopted = LmdbEnv.open(ours, 1 << 20, 1, maxReaders, 0);
    try {
      assertThat(adopted.info().maxReaders()).isEqualTo(maxReaders);
      assertThat(Files.size(ours.resolve("lock.mdb"))).isEqualTo(LockFile.bytesFor(maxReaders));
    } finally {
      adopted.close();
    }
  }

  @Test
  void anExistingLockFileIsLeftAlone() throws Exception {
    var lock = dir.resolve("lock.mdb");
    Files.write(lock, new byte[] {1, 2, 3});
    LockFile.preallocate(lock, 126);
    assertThat(Files.readAllBytes(lock)).containsExactly(1, 2, 3);
  }
}
