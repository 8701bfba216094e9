package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While a close is being refused because a transaction stays open, the database stays open for
 * everyone: other threads' reads, writes and statements wait behind the close attempt and then
 * succeed, instead of failing with "database is closed" (as IllegalStateException and as
 * DATABASE_CLOSED) although the close is refused in the end.
 */
class RefusedCloseTest {
  @TempDir Path dir;

  private Database open() {
    var db =
        KiteSql.open(
            dir,
            StorageOptions.defaults()
                .withMapSize(16L << 20)
                .withDrainWait(Duration.ofMillis(300))
                .withReaderWait(Duration.ofSeconds(20))
                .withWriterWait(Duration.ofSeconds(20)));
    db.execute("create table t (id int primary key, v int)");
    db.execute("insert into t values (0, 0)");
    return db;
  }

  @Test
  void otherThreadsKeepWorkingWhileACloseIsRefused() throws Exception {
    var failures = new ConcurrentLinkedQueue<Throwable>();
    var done = new AtomicInteger();
    var refusals = new ArrayList<Throwable>();
    try (var db = open()) {
      var held = db.beginRead();
      var closing = new AtomicBoolean(true);
      try (var pool = Executors.newFixedThreadPool(4)) {
        List<Future<Throwable>> closes = new ArrayList<>();
        for (int attempt = 0; attempt < 3; attempt++) { // each refused after 300 ms
          closes.add(
              pool.submit(
                  () -> {
                    try {
                      db.close();
                      return null;
                    } catch (Throwable t) {
                      return t;
                    }
                  }));
        }
        for (int worker = 0; worker < 3; worker++) {
          int id = worker;
          pool.submit(
              () -> {
                for (int i = 1; closing.get(); i++) {
                  try {
                    work(db, id * 1_000_000 + i);
                    done.incrementAndGet();
                  } catch (Throwable t) {
                    failures.add(t);
                    return;
                  }
                }
              });
        }
        for (var close : closes) {
          refusals.add(close.get());
        }
        closing.set(false);
      }
      assertThat(failures).isEmpty();
      // Each concurrent close waits for the one before it and is refused too (none returns early).
      assertThat(refusals)
          .allSatisfy(
              t ->
                  assertThat(t)
                      .isInstanceOfSatisfying(
                          KiteSqlException.class,
                          e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.TRANSACTIONS_OPEN)));
      assertThat(done.get()).isPositive();
      assertThat(db.isClosed()).isFalse();
      try (var rows = held.query("select count(*) from t")) {
        rows.next();
        assertThat(rows.getLong(0)).isEqualTo(1); // the held snapshot, untouched
      }
      held.close();
      db.close();
      assertThat(db.isClosed()).isTrue();
      assertThatThrownBy(db::beginRead).isInstanceOf(IllegalStateException.class);
    }
  }

  private static void work(Database db, int key) {
    assertThat(db.isClosed()).isFalse();
    db.execute("insert into t values (?, ?)", key, key);
    var byId = db.prepare("select v from t where id = ?");
    long seen =
        db.read(
            tx -> {
              try (var rows = tx.query(byId, key)) {
                return rows.next() ? rows.getLong(0) : -1L;
              }
            });
    assertThat(seen).isEqualTo(key);
    assertThat(db.catalog().table("t")).isPresent();
  }
}
