package io.kitesql.reliability;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link ForeignSchemaChangeTest}: runs each of {@code args[1..]} on the
 * database in {@code args[0]}.
 */
public final class ExecuteStatementsMain {
  private ExecuteStatementsMain() {}

  public static void main(String[] args) {
    try (var db =
        KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(16L << 20))) {
      for (int i = 1; i < args.length; i++) {
        db.execute(args[i]);
      }
    }
    System.out.println("done");
  }
}
