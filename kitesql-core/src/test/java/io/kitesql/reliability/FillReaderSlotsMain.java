package io.kitesql.reliability;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;

/**
 * Run in a child JVM by {@link BackupReclaimsDeadReadersTest}: opens the database in {@code
 * args[0]} and begins read transactions until no LMDB reader slot is left (READERS_EXHAUSTED),
 * prints {@code holding <n>} and keeps them open until killed.
 */
public final class FillReaderSlotsMain {
  private FillReaderSlotsMain() {}

  public static void main(String[] args) throws InterruptedException {
    var options =
        StorageOptions.defaults()
            .withMapSize(16L << 20)
            .withMaxReaders(64)
            .withReaderWait(Duration.ofMillis(200));
    var db = KiteSql.open(Path.of(args[0]), options);
    var held = new ArrayList<ReadOnlyTransaction>();
    try {
      while (true) {
        held.add(db.beginRead());
      }
    } catch (KiteSqlException e) {
      if (e.errorCode() != ErrorCode.READERS_EXHAUSTED) {
        throw e;
      }
    }
    System.out.println("holding " + held.size());
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
