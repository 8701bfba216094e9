package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by the damaged-file and disk-full tests: opens the database in {@code
 * args[0]}, counts the rows of table {@code t} if it exists, and prints one line: {@code opened
 * <rows>} or {@code refused <ERROR_CODE> <message>}. With {@code args[1]} {@code read-only} it
 * opens with {@code StorageOptions.readOnly()} ({@code read-only-no-writers}: {@code
 * readOnlyAssumingNoWriters()}) and, once opened, tries an insert and prints a second line: {@code
 * write refused <ERROR_CODE> <message>} or {@code write succeeded}. Exits 0 in both cases; any
 * other exception is printed and exits 3. A JVM crash shows as a signal exit and an hs_err file.
 */
public final class OpenDatabaseMain {
  private OpenDatabaseMain() {}

  public static void main(String[] args) {
    String mode = args.length > 1 ? args[1] : "read-write";
    var options = StorageOptions.defaults().withMapSize(1L << 24);
    boolean readOnly = !mode.equals("read-write");
    if (readOnly) {
      options =
          mode.equals("read-only-no-writers")
              ? options.readOnlyAssumingNoWriters()
              : options.readOnly();
    }
    try (var db = KiteSql.open(Path.of(args[0]), options)) {
      long rows =
          db.catalog().table("t").isPresent()
              ? db.read(
                  tx -> {
                    try (var r = tx.query("select count(*) from t")) {
                      r.next();
                      return r.getLong(0);
                    }
                  })
              : -1;
      System.out.println("opened " + rows);
      if (readOnly) {
        tryWrite(db);
      }
    } catch (KiteSqlException e) {
      System.out.println("refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
    } catch (Throwable e) {
      System.out.println("failed " + e);
      e.printStackTrace();
      System.exit(3);
    }
  }

  private static void tryWrite(Database db) {
    try {
      db.execute("insert into t values (-1, 'written read-only')");
      System.out.println("write succeeded");
    } catch (KiteSqlException e) {
      System.out.println(
          "write refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
    }
  }
}
