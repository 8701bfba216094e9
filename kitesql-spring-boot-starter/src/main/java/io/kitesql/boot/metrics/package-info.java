/**
 * Micrometer meters for KiteSQL: {@link io.kitesql.boot.metrics.KiteSqlStatementMetrics} records
 * every statement a {@code KiteSqlTemplate} runs (repository methods included) and, through {@link
 * io.kitesql.boot.metrics.DirectSqlMetrics}, every statement run on the {@code Database} directly
 * ({@code statement=direct}) — latency, heap bytes allocated by the executing thread, rows, bytes
 * of the LMDB map visited, bytes returned and bytes copied — and {@link
 * io.kitesql.boot.metrics.KiteSqlStorageMetrics} the environment's sizes, readers and transaction
 * counts. Entry: {@link io.kitesql.boot.metrics.KiteSqlMetricsAutoConfiguration}.
 *
 * <p>May depend on Micrometer, Boot's micrometer-metrics module (by name only, for ordering),
 * kitesql-core, kitesql-data and {@code io.kitesql.boot.autoconfigure}; not on health or actuator.
 */
@NullMarked
package io.kitesql.boot.metrics;

import org.jspecify.annotations.NullMarked;
