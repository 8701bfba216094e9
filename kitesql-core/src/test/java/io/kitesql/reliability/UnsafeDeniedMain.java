package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link UnsafeDeniedTest}: prints the JVM's (last) {@code
 * --sun-misc-unsafe-memory-access} argument (or "default"), then opens the database in {@code
 * args[0]} twice; the first time it creates a table and writes three rows, each time it reads them
 * back. One line per attempt: {@code opened <sum of ids> <row count>} or {@code refused
 * <ERROR_CODE> <message>}; any other throwable is printed and exits 3.
 */
public final class UnsafeDeniedMain {
  private UnsafeDeniedMain() {}

  public static void main(String[] args) {
    System.out.println(
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(a -> a.startsWith("--sun-misc-unsafe-memory-access"))
            .reduce((first, last) -> last)
            .orElse("default"));
    for (int attempt = 0; attempt < 2; attempt++) {
      try (var db = KiteSql.open(Path.of(args[0]))) {
        if (attempt == 0) {
          db.execute("create table t (id int primary key, body varchar)");
          db.execute("insert into t values (1, 'one'), (2, 'two'), (3, 'three')");
        }
        long[] read =
            db.read(
                tx -> {
                  try (var r = tx.query("select sum(id), count(*) from t where body <> 'none'")) {
                    r.next();
                    return new long[] {r.getLong(0), r.getLong(1)};
                  }
                });
        System.out.println("opened " + read[0] + " " + read[1]);
      } catch (KiteSqlException e) {
        System.out.println("refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
      } catch (Throwable e) {
        System.out.println("failed " + e);
        e.printStackTrace();
        System.exit(3);
      }
    }
  }
}
