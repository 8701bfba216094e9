/**
 * Liquibase's database for {@code jdbc:kitesql:} URLs, found by Liquibase's service loader ({@code
 * META-INF/services/liquibase.database.Database}) as its own databases are. Each changeSet runs in
 * one write transaction with its {@code DATABASECHANGELOG} row: DDL is transactional in KiteSQL, so
 * a failing changeSet leaves nothing of itself behind.
 *
 * <p>May depend on kitesql-jdbc (the driver's class name) and liquibase-core; nothing depends on
 * it.
 */
@NullMarked
package io.kitesql.liquibase;

import org.jspecify.annotations.NullMarked;
