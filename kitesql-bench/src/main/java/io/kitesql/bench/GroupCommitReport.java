package io.kitesql.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The report section of {@link GroupCommitBench}'s cells (group commit). */
final class GroupCommitReport {
  private final Results r;

  GroupCommitReport(Results results) {
    this.r = results;
  }

  /** One table per durability, thread counts down, engines across; empty if nothing ran. */
  String section() {
    if (r.groupCommits.isEmpty()) {
      return "";
    }
    var out =
        new StringBuilder(
            """

        ## Concurrent one-row write transactions: group commit

        Each of N threads inserts one 64 B row per transaction into a fresh table (primary key), for a \
        fixed time after a warm-up; a transaction counts if it began in the measured window. KiteSQL through \
        `Database.write` on platform threads and on virtual threads, and as a control on platform threads \
        with group commit off (`-Dkitesql.groupCommit=false`: every transaction its own LMDB commit); SQLite and H2 through one JDBC connection \
        per thread, autocommit (SQLite WAL, `busy_timeout` 60 s). `NO_SYNC`: KiteSQL `Durability.NO_SYNC`, \
        SQLite `synchronous=NORMAL`. `SYNC`: KiteSQL `Durability.SYNC` (fsync per LMDB commit), SQLite \
        `synchronous=FULL` (fsync of the WAL per commit). H2 has no fsync-per-commit setting and runs once, \
        with its defaults (%s: MVStore writes in the background), shown in both tables. Cells: transactions/s and the 99th percentile latency \
        of one transaction (begin, insert, commit); for KiteSQL also transactions per LMDB commit (commits \
        shared by concurrent writers). The ratios compare throughput: KiteSQL with group commit on \
        and off (platform threads), and KiteSQL's better of platform and virtual threads over each peer.
        """
                .formatted("no fsync per commit"));
    for (var durability : List.of("NO_SYNC", "SYNC")) {
      out.append("\n### ")
          .append(durability)
          .append("\n\n| threads | ")
          .append(String.join(" | ", GroupCommitBench.ENGINES))
          .append(" | group commit on ÷ off | KiteSQL ÷ SQLite | KiteSQL ÷ H2 |\n|---|")
          .append("---|".repeat(GroupCommitBench.ENGINES.size() + 3))
          .append('\n');
      for (int threads : GroupCommitBench.THREADS) {
        out.append("| ").append(threads);
        for (var engine : GroupCommitBench.ENGINES) {
          out.append(" | ")
              .append(find(engine, durability, threads).map(GroupCommitReport::cell).orElse("–"));
        }
        out.append(" | ").append(onOverOff(durability, threads));
        out.append(" | ").append(ratio(durability, threads, GroupCommitBench.SQLITE));
        out.append(" | ").append(ratio(durability, threads, GroupCommitBench.H2)).append(" |\n");
      }
    }
    return out.toString();
  }

  private static String cell(Results.GroupCommit g) {
    var text = String.format("%,.0f tx/s, p99 %,.0f µs", g.transactionsPerSecond(), g.p99Micros());
    if (g.lmdbCommits() > 0) {
      text += String.format(", %.1f tx/commit", (double) g.transactions() / g.lmdbCommits());
    }
    return text;
  }

  /** KiteSQL's best throughput (platform or virtual threads) over {@code peer}'s. */
  private String ratio(String durability, int threads, String peer) {
    var kite =
        find(GroupCommitBench.KITE, durability, threads)
            .map(Results.GroupCommit::transactionsPerSecond);
    var virtual =
        find(GroupCommitBench.KITE_VIRTUAL, durability, threads)
            .map(Results.GroupCommit::transactionsPerSecond);
    double best = Math.max(kite.orElse(0.0), virtual.orElse(0.0));
    var p = find(peer, durability, threads);
    if (best == 0 || p.isEmpty()) {
      return "–";
    }
    return String.format("%.2fx", best / p.get().transactionsPerSecond());
  }

  /**
   * The durable targets: KiteSQL's {@code SYNC} one-row transactions (platform threads, the
   * ordinary {@code Database.write}) at least {@code bound} times SQLite's {@code synchronous=FULL}
   * rate at {@code threads} threads.
   */
  TargetSection.Line syncTarget(int threads, double bound) {
    String target =
        String.format(
            Locale.ROOT,
            "KiteSQL SYNC one-row transactions, %d thread%s, ≥ %.1fx SQLite synchronous=FULL's rate",
            threads,
            threads == 1 ? "" : "s",
            bound);
    var kite = find(GroupCommitBench.KITE, "SYNC", threads);
    var sqlite = find(GroupCommitBench.SQLITE, "SYNC", threads);
    if (kite.isEmpty() || sqlite.isEmpty()) {
      return TargetSection.Line.of(target, null, "not run");
    }
    double ratio = kite.get().transactionsPerSecond() / sqlite.get().transactionsPerSecond();
    return TargetSection.Line.of(
        target,
        ratio >= bound,
        String.format(
            Locale.ROOT,
            "%,.0f vs %,.0f tx/s = %.2fx",
            kite.get().transactionsPerSecond(),
            sqlite.get().transactionsPerSecond(),
            ratio));
  }

  /** KiteSQL on platform threads, group commit on over off. */
  private String onOverOff(String durability, int threads) {
    var on = find(GroupCommitBench.KITE, durability, threads);
    var off = find(GroupCommitBench.KITE_SOLO, durability, threads);
    if (on.isEmpty() || off.isEmpty()) {
      return "–";
    }
    return String.format(
        "%.2fx", on.get().transactionsPerSecond() / off.get().transactionsPerSecond());
  }

  private Optional<Results.GroupCommit> find(String engine, String durability, int threads) {
    String label = engine.equals(GroupCommitBench.H2) ? GroupCommitBench.H2_DURABILITY : durability;
    return r.groupCommits.stream()
        .filter(
            g ->
                g.engine().equals(engine) && g.durability().equals(label) && g.threads() == threads)
        .findFirst();
  }

  /**
   * Runs only these cells and prints the section. Argument {@code quick} (or {@code smoke}) for a
   * short window (else the full run's).
   */
  public static void main(String[] args) throws Exception {
    var arguments = List.of(args);
    var config =
        arguments.contains("quick") || arguments.contains("smoke")
            ? BenchConfig.quick()
            : BenchConfig.full();
    var results = new Results();
    var work = Path.of(System.getProperty("java.io.tmpdir"), "kitesql-group-commit-bench");
    BenchRunner.delete(work);
    new GroupCommitBench(config, work, results, System.out::println).run();
    BenchRunner.delete(work);
    System.out.println(new GroupCommitReport(results).section());
  }
}
