package io.kitesql.reliability;

import io.kitesql.api.KiteSql;

/**
 * Run in a child JVM by {@link InMemoryCrashTest}: opens an in-memory database, writes {@code
 * args[0]} MiB into it, prints {@code open <data file>} and waits to be killed.
 */
public final class InMemoryHolderMain {
  private InMemoryHolderMain() {}

  public static void main(String[] args) throws InterruptedException {
    int mebibytes = Integer.parseInt(args[0]);
    var db = KiteSql.inMemory();
    db.execute("create table t (id int primary key, body varchar)");
    var body = "y".repeat(1024);
    for (int mib = 0; mib < mebibytes; mib++) {
      int first = mib * 1024;
      db.write(
          tx -> {
            for (int id = first; id < first + 1024; id++) {
              tx.execute("insert into t values (?, ?)", id, body);
            }
            return null;
          });
    }
    System.out.println("open " + db.dataFile());
    Thread.sleep(Long.MAX_VALUE);
  }
}
