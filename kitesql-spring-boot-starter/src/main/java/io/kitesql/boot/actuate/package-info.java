/**
 * The {@code kitesql} actuator endpoint: tables with row counts and indexes, and every named
 * statement seen so far with its SQL, its plan (full scans flagged), calls, latency and allocation.
 * Entry: {@link io.kitesql.boot.actuate.KiteSqlEndpointAutoConfiguration}.
 *
 * <p>May depend on Boot's actuator modules (optional: checked for by name), kitesql-core and {@code
 * io.kitesql.boot.autoconfigure}; on {@code io.kitesql.boot.metrics} and Micrometer only in {@link
 * io.kitesql.boot.actuate.MicrometerStatementStatistics}, which is created only when they are
 * present.
 */
@NullMarked
package io.kitesql.boot.actuate;

import org.jspecify.annotations.NullMarked;
