package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Bulk insert of orders rows into fresh databases, in batches of 1000 and of 1 row per transaction,
 * with 64 B and 4 KiB notes; KiteSQL through {@code Database.writeOnWriterThread}, and one-row
 * transactions also through {@code Database.write}, and with {@code StorageOptions.withWriteMap}.
 * Durability: KiteSQL {@code NO_SYNC}, SQLite WAL with {@code synchronous=NORMAL}, H2 defaults;
 * none of them fsyncs on every commit. Every engine first loads a tenth of each cell's rows
 * untimed: the cells ran first in their JVM, and their first thousand rows took 5-10x the steady
 * state (interpreted code, the JIT compiling), which is not what they are meant to measure.
 */
final class WriteBench {
  /** The engine label of one-row transactions through {@code Database.write}. */
  static final String KITE_WRITE = "KiteSQL Database.write";

  /** The engine label of KiteSQL with {@code StorageOptions.withWriteMap(true)}. */
  static final String KITE_WRITE_MAP = "KiteSQL writeMap";

  /**
   * The writeMap cells' map, allocated on disk at the open (see withWriteMap): sized for the
   * largest cell (100,000 rows of 4 KiB notes take about 850 MB), as its Javadoc asks. With a 64
   * MiB map growing, that cell was 3x slower than without writeMap: each growth aborts and replays
   * the transaction, and first-touches the new pages through the map.
   */
  private static final long WRITE_MAP_SIZE = 1L << 30;

  private final BenchConfig config;
  private final Path work;
  private final Results results;
  private final Consumer<String> log;

  WriteBench(BenchConfig config, Path work, Results results, Consumer<String> log) {
    this.config = config;
    this.work = work;
    this.results = results;
    this.log = log;
  }

  void run() throws Exception {
    for (int batch : List.of(1000, 1)) {
      for (var engine : engines(batch)) {
        int rows = Math.max(BenchConfig.ROWS_PER_PAIR, rows(batch) / 10);
        load(engine, "warm-up", 64, batch, rows);
      }
    }
    for (int noteLength : List.of(64, 4096)) {
      for (int batch : List.of(1000, 1)) {
        int rows = rows(batch);
        for (var engine : engines(batch)) {
          long nanos = load(engine, "", noteLength, batch, rows);
          var write = new Results.Write(engine, noteLength, batch, rows, rows / (nanos / 1e9));
          results.writes.add(write);
          log.accept(
              String.format(
                  "  writes | %s | %d B notes, batch %d: %,.0f rows/s",
                  engine, noteLength, batch, write.rowsPerSecond()));
        }
      }
    }
  }

  private int rows(int batch) {
    return batch == 1 ? config.writeRowsSingle() : config.writeRows();
  }

  /**
   * One-row transactions also through Database.write, the ordinary API (a Spring save() is one):
   * its statements run on the caller's thread and hand each statement to the writer thread.
   */
  private static List<String> engines(int batch) {
    return batch == 1
        ? List.of("KiteSQL", KITE_WRITE, KITE_WRITE_MAP, "SQLite", "H2")
        : List.of("KiteSQL", KITE_WRITE_MAP, "SQLite", "H2");
  }

  /**
   * Loads {@code rows} rows into a fresh database of {@code engine}; returns the nanoseconds of the
   * inserts.
   */
  private long load(String engine, String pass, int noteLength, int batch, int rows)
      throws Exception {
    var stores = new Stores(work.resolve(engine + "-" + noteLength + "-" + batch + pass));
    var load =
        new Stores.TableLoad(
            DataSets.ORDERS_INSERT,
            rows,
            i -> DataSets.orderRow(i, rows, noteLength),
            noteLength + 32);
    try {
      return switch (engine) {
        case "KiteSQL" -> stores.loadKite(DataSets.ORDERS_DDL, List.of(load), batch);
        case KITE_WRITE -> loadKiteOneByOne(stores, load);
        case KITE_WRITE_MAP ->
            stores.loadKite(
                DataSets.ORDERS_DDL,
                List.of(load),
                batch,
                KiteEngine.options(Durability.NO_SYNC)
                    .withMapSize(WRITE_MAP_SIZE)
                    .withWriteMap(true));
        case "SQLite" -> stores.loadSqlite(DataSets.ORDERS_DDL, List.of(load), batch);
        default -> stores.loadH2(DataSets.ORDERS_DDL, List.of(load), batch);
      };
    } finally {
      BenchRunner.delete(stores.kiteDir().getParent());
    }
  }

  /**
   * One transaction per row through {@code Database.write}; returns the nanoseconds of the inserts.
   */
  private static long loadKiteOneByOne(Stores stores, Stores.TableLoad load) {
    try (var db = KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC))) {
      DataSets.ORDERS_DDL.forEach(db::execute);
      var insert = db.prepare(load.insertSql());
      long start = System.nanoTime();
      for (int i = 0; i < load.rows(); i++) {
        var row = load.row().apply(i);
        db.write(tx -> tx.execute(insert, row));
      }
      return System.nanoTime() - start;
    }
  }
}
