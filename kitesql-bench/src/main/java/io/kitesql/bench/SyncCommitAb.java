package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Locale;

/**
 * Durable one-row transactions on one thread, the engines alternating in rounds: KiteSQL {@code
 * SYNC}, KiteSQL {@code NO_META_SYNC} and SQLite WAL {@code synchronous=FULL}, each round a fresh
 * database of each, 200 unmeasured transactions first. The figure is µs per transaction, and a
 * round's ratio compares KiteSQL {@code SYNC} with SQLite in the same round, so that the disk's
 * moods (other processes' writes make one flush cost 0.05 to 10 ms here) fall on both alike.
 *
 * <p>An LMDB commit writes its dirty pages, flushes them ({@code fdatasync}), then writes its meta
 * page through a descriptor opened {@code O_DSYNC}: two waits for the device per commit, where
 * SQLite's WAL appends its frames and waits once ({@code fsync}). {@code NO_META_SYNC} leaves the
 * meta page's flush to the next commit: one wait, and a crash of the machine may lose the last
 * commit. Where a commit's time goes is seen from outside, per system call: {@code strace -f -T -e
 * trace=fsync,fdatasync,pwrite64 -o trace.txt java ... --sync-commit 1 1000} (docs/storage.md has a
 * run). Run: {@code -Dbench -Dbench.args="--sync-commit [rounds] [transactions]"}.
 */
final class SyncCommitAb {
  private static final String NOTE = "x".repeat(64);
  private static final String DDL = "create table t (id bigint primary key, note varchar)";
  private static final String INSERT = "insert into t values (?, ?)";
  private static final int WARM_UP = 200;

  private SyncCommitAb() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int transactions = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
    var module =
        Files.isDirectory(Path.of("kitesql-bench")) ? Path.of("kitesql-bench") : Path.of(".");
    var work =
        Files.createTempDirectory(
            Files.createDirectories(module.resolve("target").toAbsolutePath()), "sync-commit");
    var ratios = new ArrayList<Double>();
    System.out.println(
        "| round | KiteSQL SYNC | KiteSQL NO_META_SYNC | SQLite FULL | KiteSQL SYNC ÷ SQLite (tx/s) |");
    System.out.println("|---|---|---|---|---|");
    for (int round = 1; round <= rounds; round++) {
      var dir = Files.createDirectory(work.resolve("round-" + round));
      double sync = kiteSql(dir.resolve("sync"), Durability.SYNC, transactions);
      double noMetaSync =
          kiteSql(dir.resolve("no-meta-sync"), Durability.NO_META_SYNC, transactions);
      double sqlite = sqlite(dir.resolve("sqlite.db"), transactions);
      ratios.add(sqlite / sync);
      System.out.printf(
          Locale.ROOT,
          "| %d | %.0f µs | %.0f µs | %.0f µs | %.2fx |%n",
          round,
          sync,
          noMetaSync,
          sqlite,
          sqlite / sync);
    }
    ratios.sort(null);
    System.out.printf(
        Locale.ROOT,
        "%nMedian KiteSQL SYNC ÷ SQLite FULL over %d rounds: %.2fx (rounds %s)%n",
        rounds,
        ratios.get(ratios.size() / 2),
        ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).toList());
  }

  /** µs per one-row transaction through {@code Database.write}. */
  private static double kiteSql(Path dir, Durability durability, int transactions) {
    try (var db = KiteSql.open(dir, StorageOptions.defaults().withDurability(durability))) {
      db.write(tx -> tx.execute(DDL));
      var insert = db.prepare(INSERT);
      for (int i = 0; i < WARM_UP; i++) {
        long id = -1 - i;
        db.write(tx -> tx.execute(insert, id, NOTE));
      }
      long start = System.nanoTime();
      for (int i = 0; i < transactions; i++) {
        long id = i;
        db.write(tx -> tx.execute(insert, id, NOTE));
      }
      return (System.nanoTime() - start) / 1e3 / transactions;
    }
  }

  /** µs per one-row transaction, autocommit, a prepared statement reused. */
  private static double sqlite(Path file, int transactions) throws Exception {
    try (var connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      try (var statement = connection.createStatement()) {
        statement.execute("pragma journal_mode=wal");
        statement.execute("pragma synchronous=full");
        statement.execute(DDL);
      }
      try (var insert = connection.prepareStatement(INSERT)) {
        for (int i = 0; i < WARM_UP; i++) {
          insert.setLong(1, -1 - i);
          insert.setString(2, NOTE);
          insert.executeUpdate();
        }
        long start = System.nanoTime();
        for (int i = 0; i < transactions; i++) {
          insert.setLong(1, i);
          insert.setString(2, NOTE);
          insert.executeUpdate();
        }
        return (System.nanoTime() - start) / 1e3 / transactions;
      }
    }
  }
}
