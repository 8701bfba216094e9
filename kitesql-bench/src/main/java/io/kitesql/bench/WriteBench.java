package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.storage.Durability;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Bulk insert of orders rows into fresh databases, in batches of 1000 and of 1 row per transaction,
 * with 64 B and 4 KiB notes; KiteSQL through {@code Database.writeOnWriterThread}, and one-row
 * transactions also through {@code Database.write}. Durability: KiteSQL {@code NO_SYNC}, SQLite WAL with
 * {@code synchronous=NORMAL}, H2 defaults; none of them fsyncs on every commit.
 */
final class WriteBench {
  /** The engine label of one-row transactions through {@code Database.write}. */
  static final String KITE_WRITE = "KiteSQL Database.write";

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
    for (int noteLength : List.of(64, 4096)) {
      for (int batch : List.of(1000, 1)) {
        int rows = batch == 1 ? config.writeRowsSingle() : config.writeRows();
        // One-row transactions also through Database.write, the ordinary API (a Spring save() is one):
        // its statements run on the caller's thread and hand each statement to the writer thread.
        var engines = batch == 1 ? List.of("KiteSQL", KITE_WRITE, "SQLite", "H2") : List.of("KiteSQL", "SQLite", "H2");
        for (var engine : engines) {
          var stores = new Stores(work.resolve(engine + "-" + noteLength + "-" + batch));
          var load = new Stores.TableLoad(DataSets.ORDERS_INSERT, rows, i -> DataSets.orderRow(i, rows, noteLength),
              noteLength + 32);
          long nanos = switch (engine) {
            case "KiteSQL" -> stores.loadKite(DataSets.ORDERS_DDL, List.of(load), batch);
            case KITE_WRITE -> loadKiteOneByOne(stores, load);
            case "SQLite" -> stores.loadSqlite(DataSets.ORDERS_DDL, List.of(load), batch);
            default -> stores.loadH2(DataSets.ORDERS_DDL, List.of(load), batch);
          };
          var write = new Results.Write(engine, noteLength, batch, rows, rows / (nanos / 1e9));
          results.writes.add(write);
          log.accept(String.format("  writes | %s | %d B notes, batch %d: %,.0f rows/s", engine, noteLength, batch,
              write.rowsPerSecond()));
          BenchRunner.delete(stores.kiteDir().getParent());
        }
      }
    }
  }

  /** One transaction per row through {@code Database.write}; returns the nanoseconds of the inserts. */
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
