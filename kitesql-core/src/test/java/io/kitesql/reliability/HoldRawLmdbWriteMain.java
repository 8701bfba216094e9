package io.kitesql.reliability;

import io.kitesql.storage.RawLmdb;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link ForeignWriteLockOpenTest}: creates a bare LMDB environment in {@code
 * args[0]} (no keyspaces, as a KiteSQL open that is still creating them leaves it), holds a write
 * transaction for {@code args[1]} ms (prints "holding" once it has it), then aborts it.
 */
public final class HoldRawLmdbWriteMain {
  private HoldRawLmdbWriteMain() {}

  public static void main(String[] args) throws InterruptedException {
    RawLmdb.holdWrite(
        Path.of(args[0]),
        Long.parseLong(args[1]),
        () -> {
          System.out.println("holding");
          System.out.flush();
        });
  }
}
