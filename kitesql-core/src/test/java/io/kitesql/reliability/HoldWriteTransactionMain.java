package io.kitesql.reliability;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link ForeignWriteLockTest}: holds a write transaction of the database in
 * {@code args[0]} for {@code args[1]} ms (prints "holding" once it has it), then commits.
 */
public final class HoldWriteTransactionMain {
  private HoldWriteTransactionMain() {}

  public static void main(String[] args) throws InterruptedException {
    try (var db =
        KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(16L << 20))) {
      try (var tx = db.beginWrite()) {
        tx.execute("insert into t values (-1)");
        System.out.println("holding");
        System.out.flush();
        Thread.sleep(Long.parseLong(args[1]));
        tx.commit();
      }
    }
  }
}
