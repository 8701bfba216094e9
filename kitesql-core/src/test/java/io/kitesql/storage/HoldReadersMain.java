package io.kitesql.storage;

import io.kitesql.KiteSqlException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;

/**
 * Run in a child JVM by {@link ReaderSlotsTest}: opens the storage in {@code args[0]} with {@code
 * maxReaders} {@code args[1]}, begins {@code args[2]} read transactions at once and prints {@code
 * held <n>}, or {@code refused <ERROR_CODE> after <k>: <message>}; then, with {@code args[3]} above
 * zero, prints {@code holding} and keeps them for that many milliseconds (to be killed).
 */
public final class HoldReadersMain {
  private HoldReadersMain() {}

  public static void main(String[] args) throws InterruptedException {
    var options =
        ReaderSlotsTest.options(Integer.parseInt(args[1])).withReaderWait(Duration.ofMillis(500));
    int count = Integer.parseInt(args[2]);
    long holdMillis = Long.parseLong(args[3]);
    try (var storage = Storage.open(Path.of(args[0]), options)) {
      var held = new ArrayList<ReadTransaction>();
      try {
        for (int i = 0; i < count; i++) {
          held.add(storage.beginRead());
        }
        System.out.println("held " + held.size());
      } catch (KiteSqlException e) {
        System.out.println(
            "refused " + e.errorCode() + " after " + held.size() + ": " + e.getMessage());
      }
      if (holdMillis > 0) {
        System.out.println("holding");
        Thread.sleep(holdMillis);
      }
      held.forEach(ReadTransaction::close);
    }
  }
}
