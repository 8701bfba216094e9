/**
 * Liquibase migrating the starter's KiteSQL database at start-up, through Spring Boot's Liquibase
 * auto-configuration: the DataSource it migrates through and the refusal of schema scripts beside
 * Liquibase. The order (the changelog before the template, repositories and schema scripts) is
 * {@code io.kitesql.boot.flyway.KiteSqlMigrationDependents}'s, which Boot consults for every
 * database initializer. Entry: {@link io.kitesql.boot.liquibase.KiteSqlLiquibaseAutoConfiguration}.
 *
 * <p>May depend on {@code io.kitesql.boot.autoconfigure}, kitesql-jdbc and Boot's Liquibase module
 * (all optional, guarded by class conditions); nothing depends on it.
 */
@NullMarked
package io.kitesql.boot.liquibase;

import org.jspecify.annotations.NullMarked;
