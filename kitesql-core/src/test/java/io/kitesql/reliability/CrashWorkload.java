package io.kitesql.reliability;

import io.kitesql.api.Database;
import io.kitesql.api.ReadWriteTransaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The deterministic write workload of {@link CrashSafetyTest}: transaction {@code n} writes what
 * {@code n} alone determines, so the expected database after transactions 0..n is computable
 * ({@link Model}) and compared exactly with what a reopened database holds.
 *
 * <p>Transaction 0 creates the schema and 20 accounts of 1000. Transaction n ≥ 1 inserts {@code k =
 * 1 + n % 4} events (every fifth transaction's first one with a 10–200 KB payload, so overflow
 * pages), one audit row recording k, one trail row (a table with a hidden row id); moves an amount
 * between two accounts (the sum stays 20000); every third transaction rewrites the events of
 * transaction n - 2 (kind and payload, so index entries move); every seventh deletes everything
 * transaction n - 5 wrote.
 */
final class CrashWorkload {
  static final int ACCOUNTS = 20;
  static final long TOTAL = ACCOUNTS * 1000L;

  private CrashWorkload() {}

  static int eventCount(long n) {
    return 1 + (int) (n % 4);
  }

  static int from(long n) {
    return (int) (n % ACCOUNTS);
  }

  static int to(long n) {
    return (int) ((n * 7 + 3) % ACCOUNTS);
  }

  static long amount(long n) {
    return n % 50 + 1;
  }

  static String kind(long n, int seq) {
    return "k" + (n + seq) % 5;
  }

  static boolean deletes(long n) {
    return n % 7 == 0 && n > 5;
  }

  static boolean rewrites(long n) {
    return n % 3 == 0 && n > 2;
  }

  /** The payload of event (n, seq): large for the first event of every fifth transaction. */
  static String payload(long n, int seq) {
    int length = n % 5 == 0 && seq == 0 ? 10_000 + (int) (n * 7919 % 190_000) : 20 + (int) (n % 50);
    return text(n * 31 + seq, length);
  }

  /** The payload transaction {@code n} writes over the events of transaction n - 2. */
  static String rewritten(long n, int seq) {
    return text(n * 17 + seq + 5, n % 2 == 0 ? 12_000 + (int) (n % 7) * 9_000 : 40);
  }

  private static String text(long seed, int length) {
    var sb = new StringBuilder(length);
    String unit = seed + ":" + Long.toHexString(seed * 0x9E3779B97F4A7C15L) + ";";
    while (sb.length() < length) {
      sb.append(unit);
    }
    sb.setLength(length);
    return sb.toString();
  }

  /**
   * Runs transaction {@code n} in its own write transaction; returns a summary of what it wrote.
   */
  static String run(Database db, long n) {
    return db.write(tx -> n == 0 ? createSchema(tx) : apply(tx, n));
  }

  private static String createSchema(ReadWriteTransaction tx) {
    tx.execute(
        "create table accounts (id int primary key, balance bigint not null, owner varchar)");
    tx.execute("create index accounts_balance on accounts (balance)");
    tx.execute(
        "create table events (tx bigint, seq int, kind varchar, payload varchar, primary key (tx, seq))");
    tx.execute("create index events_kind on events (kind, tx)");
    tx.execute("create table audit (tx bigint primary key, n int not null, tag varchar unique)");
    tx.execute("create table trail (tx bigint, note varchar)");
    tx.execute("create index trail_tx on trail (tx)");
    for (int i = 0; i < ACCOUNTS; i++) {
      tx.execute("insert into accounts values (?, 1000, ?)", i, "owner" + i);
    }
    return "schema";
  }

  private static String apply(ReadWriteTransaction tx, long n) {
    int k = eventCount(n);
    for (int s = 0; s < k; s++) {
      tx.execute("insert into events values (?, ?, ?, ?)", n, s, kind(n, s), payload(n, s));
    }
    tx.execute("insert into audit values (?, ?, ?)", n, k, "tag" + n);
    tx.execute("insert into trail values (?, ?)", n, "t" + n);
    if (from(n) != to(n)) {
      tx.execute("update accounts set balance = balance - ? where id = ?", amount(n), from(n));
      tx.execute("update accounts set balance = balance + ? where id = ?", amount(n), to(n));
    }
    if (rewrites(n)) {
      for (int s = 0; s < eventCount(n - 2); s++) {
        tx.execute(
            "update events set kind = 'upd', payload = ? where tx = ? and seq = ?",
            rewritten(n, s),
            n - 2,
            s);
      }
    }
    if (deletes(n)) {
      tx.execute("delete from events where tx = ?", n - 5);
      tx.execute("delete from audit where tx = ?", n - 5);
      tx.execute("delete from trail where tx = ?", n - 5);
    }
    return "events="
        + k
        + " transfer="
        + from(n)
        + "->"
        + to(n)
        + ":"
        + amount(n)
        + (rewrites(n) ? " rewrite=" + (n - 2) : "")
        + (deletes(n) ? " delete=" + (n - 5) : "");
  }

  /** A rendering of one event row: key, kind, payload length and hash. */
  static String event(long tx, int seq, String kind, String payload) {
    return tx + "/" + seq + " " + kind + " len=" + payload.length() + " hash=" + payload.hashCode();
  }

  /** The expected contents after transactions 0..last, rendered as by {@link CrashSafetyTest}. */
  record Model(
      List<Long> balances, Map<String, String> events, Map<Long, String> audit, List<Long> trail) {
    static Model after(long last) {
      var balances = new long[ACCOUNTS];
      java.util.Arrays.fill(balances, 1000);
      var events = new TreeMap<String, String>();
      var audit = new TreeMap<Long, String>();
      var trail = new TreeMap<Long, Long>();
      for (long n = 1; n <= last; n++) {
        int k = eventCount(n);
        for (int s = 0; s < k; s++) {
          events.put(key(n, s), event(n, s, kind(n, s), payload(n, s)));
        }
        audit.put(n, k + " tag" + n);
        trail.put(n, n);
        if (from(n) != to(n)) {
          balances[from(n)] -= amount(n);
          balances[to(n)] += amount(n);
        }
        if (rewrites(n)) {
          for (int s = 0; s < eventCount(n - 2); s++) {
            if (events.containsKey(key(n - 2, s))) {
              events.put(key(n - 2, s), event(n - 2, s, "upd", rewritten(n, s)));
            }
          }
        }
        if (deletes(n)) {
          for (int s = 0; s < eventCount(n - 5); s++) {
            events.remove(key(n - 5, s));
          }
          audit.remove(n - 5);
          trail.remove(n - 5);
        }
      }
      var list = new ArrayList<Long>();
      for (long b : balances) {
        list.add(b);
      }
      return new Model(list, events, audit, new ArrayList<>(trail.keySet()));
    }

    /** Event map keys sort as (tx, seq) numerically. */
    static String key(long tx, int seq) {
      return String.format("%012d/%03d", tx, seq);
    }
  }
}
