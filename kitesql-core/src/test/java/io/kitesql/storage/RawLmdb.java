package io.kitesql.storage;

import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbTxn;
import java.lang.foreign.Arena;
import java.nio.file.Path;

/**
 * Test helper for child JVMs in other packages that play "another process" on a bare LMDB
 * environment, through the storage's own binding (no KiteSQL keyspaces, no writer thread).
 */
public final class RawLmdb {
  private RawLmdb() {}

  /**
   * Opens (creating) a bare LMDB environment in {@code directory}, begins a write transaction, runs
   * {@code holding}, keeps the transaction for {@code millis} ms, then aborts it.
   */
  public static void holdWrite(Path directory, long millis, Runnable holding)
      throws InterruptedException {
    var env = LmdbEnv.open(directory, 16L << 20, 4, 126, 0);
    try (var arena = Arena.ofConfined()) {
      long txn = env.beginWrite(new KeyBuffer(arena));
      try {
        holding.run();
        Thread.sleep(millis);
      } finally {
        LmdbTxn.abort(txn);
      }
    } finally {
      env.close();
    }
  }
}
