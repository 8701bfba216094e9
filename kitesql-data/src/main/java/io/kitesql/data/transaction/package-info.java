/**
 * Spring transactions over KiteSQL: {@link io.kitesql.data.transaction.KiteSqlTransactionManager}
 * maps read-only Spring transactions to KiteSQL read-only transactions (values borrowed from the
 * LMDB map) and the others to the database's one read-write transaction; {@link
 * io.kitesql.data.transaction.ReadOnlyTxn} names it on service methods. Depends on kitesql-core's
 * api package and spring-tx only (spring-web for the optional view interceptor).
 */
@NullMarked
package io.kitesql.data.transaction;

import org.jspecify.annotations.NullMarked;
