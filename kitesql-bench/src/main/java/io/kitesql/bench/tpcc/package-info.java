/**
 * TPC-C beside SQLite and H2: the harness of the Rust project this one follows (schema, loader
 * distributions, statement texts, the 10:10:1:1:1 deck, retries, tpmC as committed New-Orders per
 * minute), with its quirks ({@link io.kitesql.bench.tpcc.Variant#UPSTREAM}) and without them
 * ({@link io.kitesql.bench.tpcc.Variant#SPECIFICATION}), on KiteSQL through its public API and on
 * SQLite and H2 through JDBC. {@link io.kitesql.bench.tpcc.TpccReport} runs it; see the TPC-C
 * section of {@code kitesql-bench/README.md}.
 *
 * <p>Depends on {@code io.kitesql.api}, {@code io.kitesql.storage} and, of {@code
 * io.kitesql.bench}, on {@code NoiseVerdict}, {@code KiteEngine}'s storage options and {@code
 * BenchMain}'s machine description; of that package only {@code BenchMain} refers back to it (its
 * {@code --tpcc} argument).
 */
@NullMarked
package io.kitesql.bench.tpcc;

import org.jspecify.annotations.NullMarked;
