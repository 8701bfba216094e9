package io.kitesql.reliability;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Text;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Run in a child JVM by {@link ConcurrentMisuseTest}, so that a JVM crash fails that test and not
 * the build. Arguments: mode ({@code queries} or {@code close}), database directory, milliseconds
 * to run, seed, threads, text size in chars. Prints {@code ok ...} and exits 0 when every answer
 * was right; prints {@code FAIL ...} and exits 2 on a wrong answer or an unexpected exception.
 *
 * <ul>
 *   <li>{@code queries}: one read-only transaction shared by several threads, each running counting
 *       queries at the same time; every count must be exact. Also one result cursor read by every
 *       thread at once: each step moves or is refused, never both or neither.
 *   <li>{@code close}: rounds of threads reading a large borrowed text in bulk ({@code toString},
 *       {@code writeUtf8To}, {@code copy}, {@code hashCode}, {@code equals}) and running queries on
 *       the shared transaction, while the owner ends the transaction and closes the database. Each
 *       read must give the complete, correct value or {@link IllegalStateException}.
 * </ul>
 */
public final class ConcurrentMisuseMain {
  static final int ROWS = 3000;

  private ConcurrentMisuseMain() {}

  public static void main(String[] args) throws Exception {
    var dir = Path.of(args[1]);
    long millis = Long.parseLong(args[2]);
    var random = new Random(Long.parseLong(args[3]));
    int threads = Integer.parseInt(args[4]);
    int textChars = Integer.parseInt(args[5]);
    try (var db = open(dir)) {
      fill(db, textChars);
    }
    String result =
        switch (args[0]) {
          case "queries" -> sharedQueries(dir, millis, threads);
          case "close" -> closeWhileReading(dir, millis, random, threads, textChars);
          default -> throw new IllegalArgumentException("mode " + args[0]);
        };
    System.out.println(result);
    System.out.flush();
    System.exit(result.startsWith("ok") ? 0 : 2);
  }

  static Database open(Path dir) {
    return KiteSql.open(
        dir,
        StorageOptions.defaults()
            .withMapSize(1L << 30)
            .withDurability(Durability.NO_SYNC)
            .withDrainWait(Duration.ofSeconds(10)));
  }

