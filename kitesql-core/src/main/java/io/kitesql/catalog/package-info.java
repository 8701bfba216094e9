/**
 * The catalog: tables, columns, types, indexes and constraints, stored in LMDB next to the data and
 * loaded on open.
 *
 * <p>Depends on {@code io.kitesql.storage} and {@code io.kitesql.value}. Definitions are immutable
 * records; {@link io.kitesql.catalog.Catalog} snapshots are safe to share across threads.
 */
package io.kitesql.catalog;
