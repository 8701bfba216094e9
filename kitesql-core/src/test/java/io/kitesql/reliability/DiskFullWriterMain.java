package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link DiskFullTest}: opens (or creates) the database in {@code args[0]},
 * creates table {@code t} and inserts rows of 8 KB, one per transaction, until a statement fails.
 * Prints {@code committed N} after every commit returned and {@code refused <ERROR_CODE> <message>}
 * for the failure, then exits 0; any other exception exits 3. With {@code args[1]}, a map size in
 * bytes, it opens with {@link StorageOptions#withWriteMap} and that map size.
 */
public final class DiskFullWriterMain {
  private DiskFullWriterMain() {}

  public static void main(String[] args) {
    var out = System.out;
    var options =
        args.length > 1
            ? StorageOptions.defaults().withMapSize(Long.parseLong(args[1])).withWriteMap(true)
            : StorageOptions.defaults().withMapSize(1L << 24);
    try (var db = KiteSql.open(Path.of(args[0]), options)) {
      db.execute("create table t (id int primary key, body varchar)");
      for (int i = 1; ; i++) {
        db.execute("insert into t values (?, ?)", i, "x".repeat(8000));
        out.println("committed " + i);
        out.flush();
      }
    } catch (KiteSqlException e) {
      out.println("refused " + e.errorCode() + " " + e.getMessage().replace('\n', ' '));
    } catch (Throwable e) {
      out.println("failed " + e);
      e.printStackTrace();
      System.exit(3);
    }
  }
}
