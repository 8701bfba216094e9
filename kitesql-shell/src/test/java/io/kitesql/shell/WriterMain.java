package io.kitesql.shell;

import io.kitesql.api.KiteSql;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The application of {@link ShellBesideWriterTest}, run in its own JVM: opens the database at
 * {@code args[0]} for writing and commits one row at a time ("committed N" after each) until the
 * file {@code args[1]} exists.
 */
public final class WriterMain {
  private WriterMain() {}

  public static void main(String[] args) throws Exception {
    var stop = Path.of(args[1]);
    try (var db = KiteSql.open(Path.of(args[0]))) {
      db.execute("create table events (id int primary key, body varchar not null)");
      int id = 0;
      while (!Files.exists(stop)) {
        id++;
        db.execute("insert into events values (?, ?)", id, "event " + id);
        System.out.println("committed " + id);
        System.out.flush();
        Thread.sleep(5);
      }
      System.out.println("stopped at " + id);
    }
  }
}
