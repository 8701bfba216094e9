package io.kitesql.reliability;

import java.nio.file.Path;
import org.lmdbjava.ByteArrayProxy;
import org.lmdbjava.Env;

/**
 * Run in a child JVM by {@link ForeignWriteLockOpenTest}: creates a bare LMDB environment in
 * {@code args[0]} (no keyspaces, as a KiteSQL open that is still creating them leaves it), holds
 * a write transaction for {@code args[1]} ms (prints "holding" once it has it), then aborts it.
 */
public final class HoldRawLmdbWriteMain {
  private HoldRawLmdbWriteMain() {}

  public static void main(String[] args) throws InterruptedException {
    try (var env = Env.create(ByteArrayProxy.PROXY_BA).setMapSize(16L << 20).setMaxDbs(4).open(Path.of(args[0]).toFile())) {
      try (var txn = env.txnWrite()) {
        System.out.println("holding");
        System.out.flush();
        Thread.sleep(Long.parseLong(args[1]));
      }
    }
  }
}
