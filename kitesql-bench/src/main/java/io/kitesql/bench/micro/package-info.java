/**
 * JMH micro-benchmarks of the engine's hottest paths, beside the end-to-end benchmark of {@code
 * io.kitesql.bench}: decoding a stored row ({@link io.kitesql.bench.micro.RowDecodeBenchmark}), an
 * index point lookup through SQL and through the table layer ({@link
 * io.kitesql.bench.micro.IndexSeekBenchmark}), {@code charAt}/{@code length} of borrowed text
 * ({@link io.kitesql.bench.micro.TextCharAtBenchmark}), whole-text access of borrowed text beside
 * the same on a {@code String} ({@link io.kitesql.bench.micro.TextBulkBenchmark}), and regex
 * searches and {@code charAt} loops over borrowed text beside a {@code String} ({@link
 * io.kitesql.bench.micro.TextScanBenchmark}).
 *
 * <p>Every build compiles them (JMH's annotation processor generates the stubs and {@code
 * META-INF/BenchmarkList}); only the {@code -Djmh} profile runs them. See the "Micro-benchmarks
 * (JMH)" section of {@code kitesql-bench/README.md} for the command and a recorded run.
 *
 * <p>Uses the engine's public API only ({@code api}, {@code sql}, {@code table}, {@code storage},
 * {@code codec}, {@code value}). Each benchmark runs on one thread; its state lives in one
 * {@code @State} class that also releases what it opened (arenas, transactions, databases, scratch
 * directories).
 */
package io.kitesql.bench.micro;
