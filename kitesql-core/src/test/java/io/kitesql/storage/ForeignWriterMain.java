package io.kitesql.storage;

import io.kitesql.options.StorageOptions;
import java.nio.file.Path;

/** Run in a separate JVM by {@link ForeignProcessTest}: grows the shared map and fills it. */
public final class ForeignWriterMain {
  private ForeignWriterMain() {}

  public static void main(String[] args) {
    var dir = Path.of(args[0]);
    int rows = Integer.parseInt(args[1]);
    try (var storage = Storage.open(dir, StorageOptions.defaults().withMapSize(64L << 20))) {
      storage.write(
          tx -> {
            for (int i = 0; i < rows; i++) {
              tx.put(Keyspace.DATA, WriterConcurrencyTest.intKey(i), MapGrowthTest.value(i, 2048));
            }
            return null;
          });
    }
  }
}
