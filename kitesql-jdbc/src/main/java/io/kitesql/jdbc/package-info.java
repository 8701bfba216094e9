/**
 * A JDBC driver for KiteSQL: {@link io.kitesql.jdbc.KiteSqlDriver} ({@code jdbc:kitesql:<path>}) and
 * {@link io.kitesql.jdbc.KiteSqlDataSource}. Connections are views of one shared {@link
 * io.kitesql.api.Database} per directory; in a read-only transaction text values are lent from the
 * LMDB map ({@code getObject(i, CharSequence.class)}) as through the native API.
 *
 * <p>Depends on the engine's public API ({@code io.kitesql.api}, its values and catalog) only.
 */
@NullMarked
package io.kitesql.jdbc;

import org.jspecify.annotations.NullMarked;
