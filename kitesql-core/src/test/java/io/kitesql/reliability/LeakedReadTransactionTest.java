package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Text;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read transactions dropped without close() are reclaimed: they used to hold their read context for
 * good, so once the pool was used up every beginRead failed with READERS_EXHAUSTED and close()
 * always refused. Values kept from a reclaimed transaction throw IllegalStateException. A
 * transaction that is still referenced is never reclaimed. The warning each reclaimed transaction
 * logs is captured here (not printed) and checked.
 */
class LeakedReadTransactionTest {
  /**
   * The engine's System.Logger of leaked reads, as java.util.logging sees it (held: JUL keeps
   * loggers weakly).
   */
  private static final Logger LEAKS = Logger.getLogger("io.kitesql.storage.LeakedReads");

  @TempDir Path dir;
  private final List<LogRecord> logged = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord log) {
          logged.add(log);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void captureLeakWarnings() {
    LEAKS.addHandler(capture);
    LEAKS.setUseParentHandlers(false);
  }

  @AfterEach
  void printLeakWarningsAgain() {
    LEAKS.removeHandler(capture);
    LEAKS.setUseParentHandlers(true);
  }

  /** How many "never closed" warnings were logged for this test's database. */
  private long leakWarnings() {
    return logged.stream()
        .filter(
            r ->
                r.getLevel() == Level.WARNING
                    && r.getMessage().contains(dir.toString())
                    && r.getMessage().contains("was never closed"))
        .count();
  }

  private Database open() {
    var db =
        KiteSql.open(
            dir,
            StorageOptions.defaults()
                .withMapSize(16L << 20)
                .withReadPoolSize(2)
                .withReaderWait(Duration.ofMillis(500))
                .withDrainWait(Duration.ofMillis(300)));
    db.execute("create table notes (id int primary key, body varchar)");
    db.execute("insert into notes values (1, 'first'), (2, 'second')");
    return db;
  }

  /** Begins a read transaction, reads a value and drops the transaction and its cursor unclosed. */
  private static Text leakOne(Database db) {
    var tx = db.beginRead();
    var rows = tx.query("select body from notes where id = 1");
    rows.next();
    var body = rows.getText(0);
    assertThat(body.toString()).isEqualTo("first");
    return body;
  }

  @Test
  void leakedTransactionsAreReclaimedWhenThePoolRunsOut() {
    try (var db = open()) {
      Text kept = leakOne(db);
      leakOne(db); // both pooled contexts are now held by unreachable transactions

      // Both contexts at once: only possible once both leaked transactions were reclaimed (a
      // collection may already have reclaimed one of them, so a single read proves little).
      try (var a = db.beginRead();
          var b = db.beginRead()) {
        try (var rows = b.query("select count(*) from notes")) {
          rows.next();
          assertThat(rows.getLong(0)).isEqualTo(2);
        }
        assertThat(a.isOpen()).isTrue();
      }
      // Each reclaimed transaction warned before its context went back to the pool.
      assertThat(leakWarnings()).isEqualTo(2);
      assertThatThrownBy(kept::toString).isInstanceOf(IllegalStateException.class);
      for (int i = 0; i < 5; i++) { // both contexts are back in the pool for good
        try (var a = db.beginRead();
            var b = db.beginRead()) {
          assertThat(a.isOpen() && b.isOpen()).isTrue();
        }
      }
    }
  }

  @Test
  void closeReclaimsLeakedTransactions() {
    var db = open();
    leakOne(db);
    db.close();
    assertThat(db.isClosed()).isTrue();
    assertThat(leakWarnings()).isEqualTo(1);
  }

  @Test
  void aReferencedTransactionIsNeverReclaimed() {
    try (var db = open()) {
      var tx = db.beginRead();
      var rows = tx.query("select body from notes where id = 2");
      rows.next();
      var body = rows.getText(0);
      assertThatThrownBy(db::close)
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.TRANSACTIONS_OPEN));
      System.gc();
      assertThat(body.toString()).isEqualTo("second");
      assertThat(tx.isOpen()).isTrue();
      tx.close();
      Reference.reachabilityFence(tx);
    }
    assertThat(leakWarnings()).isZero();
  }
}
