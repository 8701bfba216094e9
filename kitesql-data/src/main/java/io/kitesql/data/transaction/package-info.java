/**
 * Spring transactions over KiteSQL: {@link io.kitesql.data.transaction.KiteSqlTransactionManager}
 * maps read-only Spring transactions to KiteSQL read-only transactions (values borrowed from the
 * LMDB map) and the others to the database's one read-write transaction, binding a {@link
 * io.kitesql.data.transaction.KiteSqlTransactionHolder} that {@link
 * io.kitesql.data.transaction.KiteSqlTransactions} finds; {@link
 * io.kitesql.data.transaction.ReadOnlyTxn} names it on service methods; {@link
 * io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor} keeps a read-only transaction
 * open for a web request. Depends on kitesql-core's api package and spring-tx only (spring-web and
 * the servlet API for the optional view interceptor).
 */
@NullMarked
package io.kitesql.data.transaction;

import org.jspecify.annotations.NullMarked;
