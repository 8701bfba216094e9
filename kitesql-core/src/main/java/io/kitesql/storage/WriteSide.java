package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.files.OtherProcesses;
import io.kitesql.storage.lmdb.KeyBuffer;
import io.kitesql.storage.lmdb.LmdbEnv;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * What the write side of one {@link Storage} works with, handed over once when the storage is
 * built: {@link WriteEntry}, {@link GroupCommit}, the transactions ({@link WriteTransaction},
 * {@link LmdbWrite}) and what applies their writes ({@link WriteApplier}, {@link PositionedWrites})
 * take it instead of asking the storage.
 *
 * @param dbis each keyspace's {@code MDB_dbi}, by ordinal; filled in while the storage opens
 * @param writerKey the writer thread's call buffer: its structs serve every write transaction's
 *     calls and cursors, which run one at a time
 * @param growth resizes the map; on the writer thread
 * @param otherProcesses whether another process has the environment open
 * @param closed whether the storage was closed for good
 */
record WriteSide(
    Path directory,
    StorageOptions options,
    LmdbEnv env,
    WriterThread writer,
    int[] dbis,
    KeyBuffer writerKey,
    MapGrowth growth,
    OtherProcesses otherProcesses,
    BooleanSupplier closed) {

  int dbi(Keyspace keyspace) {
    return dbis[keyspace.ordinal()];
  }

  /** The writer thread's call buffer with {@code key} loaded; only on the writer thread. */
  KeyBuffer key(byte[] key, int length) {
    return writerKey.load(key, length);
  }

  boolean isClosed() {
    return closed.getAsBoolean();
  }

  void checkNotClosed() {
    if (isClosed()) {
      throw new KiteSqlException(ErrorCode.DATABASE_CLOSED, "database " + directory + " is closed");
    }
  }
}
