package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.Storage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LMDB may leave {@code data.mdb} shorter than its meta page's last page: pages allocated and freed
 * again in one transaction are never written. Such a file is healthy and must open; the open-time
 * check proves the missing pages are free instead of refusing the file as truncated. Cutting it
 * further, into pages in use, must still be refused.
 */
class ShortDataFileTest {
  private static final int KEPT = 500;

  @TempDir Path dir;

  @Test
  void fileLmdbLeftShortOpensAndCuttingIntoUsedPagesIsRefused() throws Exception {
    var db = dir.resolve("db");
    try (var storage = Storage.open(db, StorageOptions.defaults().withMapSize(1L << 26))) {
      // A few small commits first, as an open made before it created the keyspaces in one
      // transaction: their copied pages are free for the freed-page list below, so LMDB does not
      // write that list at the end of the file.
      for (int k = 0; k < 4; k++) {
        int n = k;
        storage.write(
            tx -> {
              tx.put(Keyspace.DATA, key(KEPT + n), new byte[10]);
              return null;
            });
      }
      storage.write(
          tx -> {
            for (int i = 0; i < KEPT; i++) {
              tx.put(Keyspace.DATA, key(i), new byte[100]);
            }
            return null;
          });
      // Overflow pages allocated at the end of the file and freed within the same transaction.
      storage.write(
          tx -> {
            for (int i = 0; i < 3000; i++) {
              tx.put(Keyspace.DATA, key(-1 - i), new byte[5000]);
            }
            for (int i = 0; i < 3000; i++) {
              tx.delete(Keyspace.DATA, key(-1 - i));
            }
            return null;
          });
    }
    byte[] file = Files.readAllBytes(db.resolve("data.mdb"));
    assertThat((long) file.length)
        .as("LMDB left the file short of its last page")
        .isLessThan(requiredSize(file));

    try (var reopened = Storage.open(db, StorageOptions.defaults())) {
      boolean kept = reopened.read(tx -> tx.get(Keyspace.DATA, key(KEPT - 1), 4).isPresent());
      assertThat(kept).as("the kept rows are there").isTrue();
    }

    var cut = dir.resolve("cut");
    Files.createDirectories(cut);
    Files.write(cut.resolve("data.mdb"), Arrays.copyOf(file, file.length / 2));
    var outcome = ChildJvm.run(dir.resolve("child-cut"), OpenDatabaseMain.class, cut.toString());
    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    assertThat(outcome.stdout()).startsWith("refused INVALID_DATABASE_FILE").contains("truncated");
  }

  /** (last page + 1) × page size of the meta page with the larger transaction id. */
  private static long requiredSize(byte[] file) {
    var b = ByteBuffer.wrap(file).order(ByteOrder.nativeOrder());
    int pageSize = b.getInt(40);
    int newer = b.getLong(pageSize + 144) > b.getLong(144) ? pageSize : 0;
    return (b.getLong(newer + 136) + 1) * pageSize;
  }

  private static byte[] key(int i) {
    return ByteBuffer.allocate(4).putInt(i).array();
  }
}
