/**
 * Rows and index entries of SQL tables on the storage layer: {@link io.kitesql.table.TableStore}
 * inserts, updates and deletes rows with their index entries and checks NOT NULL, PRIMARY KEY and
 * UNIQUE; {@link io.kitesql.table.TableCursor}s scan in primary-key or index order within {@link
 * io.kitesql.table.KeyBounds}.
 *
 * <p>Key layout in {@link io.kitesql.storage.Keyspace#DATA}, all values memcomparable ({@link
 * io.kitesql.codec.KeyEncoder}: unsigned byte order is SQL order, NULL first):
 *
 * <pre>
 *   row          tablePrefix(4) 'r' pk                      → row bytes ({@link io.kitesql.codec.RowEncoder})
 *   index entry  tablePrefix(4) 'i' indexId(4) values pk    → empty
 *   long value   tablePrefix(4) 'l' pk column(2)            → the value's bytes (stored out of line)
 * </pre>
 *
 * <ul>
 *   <li>{@code tablePrefix} is {@link io.kitesql.catalog.CatalogStore#tablePrefix}, the table id
 *       big-endian, so DROP TABLE deletes one prefix. The order of the tags is not relied upon:
 *       every scan stays inside its own prefix.
 *   <li>{@code pk} is the primary-key columns' values in key order; a table without a primary key
 *       uses a hidden BIGINT row id from {@link io.kitesql.catalog.CatalogStore#allocateRowIds},
 *       increasing, so it scans in insertion order and allows duplicate rows.
 *   <li>{@code indexId} is the index's id within its table, 4 raw big-endian bytes.
 *   <li>A row whose variable-width values are long keeps the longest out of line (row format
 *       version 2, {@link io.kitesql.codec.RowLayout}), each under its row's pk and its column (u16
 *       big-endian), so the row stays in LMDB's B-tree leaf; see {@code LongValues}.
 *   <li>{@code values} are the indexed columns' values in index order. The trailing {@code pk}
 *       makes every entry unique, ties sort by primary key, the row key is {@code tablePrefix 'r'
 *       pk}, and a covered scan reads indexed and primary-key columns from the key alone.
 *   <li>A UNIQUE index is checked by seeking {@code tablePrefix 'i' indexId values}: any entry
 *       starting with it conflicts. Values with a NULL are not checked (SQL: NULLs never conflict).
 * </ul>
 *
 * <p>Keys are limited to 511 bytes (LMDB): a primary key or index entry over it fails with
 * KEY_TOO_LARGE naming the table and key. Zero copy: in a read-only transaction the rows of {@code
 * get} and the cursors hold text and binary values that are views of the map, valid until the
 * transaction ends (then they throw {@link IllegalStateException}); write transactions copy. DOUBLE
 * values read from keys (covered scans) come back normalized as keys store them: -0.0 as 0.0, every
 * NaN as the canonical NaN.
 *
 * <p>Depends on {@code io.kitesql.storage}, {@code io.kitesql.codec}, {@code io.kitesql.catalog},
 * {@code io.kitesql.value} and {@code io.kitesql.options} (its experiment switches).
 */
package io.kitesql.table;
