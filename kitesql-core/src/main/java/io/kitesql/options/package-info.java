/**
 * How a database is opened, and what its storage reports: {@link io.kitesql.options.StorageOptions}
 * (map size, readers, {@link io.kitesql.options.Durability}, waits, access mode) and the {@link
 * io.kitesql.options.StorageStats} read against them, and the {@link
 * io.kitesql.options.EngineSwitches}: system properties that turn an optimization off to measure
 * it. Part of the public API, with {@code api} and {@code value}: applications, the JDBC URL and
 * the Spring Boot properties build these options.
 *
 * <p>Depends on nothing else of the engine but the root package (errors).
 */
@NullMarked
package io.kitesql.options;

import org.jspecify.annotations.NullMarked;
