package io.kitesql.bench.tpcc;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What a TPC-C run measures.
 *
 * @param name "full", "quick" or "smoke" (names the report file)
 * @param scale what is loaded
 * @param warmUp one unmeasured run per column before the rounds
 * @param round one measured run per column and round
 * @param rounds measured rounds; the columns run interleaved, the first rotating each round
 * @param variants with or without the harness's quirks
 * @param pairs durability pairs
 * @param terminals terminal counts
 * @param readOnlyRow adds, per engine, a column with Order-Status and Stock-Level in read-only
 *     transactions
 * @param engines the engines to run
 */
public record TpccConfig(
    String name,
    Scale scale,
    Duration warmUp,
    Duration round,
    int rounds,
    List<Variant> variants,
    List<Pair> pairs,
    List<Integer> terminals,
    boolean readOnlyRow,
    Set<EngineId> engines) {

  /**
   * The engines (KiteSQL twice: through {@code Database.beginWrite} and through {@code
   * writeOnWriterThread}).
   */
  public enum EngineId {
    KITE,
    KITE_WRITER_THREAD,
    SQLITE,
    H2
  }

  /** Durability pairs: each engine's setting of the pair. */
  public enum Pair {
    /**
     * The harness's: no fsync per commit. KiteSQL NO_SYNC, SQLite WAL synchronous=NORMAL, H2
     * defaults.
     */
    NO_SYNC(
        "(a) no fsync per commit: KiteSQL NO_SYNC, SQLite WAL synchronous=NORMAL, H2 defaults (500 ms write delay)"),
    /** Durable commits. KiteSQL SYNC, SQLite WAL synchronous=FULL, H2 with WRITE_DELAY 0. */
    DURABLE("(b) durable: KiteSQL SYNC, SQLite WAL synchronous=FULL, H2 WRITE_DELAY 0");

    final String description;

    Pair(String description) {
      this.description = description;
    }
  }

  /**
   * 3 rounds of 60 s after a 10 s warm-up per column, pair (a), 1 terminal, the harness's variant.
   */
  public static TpccConfig full() {
    return new TpccConfig(
        "full",
        Scale.FULL,
        Duration.ofSeconds(10),
        Duration.ofSeconds(60),
        3,
        List.of(Variant.UPSTREAM),
        List.of(Pair.NO_SYNC),
        List.of(1),
        false,
        Set.of(EngineId.values()));
  }

  /** The same with 20 s rounds and a 5 s warm-up. */
  public static TpccConfig quick() {
    return new TpccConfig(
        "quick",
        Scale.FULL,
        Duration.ofSeconds(5),
        Duration.ofSeconds(20),
        3,
        List.of(Variant.UPSTREAM),
        List.of(Pair.NO_SYNC),
        List.of(1),
        false,
        Set.of(EngineId.values()));
  }

  /**
   * Tiny tables and 0.15 s rounds, both variants, pair (a), 1 terminal, the read-only row: for the
   * test suite.
   */
  public static TpccConfig smoke() {
    return new TpccConfig(
        "smoke",
        Scale.TINY,
        Duration.ofMillis(50),
        Duration.ofMillis(150),
        3,
        List.of(Variant.values()),
        List.of(Pair.NO_SYNC),
        List.of(1),
        true,
        Set.of(EngineId.values()));
  }

  /**
   * Parses the arguments after {@code --tpcc}: a preset ({@code full}, {@code quick}, {@code
   * smoke}) and overrides.
   */
  public static TpccConfig parse(List<String> args) {
    var config = args.contains("smoke") ? smoke() : args.contains("quick") ? quick() : full();
    for (int i = 0; i < args.size(); i++) {
      String value = i + 1 < args.size() ? args.get(i + 1) : "";
      config =
          switch (args.get(i)) {
            case "full", "quick", "smoke" -> config;
            case "--rounds" -> config.with(Integer.parseInt(value), config.round, config.warmUp);
            case "--seconds" ->
                config.with(
                    config.rounds,
                    Duration.ofMillis((long) (Double.parseDouble(value) * 1000)),
                    config.warmUp);
            case "--warm-up" ->
                config.with(
                    config.rounds,
                    config.round,
                    Duration.ofMillis((long) (Double.parseDouble(value) * 1000)));
            case "--terminals" ->
                new TpccConfig(
                    config.name,
                    config.scale,
                    config.warmUp,
                    config.round,
                    config.rounds,
                    config.variants,
                    config.pairs,
                    List.of(value.split(",")).stream().map(Integer::parseInt).toList(),
                    config.readOnlyRow,
                    config.engines);
            case "--pairs" ->
                new TpccConfig(
                    config.name,
                    config.scale,
                    config.warmUp,
                    config.round,
                    config.rounds,
                    config.variants,
                    List.of(value.split(",")).stream()
                        .map(p -> p.equals("a") ? Pair.NO_SYNC : Pair.DURABLE)
                        .toList(),
                    config.terminals,
                    config.readOnlyRow,
                    config.engines);
            case "--variants" ->
                new TpccConfig(
                    config.name,
                    config.scale,
                    config.warmUp,
                    config.round,
                    config.rounds,
                    List.of(value.split(",")).stream()
                        .map(v -> Variant.valueOf(v.toUpperCase()))
                        .toList(),
                    config.pairs,
                    config.terminals,
                    config.readOnlyRow,
                    config.engines);
            case "--read-only-row" ->
                new TpccConfig(
                    config.name,
                    config.scale,
                    config.warmUp,
                    config.round,
                    config.rounds,
                    config.variants,
                    config.pairs,
                    config.terminals,
                    true,
                    config.engines);
            default ->
                config; // values of the options above, and --out / --work (read by TpccReport)
          };
    }
    return config;
  }

  private TpccConfig with(int rounds, Duration round, Duration warmUp) {
    return new TpccConfig(
        name, scale, warmUp, round, rounds, variants, pairs, terminals, readOnlyRow, engines);
  }
}
