/**
 * The executor: physical operators (one per file) built from immutable plans, and the runners of
 * DML and DDL.
 *
 * <p>An operator tree belongs to one execution at a time: pooled with its execution context, it
 * starts clean in {@code open} and lets go of every row in {@code close}, so reused plans forget by
 * construction. Materializing operators (sort, top-N, hash aggregate, DISTINCT) keep the row values
 * themselves: borrowed text stays a view of the LMDB map.
 *
 * <p>Depends on {@code plan}, {@code expr}, {@code bind} (statement shapes), {@code table}, {@code
 * catalog}, {@code codec} (scans that read single columns of stored rows), {@code storage}, {@code
 * value} and {@code options} (its experiment switches).
 */
package io.kitesql.exec;