  /**
   * {@code t}: ROWS rows with ids 0.. and short bodies; {@code big}: one row whose text has {@code
   * textChars} chars.
   */
  static void fill(Database db, int textChars) {
    db.execute("create table t (id int primary key, body varchar)");
    db.execute("create table big (id int primary key, body varchar)");
    var insert = db.prepare("insert into t values (?, ?)");
    db.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            tx.execute(insert, i, "row " + i);
          }
          return null;
        });
    db.execute("insert into big values (1, ?)", bigText(textChars));
  }

  /** Deterministic ASCII with a varying pattern, so that bytes of other pages would not match. */
  static String bigText(int chars) {
    var sb = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      sb.append((char) ('a' + (i * 7 + i / 4096) % 26));
    }
    return sb.toString();
  }

  /** One transaction, {@code threads} threads querying it at once, over and over. */
  static String sharedQueries(Path dir, long millis, int threads) throws InterruptedException {
    var failure = new AtomicReference<String>();
    var queries = new AtomicLong();
    long deadline = System.nanoTime() + millis * 1_000_000;
    try (var db = open(dir)) {
      var count = db.prepare("select count(*) from t");
      var range = db.prepare("select count(*) from t where id >= ? and id < ?");
      var point = db.prepare("select body from t where id = ?");
      while (System.nanoTime() < deadline && failure.get() == null) {
        try (var tx = db.beginRead()) {
          sharedCursor(tx, db.prepare("select id from t"), threads, failure);
          runAll(
              threads,
              t -> {
                var random = new Random(t);
                for (int i = 0; i < 300 && failure.get() == null; i++) {
                  int from = random.nextInt(ROWS);
                  if (i % 50 == 0) {
                    check(failure, "count", single(tx, count).longValue(), ROWS);
                  }
                  check(
                      failure,
                      "range from " + from,
                      single(tx, range, from, from + 20).longValue(),
                      Math.min(20, ROWS - from));
                  try (var rows = tx.query(point, from)) {
                    String body = rows.next() ? rows.getText(0).toString() : null;
                    if (!("row " + from).equals(body)) {
                      failure.compareAndSet(null, "point " + from + " gave " + body);
                    }
                  }
                  queries.addAndGet(2);
                }
              },
              failure);
        }
      }
    }
    return failure.get() == null ? "ok " + queries + " queries" : "FAIL " + failure.get();
  }

  /**
   * Misuse: one {@code RowCursor} read by every thread at once. Each {@code next()} either moves or
   * is refused with {@link IllegalStateException} (then retried), so the moves add up to the row
   * count exactly.
   */
  private static void sharedCursor(
      ReadOnlyTransaction tx,
      io.kitesql.api.PreparedStatement all,
      int threads,
      AtomicReference<String> failure)
      throws InterruptedException {
    var moves = new AtomicLong();
    var refusals = new AtomicLong();
    try (var rows = tx.query(all)) {
      runAll(
          threads,
          t -> {
            while (true) {
              try {
                if (!rows.next()) {
                  return;
                }
                moves.incrementAndGet();
              } catch (IllegalStateException e) {
                refusals.incrementAndGet(); // another thread was inside next()
              }
            }
          },
          failure);
    }
    check(
        failure,
        "rows read through one shared cursor (" + refusals + " refusals)",
        moves.get(),
        ROWS);
  }

  private static Number single(
      ReadOnlyTransaction tx, io.kitesql.api.PreparedStatement statement, Object... params) {
    try (var rows = tx.query(statement, params)) {
      rows.next();
      return (Number) rows.get(0);
    }
  }

  private static void check(
      AtomicReference<String> failure, String what, long actual, long expected) {
    if (actual != expected) {
      failure.compareAndSet(null, what + ": " + actual + " instead of " + expected);
    }
  }

  /**
   * Rounds of: open, begin a read transaction, take the big text; readers read it in bulk and query
   * the transaction while the owner, after a short random pause, ends the transaction and closes
   * the database.
   */
  static String closeWhileReading(Path dir, long millis, Random random, int threads, int textChars)
      throws InterruptedException {
    var failure = new AtomicReference<String>();
    var complete = new AtomicLong();
    var refused = new AtomicLong();
    String expected = bigText(textChars);
    int expectedHash = Text.of(expected).hashCode();
    long deadline = System.nanoTime() + millis * 1_000_000;
    int rounds = 0;
    while ((System.nanoTime() < deadline || rounds < 3) && failure.get() == null) {
      rounds++;
      var db = open(dir);
      var tx = db.beginRead();
      Text text;
      try (var rows = tx.query("select body from big where id = 1")) {
        rows.next();
        text = rows.getText(0);
      }
      var count = db.prepare("select count(*) from t");
      var started = new CountDownLatch(threads);
      var readers =
          startAll(
              threads,
              t -> {
                started.countDown();
                for (int i = t; failure.get() == null; i++) {
                  try {
                    readOnce(i, text, expected, expectedHash, tx, count, failure);
                    complete.incrementAndGet();
                  } catch (IllegalStateException e) {
                    refused.incrementAndGet();
                    return;
                  } catch (KiteSqlException e) {
                    refused.incrementAndGet(); // the database closed before a query began
                    return;
                  }
                }
              },
              failure);
      started.await();
      Thread.sleep(random.nextInt(25)); // sometimes mid-read, sometimes after some reads completed
      tx.close();
      db.close();
      for (var r : readers) {
        r.join();
      }
    }
    return failure.get() == null
        ? "ok " + rounds + " rounds, " + complete + " complete reads, " + refused + " refused"
        : "FAIL " + failure.get();
  }

  private static void readOnce(
      int kind,
      Text text,
      String expected,
      int expectedHash,
      ReadOnlyTransaction tx,
      io.kitesql.api.PreparedStatement count,
      AtomicReference<String> failure)
      throws Exception {
    switch (kind % 5) {
      case 0 -> {
        if (!text.toString().equals(expected)) {
          failure.compareAndSet(null, "toString returned other bytes");
        }
      }
      case 1 -> {
        var sink = new Checksum();
        text.writeUtf8To(sink);
        if (sink.bytes != expected.length() || sink.sum != Checksum.of(expected)) {
          failure.compareAndSet(null, "writeUtf8To wrote other bytes");
        }
      }
      case 2 -> {
        if (!text.copy().toString().equals(expected)) {
          failure.compareAndSet(null, "copy returned other bytes");
        }
      }
      case 3 -> {
        if (text.hashCode() != expectedHash || !text.equals(Text.of(expected))) {
          failure.compareAndSet(null, "hashCode/equals saw other bytes");
        }
      }
      default -> check(failure, "count while closing", single(tx, count).longValue(), ROWS);
    }
  }

  /** A stream that keeps only a length and an order-dependent checksum. */
  private static final class Checksum extends OutputStream {
    long bytes;
    long sum;

    @Override
    public void write(int b) {
      sum = sum * 31 + (b & 0xFF);
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      for (int i = off; i < off + len; i++) {
        write(b[i]);
      }
    }

    static long of(String ascii) {
      var c = new Checksum();
      for (int i = 0; i < ascii.length(); i++) {
        c.write(ascii.charAt(i));
      }
      return c.sum;
    }
  }

  interface Work {
    void run(int thread) throws Exception;
  }

  static List<Thread> startAll(int threads, Work work, AtomicReference<String> failure) {
    var started = new ArrayList<Thread>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      started.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      work.run(id);
                    } catch (Throwable e) {
                      failure.compareAndSet(null, "thread " + id + ": " + e);
                      e.printStackTrace();
                    }
                  }));
    }
    return started;
  }

  static void runAll(int threads, Work work, AtomicReference<String> failure)
      throws InterruptedException {
    for (var t : startAll(threads, work, failure)) {
      t.join();
    }
  }
}
