/**
 * The public API: {@link io.kitesql.api.KiteSql#open} a {@link io.kitesql.api.Database} (or {@link
 * io.kitesql.api.KiteSql#inMemory} one for tests and throwaway data), {@link
 * io.kitesql.api.Database#prepare prepare} statements once, run them in {@link
 * io.kitesql.api.ReadOnlyTransaction}s (values borrowed from the LMDB map until the transaction
 * ends) or the {@link io.kitesql.api.ReadWriteTransaction}. An {@link
 * io.kitesql.api.ExecutionListener} set on the database is told of every execution (metrics,
 * tracing).
 *
 * <p>Depends on every stage below it; nothing depends on it.
 */
@NullMarked
package io.kitesql.api;

import org.jspecify.annotations.NullMarked;
