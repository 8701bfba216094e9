package io.kitesql.reliability;

import io.kitesql.api.KiteSql;
import io.kitesql.storage.Durability;
import io.kitesql.storage.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link CrashSafetyTest}: opens the database (SYNC commits, a small map
 * so that it grows under the workload) and runs {@link CrashWorkload} transactions from the given
 * number on, forever, printing {@code committed N ... end} after each commit returned. The parent
 * kills it with SIGKILL.
 */
public final class CrashWorkloadMain {
  private CrashWorkloadMain() {}

  public static void main(String[] args) {
    var dir = Path.of(args[0]);
    long first = Long.parseLong(args[1]);
    var options = StorageOptions.defaults().withMapSize(1L << 20).withDurability(Durability.SYNC);
    var out = System.out;
    try (var db = KiteSql.open(dir, options)) {
      out.println("opened");
      out.flush();
      for (long n = first; ; n++) {
        String wrote = CrashWorkload.run(db, n);
        out.println("committed " + n + " " + wrote + " end");
        out.flush();
      }
    }
  }
}
