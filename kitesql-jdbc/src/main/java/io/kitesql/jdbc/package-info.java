/**
 * A JDBC driver for KiteSQL: {@link io.kitesql.jdbc.KiteSqlDriver} ({@code jdbc:kitesql:<path>})
 * and {@link io.kitesql.jdbc.KiteSqlDataSource}. Connections are views of one shared {@link
 * io.kitesql.api.Database} per directory; in a read-only transaction text values are lent from the
 * LMDB map ({@code getObject(i, CharSequence.class)}) as through the native API.
 *
 * <p>Depends on the engine's public surface only: {@code io.kitesql.api}, the values, the catalog,
 * the storage options and the SQL parser (to tell a query from a write before running it).
 */
@NullMarked
package io.kitesql.jdbc;

import org.jspecify.annotations.NullMarked;
