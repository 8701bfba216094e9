/**
 * Micrometer meters for KiteSQL: {@link io.kitesql.boot.metrics.KiteSqlStatementMetrics}, the
 * database's execution listener through {@link io.kitesql.boot.metrics.DirectSqlMetrics}, records
 * every statement once, under its name (repository methods, named template statements), {@code
 * unnamed} (other SQL through the template) or {@code direct} (SQL run on the {@code Database}
 * directly) — latency, heap bytes allocated by the executing thread, rows, bytes of the LMDB map
 * visited, bytes returned and bytes copied — and {@link
 * io.kitesql.boot.metrics.KiteSqlStorageMetrics} the environment's sizes, readers and transaction
 * counts. Entry: {@link io.kitesql.boot.metrics.KiteSqlMetricsAutoConfiguration}.
 *
 * <p>May depend on Micrometer, Boot's micrometer-metrics module (by name only, for ordering),
 * kitesql-core, kitesql-data and {@code io.kitesql.boot.autoconfigure}; not on health or actuator.
 */
@NullMarked
package io.kitesql.boot.metrics;

import org.jspecify.annotations.NullMarked;
