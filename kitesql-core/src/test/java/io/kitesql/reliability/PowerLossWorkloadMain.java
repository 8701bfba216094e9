package io.kitesql.reliability;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link PowerLossTest}: opens the database in {@code args[0]} with the
 * durability {@code args[2]} (a small map, so that it grows under the workload) and runs {@link
 * CrashWorkload} transactions from number {@code args[1]} on, forever, printing {@code committed N
 * ... end} after each commit returned. The parent cuts the power of the disk and kills it.
 */
public final class PowerLossWorkloadMain {
  private PowerLossWorkloadMain() {}

  public static void main(String[] args) {
    var options =
        StorageOptions.defaults().withMapSize(1L << 20).withDurability(Durability.valueOf(args[2]));
    var out = System.out;
    try (var db = KiteSql.open(Path.of(args[0]), options)) {
      for (long n = Long.parseLong(args[1]); ; n++) {
        String wrote = CrashWorkload.run(db, n);
        out.println("committed " + n + " " + wrote + " end");
        out.flush();
      }
    }
  }
}
