/**
 * Flyway migrating the starter's KiteSQL database at start-up, through Spring Boot's Flyway
 * auto-configuration: the DataSource it migrates, the order (migrations before the template,
 * repositories and schema scripts) and the refusal of schema scripts beside Flyway. Entry: {@link
 * io.kitesql.boot.flyway.KiteSqlFlywayAutoConfiguration}. The order and the filter that leaves
 * Boot's DataSource auto-configuration out serve Liquibase ({@code io.kitesql.boot.liquibase}) too.
 *
 * <p>May depend on {@code io.kitesql.boot.autoconfigure}, kitesql-jdbc and Boot's Flyway and SQL
 * initialization modules (all optional, guarded by class conditions); nothing depends on it.
 */
@NullMarked
package io.kitesql.boot.flyway;

import org.jspecify.annotations.NullMarked;
