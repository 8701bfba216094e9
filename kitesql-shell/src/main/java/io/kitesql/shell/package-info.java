/**
 * The {@code kitesql} shell: SQL at a prompt (JLine), from a script or from {@code -c}, on the JDBC
 * driver ({@code jdbc:kitesql:}). It opens a database read-only unless asked to write, so it can
 * look at the database of an application running in another process without stopping it.
 *
 * <p>Depends on {@code java.sql} and JLine only; the engine is reached through the driver.
 */
@NullMarked
package io.kitesql.shell;

import org.jspecify.annotations.NullMarked;
