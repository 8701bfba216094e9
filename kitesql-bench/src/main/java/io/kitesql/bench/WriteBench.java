package io.kitesql.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Bulk insert of orders rows into fresh databases, in batches of 1000 and of 1 row per transaction,
 * with 64 B and 4 KiB notes. Durability: KiteSQL {@code NO_SYNC}, SQLite WAL with
 * {@code synchronous=NORMAL}, H2 defaults; none of them fsyncs on every commit.
 */
final class WriteBench {
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
        for (var engine : List.of("KiteSQL", "SQLite", "H2")) {
          var stores = new Stores(work.resolve(engine + "-" + noteLength + "-" + batch));
          var load = new Stores.TableLoad(DataSets.ORDERS_INSERT, rows, i -> DataSets.orderRow(i, rows, noteLength),
              noteLength + 32);
          long nanos = switch (engine) {
            case "KiteSQL" -> stores.loadKite(DataSets.ORDERS_DDL, List.of(load), batch);
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
}
