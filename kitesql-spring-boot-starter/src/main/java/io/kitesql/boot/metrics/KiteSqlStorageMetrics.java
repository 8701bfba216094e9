package io.kitesql.boot.metrics;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlTransactionStatistics;
import io.kitesql.options.StorageStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * Gauges of the LMDB environment and counters of transactions:
 *
 * <ul>
 *   <li>{@code kitesql.storage.map.size} (bytes reserved for the map now; it grows on demand),
 *       {@code kitesql.storage.map.max} (the most it may grow to), {@code kitesql.storage.used}
 *       (bytes of the map in use, up to the last page written);
 *   <li>{@code kitesql.readers.active} (read transactions open now) and {@code kitesql.readers.max}
 *       (the read pool: how many may be open at once);
 *   <li>{@code kitesql.transactions} function counter, tag {@code outcome} ({@code commit}, {@code
 *       rollback}), and {@code kitesql.transactions.last.commit} (epoch seconds; 0 before the
 *       first): transactions of the {@code KiteSqlTransactionManager}.
 * </ul>
 *
 * <p>The engine's statistics are read on its writer thread; one snapshot serves every gauge for a
 * second, so a scrape costs one hand-off. A closed database reports NaN.
 */
public final class KiteSqlStorageMetrics implements MeterBinder {
  private static final long SNAPSHOT_NANOS = 1_000_000_000L;

  private final Database database;
  private final @Nullable KiteSqlTransactionStatistics transactions;
  private volatile @Nullable StorageStats snapshot;
  private volatile long snapshotAt;

  public KiteSqlStorageMetrics(
      Database database, @Nullable KiteSqlTransactionStatistics transactions) {
    this.database = database;
    this.transactions = transactions;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    gauge(
        registry,
        "kitesql.storage.map.size",
        "bytes",
        "Bytes reserved for the LMDB map",
        s -> s.mapSize());
    Gauge.builder("kitesql.storage.map.max", database, db -> db.options().maxMapSize())
        .description("The most the LMDB map may grow to")
        .baseUnit("bytes")
        .register(registry);
    gauge(
        registry,
        "kitesql.storage.used",
        "bytes",
        "Bytes of the LMDB map in use",
        s -> s.usedBytes());
    gauge(
        registry,
        "kitesql.readers.active",
        "transactions",
        "Read transactions open now",
        s -> s.openReadTransactions());
    gauge(
        registry,
        "kitesql.readers.max",
        "transactions",
        "Read transactions that may be open at once",
        s -> s.readPoolSize());
    var tx = transactions;
    if (tx != null) {
      FunctionCounter.builder("kitesql.transactions", tx, KiteSqlTransactionStatistics::commits)
          .description("Transactions of the KiteSQL transaction manager")
          .tag("outcome", "commit")
          .register(registry);
      FunctionCounter.builder("kitesql.transactions", tx, KiteSqlTransactionStatistics::rollbacks)
          .description("Transactions of the KiteSQL transaction manager")
          .tag("outcome", "rollback")
          .register(registry);
      Gauge.builder("kitesql.transactions.last.commit", tx, t -> t.lastCommitEpochMillis() / 1000.0)
          .description("When the last transaction committed (epoch seconds)")
          .baseUnit("seconds")
          .register(registry);
    }
  }

  private void gauge(
      MeterRegistry registry,
      String name,
      String unit,
      String description,
      ToDoubleFunction<StorageStats> value) {
    Gauge.builder(
            name,
            this,
            metrics -> {
              var stats = metrics.stats();
              return stats == null ? Double.NaN : value.applyAsDouble(stats);
            })
        .description(description)
        .baseUnit(unit)
        .register(registry);
  }

  private @Nullable StorageStats stats() {
    if (database.isClosed()) {
      return null;
    }
    long now = System.nanoTime();
    var current = snapshot;
    if (current == null || now - snapshotAt > SNAPSHOT_NANOS) {
      try {
        current = database.storageStats();
      } catch (RuntimeException e) {
        return null; // closed meanwhile
      }
      snapshot = current;
      snapshotAt = now;
    }
    return current;
  }
}
