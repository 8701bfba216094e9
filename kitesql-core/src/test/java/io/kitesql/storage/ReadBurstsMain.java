package io.kitesql.storage;

import io.kitesql.options.StorageOptions;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * Run in a child JVM with {@code -XX:NativeMemoryTracking=summary} by {@link ReadBufferReuseTest}:
 * opens the database in {@code args[0]}, runs {@code args[1]} cycles of a burst of 110 concurrent
 * read transactions (two cursors each) followed by an idle sweep, and prints {@code cycle <n> <KB>}
 * with Native Memory Tracking's committed "Other" memory (where {@code java.lang.foreign} arenas
 * allocate) after cycle 50 and after the last.
 */
public final class ReadBurstsMain {
  private static final Pattern OTHER =
      Pattern.compile("Other \\(reserved=\\d+KB, committed=(\\d+)KB\\)");

  private ReadBurstsMain() {}

  public static void main(String[] args) throws Exception {
    int cycles = Integer.parseInt(args[1]);
    try (var storage =
        Storage.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(16L << 20))) {
      for (int cycle = 1; cycle <= cycles; cycle++) {
        var held = new ArrayList<ReadTransaction>();
        for (int i = 0; i < 110; i++) {
          var txn = storage.beginRead();
          held.add(txn);
          try (var data = txn.openCursor(Keyspace.DATA);
              var catalog = txn.openCursor(Keyspace.CATALOG)) {
            data.first();
            catalog.first();
          }
        }
        held.forEach(ReadTransaction::close);
        storage.sweepIdleReaders();
        if (cycle == 50 || cycle == cycles) {
          System.out.println("cycle " + cycle + " " + otherCommittedKb());
        }
      }
    }
  }

  private static long otherCommittedKb() throws Exception {
    var summary =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "vmNativeMemory",
                    new Object[] {new String[] {"summary"}},
                    new String[] {String[].class.getName()});
    var matcher = OTHER.matcher(summary);
    if (!matcher.find()) {
      throw new IllegalStateException(
          "no Other category in Native Memory Tracking's summary: " + summary);
    }
    return Long.parseLong(matcher.group(1));
  }
}
