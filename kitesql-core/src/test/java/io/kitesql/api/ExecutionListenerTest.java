package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.testing.Allocations;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ExecutionListener}: what it is told of each query and write, when, and on which thread.
 */
class ExecutionListenerTest {
  private static final int NOTE_BYTES = 16 * 1024;
  private static final int NOTES = 5;

  @TempDir Path dir;

  /** One ended execution as the listener saw it. */
  record Ended(String sql, Thread startedOn, Thread endedOn, ExecutionListener.Outcome outcome) {}

  /** Records every execution; counts starts, so an execution that never ends shows. */
  static final class Recorder implements ExecutionListener {
    final List<Ended> ended = new CopyOnWriteArrayList<>();
    final AtomicInteger started = new AtomicInteger();

    @Override
    public Execution started(PreparedStatement statement) {
      started.incrementAndGet();
      var on = Thread.currentThread();
      return outcome -> ended.add(new Ended(statement.sql(), on, Thread.currentThread(), outcome));
    }

    Ended only() {
      assertThat(ended).hasSize(1);
      assertThat(started.get()).isEqualTo(1);
      return ended.getFirst();
    }

    void clear() {
      ended.clear();
      started.set(0);
    }
  }

  /** NOTES rows whose note is NOTE_BYTES long; the listener is set afterwards. */
  private Database notes() {
    var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20));
    db.execute("create table notes (id int primary key, body varchar)");
    for (int i = 0; i < NOTES; i++) {
      db.execute("insert into notes values (?, ?)", i, "n".repeat(NOTE_BYTES));
    }
    return db;
  }

  @Test
  void aReadOnlyQueryReportsItsRowsAndBorrowsWithoutCopying() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      var all = db.prepare("select body from notes where id >= ?");
      int read =
          db.read(
              tx -> {
                int n = 0;
                try (var rows = tx.query(all, 0)) {
                  while (rows.next()) {
                    n += rows.getText(0).length() == NOTE_BYTES ? 1 : 0;
                    assertThat(recorder.ended).as("not ended while rows remain").isEmpty();
                  }
                }
                return n;
              });
      assertThat(read).isEqualTo(NOTES);
      var e = recorder.only();
      assertThat(e.sql()).isEqualTo("select body from notes where id >= ?");
      assertThat(e.outcome().rows()).isEqualTo(NOTES);
      // every note was lent: at least its bytes, and less than one more note's worth of keys and
      // headers
      assertThat(e.outcome().bytesBorrowed())
          .isBetween((long) NOTES * NOTE_BYTES, (long) (NOTES + 1) * NOTE_BYTES);
      assertThat(e.outcome().bytesCopied()).isZero();
      assertThat(e.outcome().failed()).isFalse();
      assertThat(e.endedOn()).isSameAs(e.startedOn()).isSameAs(Thread.currentThread());
    }
  }

  @Test
  void theSameQueryInAWriteTransactionCopies() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      db.write(tx -> DatabaseTest.rows(tx.query("select body from notes")));
      var e = recorder.only();
      assertThat(e.outcome().rows()).isEqualTo(NOTES);
      assertThat(e.outcome().bytesCopied())
          .isBetween((long) NOTES * NOTE_BYTES, (long) (NOTES + 1) * NOTE_BYTES);
      assertThat(e.outcome().bytesBorrowed()).isZero();
    }
  }

  @Test
  void writesReportTheRowsWritten() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      assertThat(db.execute("update notes set body = 'short' where id < ?", 3)).isEqualTo(3);
      var update = recorder.only();
      assertThat(update.sql()).isEqualTo("update notes set body = 'short' where id < ?");
      assertThat(update.outcome().rows()).isEqualTo(3);
      assertThat(update.outcome().bytesBorrowed()).isZero();
      assertThat(update.endedOn()).isSameAs(Thread.currentThread());

      recorder.clear();
      var named = db.prepare("delete from notes where id >= :from");
      long deleted = db.write(tx -> tx.execute(named, java.util.Map.of("from", 3)));
      assertThat(deleted).isEqualTo(2);
      assertThat(recorder.only().outcome().rows()).isEqualTo(2);
    }
  }

  @Test
  void everyExecutionIsReportedOnceInOrder() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      var insert = db.prepare("insert into notes values (?, ?)");
      db.write(
          tx -> {
            tx.execute(insert, 10, "a");
            tx.execute(insert, 11, "b");
            tx.execute("delete from notes where id = ?", 0);
            return null;
          });
      db.read(tx -> DatabaseTest.rows(tx.query("select count(*) from notes")));
      assertThat(recorder.started.get()).isEqualTo(4);
      assertThat(recorder.ended)
          .extracting(Ended::sql)
          .containsExactly(
              "insert into notes values (?, ?)",
              "insert into notes values (?, ?)",
              "delete from notes where id = ?",
              "select count(*) from notes");
      assertThat(recorder.ended)
          .extracting(e -> e.outcome().rows())
          .containsExactly(1L, 1L, 1L, 1L);
    }
  }

  @Test
  void failedWritesReportTheirError() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      var thrown = catchKiteSql(() -> db.execute("insert into notes values (?, ?)", 1, "again"));
      assertThat(thrown.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION);
      var e = recorder.only();
      assertThat(e.outcome().failure()).isSameAs(thrown);
      assertThat(e.outcome().rows()).isZero();

      recorder.clear();
      var kind = catchKiteSql(() -> db.execute("select body from notes"));
      assertThat(kind.errorCode()).isEqualTo(ErrorCode.WRONG_STATEMENT_KIND);
      assertThat(recorder.only().outcome().failure()).isSameAs(kind);
    }
  }

  @Test
  void failedQueriesReportTheirError() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      // fails before the cursor exists: one parameter missing
      var binding =
          catchKiteSql(() -> db.read(tx -> tx.query("select body from notes where id = ?")));
      assertThat(binding.errorCode()).isEqualTo(ErrorCode.PARAMETER_MISMATCH);
      var e = recorder.only();
      assertThat(e.outcome().failure()).isSameAs(binding);
      assertThat(e.endedOn()).isSameAs(Thread.currentThread());

      // fails while rows are read: 10 / (id - 2) fails at id 2, after the rows before it (a
      // key-order scan: ids 0 and 1)
      recorder.clear();
      long[] read = {0};
      var division =
          catchKiteSql(
              () ->
                  db.read(
                      tx -> {
                        try (var rows = tx.query("select 10 / (id - 2) from notes")) {
                          while (rows.next()) {
                            read[0]++;
                          }
                        }
                        return null;
                      }));
      assertThat(division.errorCode()).isEqualTo(ErrorCode.DIVISION_BY_ZERO);
      var failed = recorder.only();
      assertThat(failed.outcome().failure()).isSameAs(division);
      assertThat(read[0]).isEqualTo(2);
      assertThat(failed.outcome().rows()).isEqualTo(read[0]);
    }
  }

  @Test
  void aCursorClosedEarlyReportsTheRowsReadOnce() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      try (var tx = db.beginRead()) {
        var rows = tx.query("select id from notes order by id");
        assertThat(rows.next()).isTrue();
        assertThat(rows.next()).isTrue();
        rows.close();
        rows.close();
        assertThat(rows.next()).isFalse();
      }
      var e = recorder.only();
      assertThat(e.outcome().rows()).isEqualTo(2);
      assertThat(e.outcome().failed()).isFalse();
    }
  }

  @Test
  void aCursorLeftOpenEndsWithItsTransactionOnTheThreadEndingIt() throws Exception {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      var tx = db.beginRead();
      var rows = tx.query("select id from notes");
      assertThat(rows.next()).isTrue();
      var closer = Thread.ofPlatform().start(tx::close);
      closer.join();
      var e = recorder.only();
      assertThat(e.outcome().rows()).isEqualTo(1);
      assertThat(e.startedOn()).isSameAs(Thread.currentThread());
      assertThat(e.endedOn()).as("the thread that ended the transaction reports").isSameAs(closer);

      // a write transaction's commit closes its cursors too
      recorder.clear();
      db.write(tx2 -> tx2.query("select id from notes").next());
      assertThat(recorder.only().outcome().rows()).isEqualTo(1);
    }
  }

  @Test
  void noListenerIsToldOnceItIsRemovedOrNotInterested() {
    try (var db = notes()) {
      assertThat(db.executionListener()).isSameAs(ExecutionListener.NONE);
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      db.setExecutionListener(ExecutionListener.NONE);
      db.execute("delete from notes where id = ?", 0);
      db.read(tx -> DatabaseTest.rows(tx.query("select id from notes")));
      assertThat(recorder.started.get()).isZero();
      assertThat(recorder.ended).isEmpty();

      // started but not interested: nothing ends
      var asked = new AtomicInteger();
      db.setExecutionListener(
          statement -> {
            asked.incrementAndGet();
            return ExecutionListener.Execution.NONE;
          });
      db.execute("delete from notes where id = ?", 1);
      db.read(tx -> DatabaseTest.rows(tx.query("select id from notes")));
      assertThat(asked.get()).isEqualTo(2);

      assertThatThrownBy(() -> db.setExecutionListener(null))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
  }

  /**
   * No listener: a query allocates what it did before listeners existed. 320 B is what this point
   * query allocated per execution on main before the hook was added (commit cd57350, same JDK), and
   * a listener set and removed again leaves nothing behind.
   */
  @Test
  void withoutAListenerAQueryAllocatesNothingMore() {
    try (var db = notes()) {
      var byId = db.prepare("select body from notes where id = ?");
      long[] sink = new long[1];
      try (var tx = db.beginRead()) {
        Runnable inOpenTransaction =
            () -> {
              try (var rows = tx.query(byId, 3)) {
                while (rows.next()) {
                  sink[0] += rows.getText(0).length();
                }
              }
            };
        long never = Allocations.minBytes(500, inOpenTransaction);
        var recorder = new Recorder();
        db.setExecutionListener(recorder);
        long listened = Allocations.minBytes(500, inOpenTransaction);
        db.setExecutionListener(ExecutionListener.NONE);
        long removed = Allocations.minBytes(500, inOpenTransaction);
        System.out.printf(
            "bytes per point query: no listener %d, listening %d, removed %d%n",
            never, listened, removed);
        assertThat(never).isLessThanOrEqualTo(320);
        assertThat(removed).isLessThanOrEqualTo(never);
        assertThat(listened).as("the recorder did hear them").isGreaterThan(never);
        assertThat(recorder.ended).hasSize(1000);
      }
      assertThat(sink[0]).as("every run read the note").isEqualTo(3000L * NOTE_BYTES);
    }
  }

  /** Records the label of every execution and its outcome. */
  static final class LabelRecorder implements ExecutionListener {
    record Labelled(String sql, String label, Outcome outcome) {}

    final List<Labelled> ended = new CopyOnWriteArrayList<>();

    @Override
    public Execution started(PreparedStatement statement) {
      throw new AssertionError("the engine calls started(statement, label)");
    }

    @Override
    public Execution started(PreparedStatement statement, String label) {
      return outcome -> ended.add(new Labelled(statement.sql(), label, outcome));
    }
  }

  @Test
  void anExecutionCarriesTheLabelItsCallerGaveIt() {
    try (var db = notes()) {
      var recorder = new LabelRecorder();
      db.setExecutionListener(recorder);
      db.read(
          tx -> {
            DatabaseTest.rows(
                tx.queryLabelled("Notes.byId", "select id from notes where id = ?", 1));
            DatabaseTest.rows(
                tx.queryLabelled(
                    "Notes.byName", "select id from notes where id = :id", Map.of("id", 2)));
            return DatabaseTest.rows(tx.query("select id from notes where id = ?", 3));
          });
      db.write(
          tx -> {
            tx.executeLabelled("Notes.touch", "update notes set body = 'x' where id = ?", 1);
            tx.executeLabelled("Notes.drop", "delete from notes where id = :id", Map.of("id", 2));
            return tx.execute("delete from notes where id = ?", 3);
          });
      assertThat(recorder.ended)
          .extracting(LabelRecorder.Labelled::label)
          .containsExactly("Notes.byId", "Notes.byName", null, "Notes.touch", "Notes.drop", null);
      assertThat(recorder.ended)
          .extracting(e -> e.outcome().rows())
          .containsExactly(1L, 1L, 1L, 1L, 1L, 1L);
      assertThatThrownBy(() -> db.read(tx -> tx.queryLabelled(null, "select 1")))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }
  }

  @Test
  void theOutcomeCountsTheBytesTheCallerTookAndCopied() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      db.read(
          tx -> {
            try (var rows = tx.query("select id, body from notes where id < 2 order by id")) {
              rows.next();
              rows.getText(1); // one note taken
              rows.getLong(0); // a number is no text
              rows.next();
              rows.values(); // the second note, with its id
              rows.recordCopy(100); // the caller says it copied 100 bytes of them
              assertThat(rows.next()).isFalse();
            }
            return null;
          });
      var outcome = recorder.only().outcome();
      assertThat(outcome.bytesReturned()).isEqualTo(2L * NOTE_BYTES);
      assertThat(outcome.bytesCopied()).isEqualTo(100);

      recorder.clear();
      db.execute("update notes set body = 'y' where id = 4");
      assertThat(recorder.only().outcome().bytesReturned()).isZero();
    }
  }

  @Test
  void aCursorClosedForItsCallersFailureEndsFailed() {
    try (var db = notes()) {
      var recorder = new Recorder();
      db.setExecutionListener(recorder);
      var mapperFailure = new IllegalArgumentException("the mapper threw");
      db.read(
          tx -> {
            var rows = tx.query("select id from notes");
            rows.next();
            rows.closeFailed(mapperFailure);
            assertThat(rows.next()).as("closed").isFalse();
            rows.closeFailed(new IllegalStateException("a second failure is not reported"));
            return null;
          });
      var outcome = recorder.only().outcome();
      assertThat(outcome.failure()).isSameAs(mapperFailure);
      assertThat(outcome.rows()).isEqualTo(1);
    }
  }

  /** Keeps one execution for every statement, as a meter per statement name does. */
  static final class SharedExecution implements ExecutionListener, ExecutionListener.Execution {
    final List<Outcome> outcomes = new CopyOnWriteArrayList<>();
    boolean keep;
    long ended;

    @Override
    public Execution started(PreparedStatement statement) {
      return this;
    }

    @Override
    public boolean measuresAllocation() {
      return true;
    }

    @Override
    public void ended(Outcome outcome) {
      ended++;
      if (keep) {
        outcomes.add(outcome);
      }
    }
  }

  @Test
  void theEngineMeasuresTimeAndAllocationWhenAsked() {
    try (var db = notes()) {
      var listener = new SharedExecution();
      listener.keep = true;
      db.setExecutionListener(listener);
      db.read(tx -> DatabaseTest.rows(tx.query("select body from notes")));
      var measured = listener.outcomes.getFirst();
      assertThat(measured.nanos()).isPositive();
      // the rows' strings alone (DatabaseTest.rows makes one per note) are more than that
      assertThat(measured.allocatedBytes()).isGreaterThan((long) NOTES * NOTE_BYTES);

      var recorder = new Recorder(); // does not ask for allocation
      db.setExecutionListener(recorder);
      db.read(tx -> DatabaseTest.rows(tx.query("select body from notes")));
      assertThat(recorder.only().outcome().allocatedBytes()).isEqualTo(-1);
    }
  }

  /**
   * Watching an execution, labelling it and counting what its caller takes allocate nothing of the
   * engine's once a statement has run: its measurement is reused. What remains is the outcome
   * record handed to the listener (64 bytes), which the JIT removes when the listener is inlined.
   */
  @Test
  void aWatchedQueryAllocatesNothingMoreThanItsOutcome() {
    try (var db = notes()) {
      var sql = "select body from notes where id = ?";
      long[] sink = new long[1];
      try (var tx = db.beginRead()) {
        Runnable query =
            () -> {
              try (var rows = tx.queryLabelled("Notes.byId", sql, 3)) {
                while (rows.next()) {
                  sink[0] += rows.getText(0).length();
                  rows.recordCopy(1);
                }
              }
            };
        long unwatched = Allocations.minBytes(5_000, query);
        var listener = new SharedExecution();
        db.setExecutionListener(listener);
        long watched = Allocations.minBytes(5_000, query);
        System.out.printf(
            "bytes per labelled point query: unwatched %d, watched %d%n", unwatched, watched);
        assertThat(watched).isLessThanOrEqualTo(unwatched + 64);
        assertThat(listener.ended).isEqualTo(10_000);
      }
      assertThat(sink[0]).isEqualTo(20_000L * NOTE_BYTES);
    }
  }

  private static KiteSqlException catchKiteSql(Runnable work) {
    try {
      work.run();
    } catch (KiteSqlException e) {
      return e;
    }
    throw new AssertionError("expected a KiteSqlException");
  }
}
