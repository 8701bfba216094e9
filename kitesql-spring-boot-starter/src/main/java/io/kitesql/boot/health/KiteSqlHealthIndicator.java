package io.kitesql.boot.health;

import io.kitesql.api.Database;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * UP while the database is open, the used part of the LMDB map is below {@code threshold} of the
 * most the map may grow to ({@code kitesql.max-map-size}), and a read transaction could begin now
 * (a reader of the pool is free); DOWN otherwise, saying which. Details: path, map size, maximum,
 * bytes used, usage, readers active and the pool size.
 */
public class KiteSqlHealthIndicator extends AbstractHealthIndicator {
  private final Database database;
  private final double threshold;

  public KiteSqlHealthIndicator(Database database, double threshold) {
    super("KiteSQL health check failed");
    this.database = database;
    this.threshold = threshold;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    builder.withDetail("path", database.directory().toString());
    if (database.isClosed()) {
      builder.down().withDetail("error", "the database is closed");
      return;
    }
    var stats = database.storageStats();
    long max = database.options().maxMapSize();
    double usage = (double) stats.usedBytes() / max;
    builder
        .withDetail("mapSize", stats.mapSize())
        .withDetail("maxMapSize", max)
        .withDetail("usedBytes", stats.usedBytes())
        .withDetail("mapUsage", Math.round(usage * 10_000) / 10_000.0)
        .withDetail("mapUsageThreshold", threshold)
        .withDetail("readersActive", stats.openReadTransactions())
        .withDetail("readPoolSize", stats.readPoolSize());
    if (usage >= threshold) {
      builder
          .down()
          .withDetail(
              "error",
              "the map is "
                  + Math.round(usage * 100)
                  + "% used, at or above the threshold of "
                  + Math.round(threshold * 100)
                  + "% (kitesql.health.map-usage-threshold) of kitesql.max-map-size");
    } else if (stats.openReadTransactions() >= stats.readPoolSize()) {
      builder
          .down()
          .withDetail(
              "error",
              "every reader of the pool is in use ("
                  + stats.readPoolSize()
                  + "): new read transactions wait (kitesql.reader-wait), then fail");
    } else {
      builder.up();
    }
  }
}
