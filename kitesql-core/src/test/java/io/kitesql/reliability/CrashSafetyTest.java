package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.reliability.CrashWorkload.Model;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM running {@link CrashWorkloadMain} with SIGKILL at random moments (fixed seed)
 * and checks after each kill that the database opens, the catalog is intact, it holds exactly the
 * transactions the child reported committed (plus possibly the one in flight, in full), no partial
 * transaction, and {@link Database#checkIntegrity()} finds nothing; the child also backs the
 * database up continuously and is killed right after a backup started, and the last finished backup
 * must open intact ({@link #verifyBackups}). The next round continues the workload on the same
 * database.
 *
 * <p>Rounds: {@code -Dkitesql.crash.rounds} (default 5); seed: {@code -Dkitesql.crash.seed}.
 */
class CrashSafetyTest {
  @TempDir Path dir;

  @Test
  void killedWritersLoseNothingCommittedAndLeaveNothingHalfDone() throws Exception {
    int rounds = Integer.getInteger("kitesql.crash.rounds", 5);
    var random = new Random(Long.getLong("kitesql.crash.seed", 20250611L));
    long next = 0; // the next transaction number to run
    long totalCommits = 0;
    int killedDuringBackup = 0;
    for (int round = 0; round < rounds; round++) {
      int delay = 50 + random.nextInt(900);
      var run = runAndKill(next, delay);
      assertThat(run.lastCommitted())
          .as("round %d: the child committed something (log %s)", round, run.log())
          .isGreaterThanOrEqualTo(next);
      long present = verify(run.lastCommitted(), round, run.log());
      totalCommits += present - next + 1;
      boolean duringBackup = verifyBackups(next, round, run.log());
      killedDuringBackup += duringBackup ? 1 : 0;
      System.out.printf(
          "crash round %d: killed %d ms after the first commit%s; transactions %d..%d reported, "
              + "%d present%n",
          round,
          delay,
          duringBackup ? ", during a backup" : "",
          next,
          run.lastCommitted(),
          present);
      next = present + 1;
    }
    assertThat(totalCommits).isGreaterThanOrEqualTo(rounds);
    assertThat(killedDuringBackup).as("rounds killed while a backup ran").isPositive();
  }

  /**
   * The last backup the child finished opens, passes the integrity check and holds a state of the
   * workload (balances sum up, every transaction whole); the one the kill cut short, if any, is
   * refused as damaged or opens (the copy may have finished before its "done" line), never crashes.
   * Returns whether the child was killed during a backup.
   */
  private boolean verifyBackups(long first, int round, List<String> log) throws Exception {
    long started = -1;
    long done = -1;
    for (var line : log) {
      if (line.startsWith("backup started ")) {
        started = Long.parseLong(line.substring("backup started ".length()));
      } else if (line.startsWith("backup done ") && line.endsWith(" end")) {
        done = Long.parseLong(line.split(" ")[2]);
      }
    }
    if (done >= 0) {
      try (var copy = KiteSql.open(CrashWorkloadMain.backupDir(dir, first, done))) {
        assertThat(copy.checkIntegrity().problems())
            .as("round %d: integrity of backup %d", round, done)
            .isEmpty();
        checkInvariants(read(copy));
      }
    }
    if (started <= done) {
      return false;
    }
    var cut = CrashWorkloadMain.backupDir(dir, first, started);
    if (Files.exists(cut.resolve("data.mdb"))) {
      var opened =
          ChildJvm.run(
              dir.resolveSibling("open-cut-backup-" + round),
              OpenDatabaseMain.class,
              cut.toString());
      assertThat(opened.crashed())
          .as("round %d: opening the cut backup: %s", round, opened)
          .isFalse();
      assertThat(opened.stdout())
          .as("round %d", round)
          .containsAnyOf("refused INVALID_DATABASE_FILE", "opened");
    }
    return true;
  }

  private record Run(long lastCommitted, List<String> log) {}

  /**
   * Starts the child at transaction {@code first}, kills it {@code delayMillis} after its first
   * commit.
   */
  private Run runAndKill(long first, int delayMillis) throws Exception {
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var command =
        List.of(
            java,
            "--enable-native-access=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1",
            "-Xshare:auto",
            "-cp",
            System.getProperty("java.class.path"),
            CrashWorkloadMain.class.getName(),
            dir.toString(),
            Long.toString(first));
    // stdout goes straight into a file (no pipe): what the child wrote before the kill is all
    // there.
    var log = dir.resolveSibling(dir.getFileName() + "-child-" + first + ".out");
    var process =
        new ProcessBuilder(command)
            .redirectOutput(log.toFile())
            .redirectError(dir.resolveSibling(dir.getFileName() + "-child.err").toFile())
            .start();
    try {
      // A hang guard only (a child JVM starts slowly on a loaded machine): what is tested comes
      // after the kill.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.readString(log).contains("committed ")) {
        assertThat(process.isAlive()).as("the child runs").isTrue();
        assertThat(System.nanoTime()).as("the child commits within 120 s").isLessThan(deadline);
        Thread.sleep(10);
      }
      Thread.sleep(delayMillis);
      // Then strike right after a backup started, so the kill lands in one (the copy runs for a few
      // ms).
      long backups = countBackupsStarted(log);
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (countBackupsStarted(log) == backups && System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    } finally {
      process.destroyForcibly(); // SIGKILL on Linux
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    var lines = Files.readAllLines(log);
    long last = first - 1;
    for (var line : lines) {
      // Only whole lines count: a line cut by the kill lacks its " end".
      if (line.startsWith("committed ") && line.endsWith(" end")) {
        last = Math.max(last, Long.parseLong(line.split(" ")[1]));
      }
    }
    return new Run(last, List.copyOf(lines));
  }

  private static long countBackupsStarted(Path log) throws java.io.IOException {
    return Files.readString(log).lines().filter(l -> l.startsWith("backup started ")).count();
  }

  /**
   * Checks the reopened database against the model after {@code reported} (every reported commit is
   * durable) or {@code reported + 1} (the transaction in flight committed but was not yet
   * reported). Returns which of them it holds.
   */
  private long verify(long reported, int round, List<String> log) {
    try (var db = KiteSql.open(dir)) {
      var catalog = db.catalog();
      for (var table : List.of("accounts", "events", "audit", "trail")) {
        assertThat(catalog.table(table)).as("round %d: table %s", round, table).isPresent();
      }
      assertThat(catalog.requireTable("events").index("events_kind")).isPresent();
      assertThat(catalog.requireTable("accounts").index("accounts_balance")).isPresent();

      var actual = read(db);
      long present;
      if (actual.equals(Model.after(reported))) {
        present = reported;
      } else {
        assertThat(actual)
            .as(
                "round %d: after transaction %d or %d; child log ends %s",
                round, reported, reported + 1, log.subList(Math.max(0, log.size() - 3), log.size()))
            .isEqualTo(Model.after(reported + 1));
        present = reported + 1;
      }
      checkInvariants(actual);

      var report = db.checkIntegrity();
      assertThat(report.problems()).as("round %d: integrity", round).isEmpty();
      assertThat(report.rowsChecked()).isPositive();
      return present;
    }
  }

  /**
   * Invariants that hold whatever the model says: money is conserved, every transaction is whole.
   */
  static void checkInvariants(Model actual) {
    assertThat(actual.balances().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(CrashWorkload.TOTAL);
    var perTx = new TreeMap<Long, Integer>();
    actual
        .events()
        .keySet()
        .forEach(k -> perTx.merge(Long.parseLong(k.substring(0, 12)), 1, Integer::sum));
    actual
        .audit()
        .forEach(
            (tx, n) ->
                assertThat(perTx.getOrDefault(tx, 0))
                    .as("events of transaction %d", tx)
                    .isEqualTo(Integer.parseInt(n.split(" ")[0])));
    assertThat(perTx.keySet()).isEqualTo(actual.audit().keySet());
    assertThat(actual.trail()).isEqualTo(List.copyOf(actual.audit().keySet()));
  }

  /** The database's contents, rendered as {@link Model} renders its expectation. */
  static Model read(Database db) {
    return db.read(
        tx -> {
          var balances = new ArrayList<Long>();
          try (var rows = tx.query("select balance from accounts order by id")) {
            while (rows.next()) {
              balances.add(rows.getLong(0));
            }
          }
          Map<String, String> events = new TreeMap<>();
          try (var rows = tx.query("select tx, seq, kind, payload from events")) {
            while (rows.next()) {
              long t = rows.getLong(0);
              int s = rows.getInt(1);
              events.put(
                  Model.key(t, s),
                  CrashWorkload.event(
                      t, s, rows.getText(2).toString(), rows.getText(3).toString()));
            }
          }
          Map<Long, String> audit = new TreeMap<>();
          try (var rows = tx.query("select tx, n, tag from audit")) {
            while (rows.next()) {
              audit.put(rows.getLong(0), rows.getInt(1) + " " + rows.getText(2));
            }
          }
          var trail = new ArrayList<Long>();
          try (var rows = tx.query("select tx from trail order by tx")) {
            while (rows.next()) {
              trail.add(rows.getLong(0));
            }
          }
          return new Model(balances, events, audit, trail);
        });
  }
}
