package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link AddressSpaceLimitTest}: limits its own address space ({@code
 * setrlimit(RLIMIT_AS)}) to what it uses now plus {@code args[1]} MiB, opens a database with a 64
 * MiB map in {@code args[0]} and inserts 8 MB values, one per transaction, printing {@code
 * committed <i>}, until one fails: {@code refused <ERROR_CODE> <message>}. Then it counts the rows
 * ({@code rows <n>}). A crash shows as a signal exit and an hs_err file.
 */
public final class GrowUnderAddressLimitMain {
  private static final int RLIMIT_AS = 9; // Linux

  private GrowUnderAddressLimitMain() {}

  public static void main(String[] args) throws Throwable {
    try (var db =
        KiteSql.open(Path.of(args[0]), StorageOptions.defaults().withMapSize(64L << 20))) {
      db.execute("create table t (id int primary key, body varchar)");
      limitAddressSpace(Long.parseLong(args[1]) << 20);
      var value = "x".repeat(8_000_000);
      for (int i = 0; i < 1000; i++) {
        try {
          db.execute("insert into t values (?, ?)", i, value);
          System.out.println("committed " + i);
        } catch (KiteSqlException e) {
          System.out.println("refused " + e.errorCode() + " " + e.getMessage());
          break;
        }
      }
      long rows =
          db.read(
              tx -> {
                try (var r = tx.query("select count(*) from t")) {
                  r.next();
                  return r.getLong(0);
                }
              });
      System.out.println("rows " + rows);
    }
  }

  /** Sets RLIMIT_AS to the current virtual size plus {@code headroom} bytes. */
  private static void limitAddressSpace(long headroom) throws Throwable {
    long vmSizeKib =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("VmSize:"))
            .map(l -> l.replaceAll("\\D", ""))
            .mapToLong(Long::parseLong)
            .findFirst()
            .orElseThrow();
    var linker = Linker.nativeLinker();
    var setrlimit =
        linker.downcallHandle(
            linker.defaultLookup().find("setrlimit").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    try (var arena = Arena.ofConfined()) {
      MemorySegment limit = arena.allocate(16);
      long bytes = (vmSizeKib << 10) + headroom;
      limit.set(ValueLayout.JAVA_LONG, 0, bytes);
      limit.set(ValueLayout.JAVA_LONG, 8, bytes);
      int rc = (int) setrlimit.invokeExact(RLIMIT_AS, limit);
      if (rc != 0) {
        throw new IllegalStateException("setrlimit failed: " + rc);
      }
    }
  }
}
