/**
 * Flyway's database plugin for {@code jdbc:kitesql:} URLs, found by Flyway's plugin registry
 * ({@code META-INF/services/org.flywaydb.core.extensibility.Plugin}) as its own database modules
 * are. Each migration runs in one write transaction with its schema history row: DDL is
 * transactional in KiteSQL, so a failing migration leaves nothing of itself behind.
 *
 * <p>KiteSQL has no schemas: Flyway's one schema is called {@value
 * io.kitesql.flyway.KiteSqlFlywayConnection#SCHEMA} and its tables are named unqualified.
 */
@NullMarked
package io.kitesql.flyway;

import org.jspecify.annotations.NullMarked;
