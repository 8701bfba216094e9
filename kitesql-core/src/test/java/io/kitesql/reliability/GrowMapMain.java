package io.kitesql.reliability;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link ForeignMapGrowthTest}: opens the database in {@code args[0]} with a
 * 64 MiB map and inserts {@code args[1]} rows of 8 KiB text into table {@code big}, so the data
 * outgrows a smaller map another process has; prints "grown".
 */
public final class GrowMapMain {
  private GrowMapMain() {}

  public static void main(String[] args) {
    try (var db =
        KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(64L << 20))) {
      int rows = Integer.parseInt(args[1]);
      db.write(
          tx -> {
            for (int i = 0; i < rows; i++) {
              tx.execute("insert into big values (?, ?)", i, "x".repeat(8192));
            }
            return null;
          });
    }
    System.out.println("grown");
  }
}
