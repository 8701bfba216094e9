package io.kitesql.bench;

import java.util.List;

/**
 * The sizes of one run.
 *
 * @param name "full", "quick", "long-rows" or "smoke"
 * @param tiers note lengths in bytes, each tier in its own fresh databases
 * @param maxRows orders rows per tier (the same for every tier, so that only the note length
 *     varies)
 * @param maxTierBytes the most note bytes per tier (a tier that would exceed it gets fewer rows)
 * @param docGroups groups of 100 documents for Table 4
 * @param warmupMillis warm-up time per cell (at least {@code minExecutions} executions)
 * @param measureMillis measured time per cell, split evenly over its rounds
 * @param rounds measured rounds per cell, each of at least {@code minExecutions} executions
 * @param minExecutions the fewest executions per warm-up and per round
 * @param maxExecutions the most measured executions per cell, split evenly over its rounds
 * @param writeRows rows per bulk insert in batches of 1000
 * @param writeRowsSingle rows per bulk insert in batches of 1 (one transaction per row)
 */
public record BenchConfig(
    String name,
    List<Integer> tiers,
    int maxRows,
    long maxTierBytes,
    int docGroups,
    long warmupMillis,
    long measureMillis,
    int rounds,
    int minExecutions,
    int maxExecutions,
    int writeRows,
    int writeRowsSingle) {

  /** Rows sharing one (customer_id, status) pair: what one lookup returns. */
  public static final int ROWS_PER_PAIR = 10;

  /** Documents per group in Table 4: what one fetch returns. */
  public static final int DOCS_PER_GROUP = 100;

  /** Target size of one JSON or CSV document. */
  public static final int DOC_BYTES = 16 * 1024;

  /** The full run: every tier, about 4–5 minutes on 2 cores. */
  public static BenchConfig full() {
    return new BenchConfig(
        "full",
        List.of(64, 1024, 4096, 16384, 65536, 262144),
        2_000,
        512L << 20,
        30,
        400,
        1500,
        5,
        30,
        5000,
        100_000,
        10_000);
  }

  /** Under a minute: three tiers, small data, short rounds. */
  public static BenchConfig quick() {
    return new BenchConfig(
        "quick", List.of(64, 4096, 65536), 500, 32L << 20, 3, 60, 120, 3, 10, 1000, 3_000, 500);
  }

  /**
   * The long-row check in a few minutes: the 64 B and 256 KiB tiers only, 1,000 rows each,
   * quick-sized cells with 5 rounds.
   */
  public static BenchConfig longRows() {
    return new BenchConfig(
        "long-rows", List.of(64, 262144), 1_000, 512L << 20, 3, 100, 300, 5, 10, 1000, 3_000, 500);
  }

  /** The CI smoke test: the smallest tier, tiny data, a few executions. */
  public static BenchConfig smoke() {
    return new BenchConfig("smoke", List.of(64), 200, 1L << 20, 2, 5, 10, 2, 5, 50, 300, 50);
  }

  /**
   * The unmeasured pass that runs before this one so that the JIT has compiled every engine's paths
   * (C2 needs seconds, more than one cell's warm-up): none for the smoke run, the smoke run twice
   * for the quick run, two tiers with longer cells for the full run.
   */
  public List<BenchConfig> jitWarmup() {
    return switch (name) {
      case "smoke" -> List.of();
      case "quick", "long-rows" -> List.of(smoke(), smoke());
      default ->
          List.of(
              new BenchConfig(
                  "jit-warmup",
                  List.of(64, 4096),
                  1_000,
                  64L << 20,
                  2,
                  300,
                  300,
                  1,
                  5,
                  5000,
                  0,
                  0));
    };
  }

  /**
   * Table 5's warm-up per cell: at least 2 s outside the smoke run. Its stacks are deep (AOP
   * proxies, transaction interceptors, Spring Data's query execution and mapping), and on a loaded
   * 2-core machine C2 took about 1.5–2 s of calls to compile KiteSQL's repository path: measured
   * after the ordinary warm-up, the cell measured the compiler (3-8x the steady state), not the
   * code. Every column of Table 5 gets the same warm-up.
   */
  public long repositoryWarmupMillis() {
    return name.equals("smoke") ? warmupMillis : Math.max(warmupMillis, 2000);
  }

  /** This configuration with another warm-up per cell. */
  public BenchConfig withWarmupMillis(long millis) {
    return new BenchConfig(
        name,
        tiers,
        maxRows,
        maxTierBytes,
        docGroups,
        millis,
        measureMillis,
        rounds,
        minExecutions,
        maxExecutions,
        writeRows,
        writeRowsSingle);
  }

  /** This configuration with other tiers (note lengths in bytes). */
  public BenchConfig withTiers(List<Integer> tiers) {
    return new BenchConfig(
        name,
        List.copyOf(tiers),
        maxRows,
        maxTierBytes,
        docGroups,
        warmupMillis,
        measureMillis,
        rounds,
        minExecutions,
        maxExecutions,
        writeRows,
        writeRowsSingle);
  }

  /** The orders rows of a tier: up to {@link #maxRows}, fewer when notes are long. */
  public int rowsFor(int noteLength) {
    long byBytes = maxTierBytes / noteLength;
    long rows = Math.min(maxRows, byBytes);
    return (int) Math.max(ROWS_PER_PAIR * 5L, rows - rows % ROWS_PER_PAIR);
  }
}
