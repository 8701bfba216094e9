package io.kitesql.bench;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.Transaction;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * KiteSQL through its public API. {@link Mode#BORROWED} runs cells in a read-only transaction (text
 * values are views of the map); {@link Mode#FORCED_COPY} runs the same statements in a write
 * transaction, which copies every value, and rolls it back: the article's control group (on the
 * writer thread, see {@link #inTransaction}).
 */
public final class KiteEngine implements Engine {

  /** Which transaction a cell runs in. */
  public enum Mode {
    BORROWED,
    FORCED_COPY
  }

  /** The storage options of every KiteSQL database of the benchmark. */
  public static StorageOptions options(Durability durability) {
    return StorageOptions.defaults().withMapSize(8L << 30).withDurability(durability);
  }

  private final Database db;
  private final Mode mode;
  private Transaction tx;

  public KiteEngine(Path directory, Mode mode) {
    this.db = KiteSql.open(directory, options(Durability.NO_SYNC));
    this.mode = mode;
  }

  public Database database() {
    return db;
  }

  @Override
  public String name() {
    return mode == Mode.BORROWED ? "KiteSQL read-only" : "KiteSQL forced copy";
  }

  @Override
  public boolean borrows() {
    return mode == Mode.BORROWED;
  }

  @Override
  public Query prepare(String sql) {
    var statement = db.prepare(sql);
    return new KiteQuery(statement, () -> tx);
  }

  @Override
  public void begin() {
    tx = mode == Mode.BORROWED ? db.beginRead() : db.beginWrite();
  }

  /**
   * The forced-copy control group runs its cells on the writer thread ({@link
   * Database#writeOnWriterThread}), rolled back at the end: what it measures is the copying of a
   * write transaction, not a hand-off to the writer thread per storage call.
   */
  @Override
  public <T> T inTransaction(Callable<T> cell) throws Exception {
    if (mode == Mode.BORROWED) {
      return Engine.super.inTransaction(cell);
    }
    try {
      return db.writeOnWriterThread(
          write -> {
            tx = write;
            try {
              return cell.call();
            } catch (Exception e) {
              throw new CellFailed(e);
            } finally {
              write.rollback();
              tx = null;
            }
          });
    } catch (CellFailed e) {
      throw (Exception) e.getCause();
    }
  }

  /** Carries a cell's checked exception out of the writer thread's function. */
  private static final class CellFailed extends RuntimeException {
    CellFailed(Exception cause) {
      super(cause);
    }
  }

  @Override
  public long[] byteCounters() {
    return tx == null ? null : new long[] {tx.bytesBorrowed(), tx.bytesCopied()};
  }

  @Override
  public void end() {
    if (tx != null) {
      tx.close(); // read-only: ends the snapshot; write: rolls back
      tx = null;
    }
  }

  @Override
  public void close() {
    end();
    db.close();
  }
}
