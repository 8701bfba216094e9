/**
 * The {@code kitesql} health indicator: database open, map usage below {@code
 * kitesql.health.map-usage-threshold}, a reader slot free. Entry: {@link
 * io.kitesql.boot.health.KiteSqlHealthContributorAutoConfiguration}.
 *
 * <p>May depend on Boot's health module (optional: the auto-configuration checks for it by name),
 * kitesql-core and {@code io.kitesql.boot.autoconfigure}; not on Micrometer or actuator.
 */
@NullMarked
package io.kitesql.boot.health;

import org.jspecify.annotations.NullMarked;
