package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A running statement stops when its thread is interrupted ({@code Future.cancel(true)}) or its
 * deadline passes (the database's statement timeout, the transaction's timeout), with an error
 * saying so, and lets go of its transaction. {@link #SLOW} would run for many minutes (8 billion
 * combinations): the generous waits below only catch a statement that does not stop; they measure
 * nothing.
 */
class StatementCancellationTest {
  private static final String SLOW =
      "select count(*) from t a, t b, t c where a.id + b.id + c.id < 0";

  /** Far longer than a stopped statement needs, far shorter than {@link #SLOW} runs. */
  private static final long ENDS_WITHIN_SECONDS = 60;

  @TempDatabase Database db;
  private final ExecutorService executor = Executors.newCachedThreadPool();

  @BeforeEach
  void fill() {
    db.execute("create table t (id int primary key)");
    db.execute("create table sink (id int)");
    db.write(
        tx -> {
          var insert = db.prepare("insert into t values (?)");
          for (int i = 0; i < 2000; i++) {
            tx.execute(insert, i);
          }
          return null;
        });
  }

  @AfterEach
  void close() {
    executor.shutdownNow();
  }

  @Test
  void futureCancelStopsARunningQueryAndEndsItsTransaction() throws Exception {
    var slow = db.prepare(SLOW); // parsed and planned here: the interrupt comes while it executes
    var reading = new AtomicReference<ReadOnlyTransaction>();
    var borrowedAtStart = new AtomicLong();
    var interruptedAtTheEnd = new AtomicBoolean();
    var outcome = new CompletableFuture<Throwable>();
    var task =
        executor.submit(
            () -> {
              try (var tx = db.beginRead()) {
                borrowedAtStart.set(tx.bytesBorrowed());
                reading.set(tx);
                try (var rows = tx.query(slow)) {
                  rows.next();
                }
                outcome.complete(null);
              } catch (Throwable e) {
                interruptedAtTheEnd.set(Thread.currentThread().isInterrupted());
                outcome.complete(e);
              }
            });
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(ENDS_WITHIN_SECONDS);
    while (reading.get() == null
        || reading.get().bytesBorrowed() == borrowedAtStart.get()) { // not reading rows yet
      assertThat(System.nanoTime() - until).as("the query started reading").isNegative();
      Thread.sleep(5);
    }
    task.cancel(true);
    var failure = outcome.get(ENDS_WITHIN_SECONDS, TimeUnit.SECONDS);
    assertThat(failure).isInstanceOf(KiteSqlException.class).hasMessageContaining("interrupted");
    assertThat(((KiteSqlException) failure).errorCode()).isEqualTo(ErrorCode.STATEMENT_CANCELLED);
    assertThat(interruptedAtTheEnd).as("the interrupt flag stays set").isTrue();
    assertThat(reading.get().isOpen()).isFalse();
    assertThat(count("select count(*) from t")).isEqualTo(2000);
  }

  @Test
  void theStatementTimeoutStopsAQuery() throws Exception {
    db.setStatementTimeout(Duration.ofMillis(300));
    assertThat(db.statementTimeout()).isEqualTo(Duration.ofMillis(300));
    var failure = failureOf(() -> count(SLOW));
    assertThat(failure).hasMessageContaining("statement timeout of 300 ms");
    assertThat(failure.errorCode()).isEqualTo(ErrorCode.STATEMENT_TIMEOUT);
    assertThat(count("select count(*) from t")).isEqualTo(2000); // short statements still run
    db.setStatementTimeout(Duration.ZERO);
    assertThat(db.statementTimeout()).isEqualTo(Duration.ZERO);
  }

  @Test
  void theStatementTimeoutStopsAWriteAndUndoesIt() throws Exception {
    db.setStatementTimeout(Duration.ofMillis(300));
    var failure =
        failureOf(
            () ->
                db.execute(
                    "insert into sink select a.id from t a, t b, t c where a.id + b.id + c.id < 100"));
    assertThat(failure.errorCode()).isEqualTo(ErrorCode.STATEMENT_TIMEOUT);
    assertThat(count("select count(*) from sink")).isZero();
    assertThat(db.execute("insert into sink values (1)")).isEqualTo(1);
  }

  @Test
  void aTransactionTimeoutStopsItsRunningStatementAndRefusesLaterOnes() throws Exception {
    try (var tx = db.beginRead()) {
      tx.setTimeout(Duration.ofMillis(300));
      var failure = failureOf(() -> tx.query(SLOW).next());
      assertThat(failure).hasMessageContaining("transaction's timeout of 300 ms");
      assertThat(failure.errorCode()).isEqualTo(ErrorCode.STATEMENT_TIMEOUT);
      // past the deadline even a one-row statement fails at once
      assertThatThrownBy(() -> tx.query("select 1"))
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.STATEMENT_TIMEOUT));
      tx.clearTimeout();
      try (var rows = tx.query("select count(*) from t")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getLong(0)).isEqualTo(2000);
      }
    }
  }

  @Test
  void timeoutsMustBePositive() {
    try (var tx = db.beginRead()) {
      for (var bad : new Duration[] {Duration.ZERO, Duration.ofSeconds(-1)}) {
        assertThatThrownBy(() -> tx.setTimeout(bad))
            .isInstanceOf(KiteSqlException.class)
            .satisfies(
                e ->
                    assertThat(((KiteSqlException) e).errorCode())
                        .isEqualTo(ErrorCode.INVALID_ARGUMENT));
      }
    }
    assertThatThrownBy(() -> db.setStatementTimeout(Duration.ofMillis(-1)))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.INVALID_ARGUMENT));
  }

  @Test
  void parsingOnAnInterruptedThreadReportsTheInterruptAndKeepsTheFlag() {
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> db.prepare("select id from t where id = 42"))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("interrupted")
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.STATEMENT_CANCELLED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(db.prepare("select id from t where id = 42").isQuery()).isTrue();
  }

  /**
   * What {@code statement} throws on another thread, which must end within {@link
   * #ENDS_WITHIN_SECONDS}.
   */
  private KiteSqlException failureOf(Supplier<?> statement) throws Exception {
    var outcome =
        executor
            .submit(
                () -> {
                  try {
                    statement.get();
                    return null;
                  } catch (KiteSqlException e) {
                    return e;
                  }
                })
            .get(ENDS_WITHIN_SECONDS, TimeUnit.SECONDS);
    assertThat(outcome).as("the statement failed").isNotNull();
    return outcome;
  }

  private long count(String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getLong(0);
          }
        });
  }
}
