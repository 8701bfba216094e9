package io.kitesql.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one run measured, in the order it was measured; the report reads only this. */
public final class Results {

  /** A cell's outcome: numbers, or why there are none. */
  public sealed interface Outcome permits Measured, Unsupported {}

  /**
   * A measured cell.
   *
   * @param p50Micros the median of the rounds' median latencies per execution
   * @param p99Micros 99th percentile latency over the executions of all rounds
   * @param bytesPerExecution Java heap bytes allocated per execution by the executing thread, over
   *     all rounds
   * @param executions measured executions, all rounds
   * @param roundSpread the slowest round's median latency over the fastest round's (1 with one
   *     round)
   */
  public record Measured(
      double p50Micros,
      double p99Micros,
      double bytesPerExecution,
      int executions,
      double roundSpread)
      implements Outcome {}

  /** The engine raised an error for the statement. */
  public record Unsupported(String reason) implements Outcome {}

  /**
   * Where a cell sits in the report.
   *
   * @param table e.g. "1"
   * @param variant e.g. "lookup", "char_length"
   * @param tier the note length (Tables 1–3) or the document kind (Table 4)
   * @param engine the engine's label
   */
  public record Key(String table, String variant, String tier, String engine) {}

  /**
   * What the map check of one engine found.
   *
   * @param values text values checked
   * @param borrowedBytes bytes of values that were views of native memory
   * @param copiedBytes bytes of values that were owned copies
   * @param violations borrowed values outside the LMDB map
   * @param engineBorrowed the engine's own count of bytes lent from its map (rows and keys read),
   *     -1 if none
   * @param engineCopied the engine's own count of bytes copied out of its map, -1 if none
   */
  public record MapCheck(
      long values,
      long borrowedBytes,
      long copiedBytes,
      long violations,
      long engineBorrowed,
      long engineCopied) {
    MapCheck plus(MapCheck o) {
      return new MapCheck(
          values + o.values,
          borrowedBytes + o.borrowedBytes,
          copiedBytes + o.copiedBytes,
          violations + o.violations,
          add(engineBorrowed, o.engineBorrowed),
          add(engineCopied, o.engineCopied));
    }

    private static long add(long a, long b) {
      return a < 0 || b < 0 ? -1 : a + b;
    }
  }

  /**
   * One bulk insert.
   *
   * @param engine engine label
   * @param noteLength bytes per note
   * @param batch rows per transaction
   * @param rows rows inserted
   * @param rowsPerSecond throughput
   */
  public record Write(String engine, int noteLength, int batch, int rows, double rowsPerSecond) {}

  /**
   * One DML cell of {@link DmlBench} (median of its rounds).
   *
   * @param cell what was run
   * @param engine engine label
   * @param operations statements (read-modify-write) or rows (bulk DML) per round
   * @param millis the median round's time
   * @param opsPerSecond operations per second in that round
   */
  public record Dml(
      String cell, String engine, int operations, double millis, double opsPerSecond) {}

  /**
   * One cell of {@link GroupCommitBench}: concurrent one-row write transactions.
   *
   * @param engine engine label
   * @param durability the durability label (SYNC, NO_SYNC, or H2's defaults)
   * @param threads writer threads
   * @param transactionsPerSecond transactions begun in the measured window per second
   * @param p99Micros 99th percentile of one transaction's latency (begin, insert, commit) in that
   *     window
   * @param transactions every transaction of the run, warm-up included
   * @param lmdbCommits KiteSQL's LMDB commits over the run (shared by group commit), -1 for the
   *     peers
   */
  public record GroupCommit(
      String engine,
      String durability,
      int threads,
      double transactionsPerSecond,
      double p99Micros,
      long transactions,
      long lmdbCommits) {}

  /**
   * One cell of {@link GroupKeysBench}: GROUP BY over {@code distinct} long text keys.
   *
   * @param keys {@link GroupKeysBench#ADVERSARIAL} or {@link GroupKeysBench#ORDINARY}
   * @param distinct distinct keys (each in two rows)
   * @param engine engine label
   * @param millis median time of one execution
   */
  public record GroupKeys(String keys, int distinct, String engine, double millis) {}

  /**
   * One cell of Table 7 ({@link SpringQueriesBench}).
   *
   * @param shape the query shape's name
   * @param rows rows in the table
   * @param engine engine label
   * @param outcome what was measured
   */
  public record SpringQuery(String shape, int rows, String engine, Outcome outcome) {}

  public final Map<Key, Outcome> cells = new LinkedHashMap<>();

  /** Used heap after a full GC with the engine open, minus before opening it; key: tier, engine. */
  public final Map<List<String>, Long> retainedHeap = new LinkedHashMap<>();

  /** Open an existing database to first result, µs; key: tier, engine. */
  public final Map<List<String>, Double> coldStartMicros = new LinkedHashMap<>();

  /** Per engine label. */
  public final Map<String, MapCheck> mapChecks = new LinkedHashMap<>();

  public final List<Write> writes = new ArrayList<>();
  public final List<Dml> dml = new ArrayList<>();
  public final List<GroupCommit> groupCommits = new ArrayList<>();
  public final List<GroupKeys> groupKeys = new ArrayList<>();
  public final List<SpringQuery> springQueries = new ArrayList<>();

  /** Table 7: KiteSQL's EXPLAIN of every statement, per table size. */
  public final Map<Integer, String> springQueryPlans = new LinkedHashMap<>();

  /** Settings and versions discovered while running (e.g. H2's default cache size). */
  public final Map<String, String> facts = new LinkedHashMap<>();

  /** Rows per tier (Tables 1–3) and documents (Table 4). */
  public final Map<String, Integer> dataRows = new LinkedHashMap<>();

  public long elapsedMillis;

  public void put(Key key, Outcome outcome) {
    cells.put(key, outcome);
  }

  public Outcome get(String table, String variant, String tier, String engine) {
    return cells.get(new Key(table, variant, tier, engine));
  }

  public void addMapCheck(String engine, MapCheck check) {
    mapChecks.merge(engine, check, MapCheck::plus);
  }
}
