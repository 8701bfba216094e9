package io.kitesql.boot.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.data.core.KiteSqlTemplate;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** SQL run on the {@code Database} bean directly, metered under {@code statement=direct}. */
class DirectSqlMetricsTests {
  private static final int NOTE_BYTES = 8 * 1024;
  private static final String DIRECT = KiteSqlStatementMetrics.DIRECT;

  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlMetricsAutoConfiguration.class,
                MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class,
                SimpleMetricsExportAutoConfiguration.class))
        .withPropertyValues("kitesql.path=" + dir.resolve("db"), "kitesql.schema.mode=never");
  }

  private static long timed(MeterRegistry registry, String statement, String outcome) {
    var timer =
        registry.find("kitesql.query").tag("statement", statement).tag("outcome", outcome).timer();
    return timer == null ? 0 : timer.count();
  }

  private static double total(MeterRegistry registry, String meter) {
    return registry.get(meter).tag("statement", DIRECT).summary().totalAmount();
  }

  @Test
  void directSqlIsMeteredWithItsRowsBytesAndAllocation() {
    runner()
        .run(
            context -> {
              var db = context.getBean(Database.class);
              assertThat(context.getBean(DirectSqlMetrics.class).isListening()).isTrue();
              assertThat(db.executionListener())
                  .isSameAs(context.getBean(KiteSqlStatementMetrics.class));
              var registry = context.getBean(MeterRegistry.class);

              db.execute("create table notes (id int primary key, body varchar)");
              assertThat(
                      db.execute(
                          "insert into notes values (?, ?), (?, ?), (?, ?)",
                          1,
                          "a".repeat(NOTE_BYTES),
                          2,
                          "b".repeat(NOTE_BYTES),
                          3,
                          "c".repeat(NOTE_BYTES)))
                  .isEqualTo(3);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(2);
              assertThat(total(registry, "kitesql.query.rows")).isEqualTo(0 + 3);
              assertThat(total(registry, "kitesql.query.bytes.visited")).isZero();

              // a read-only query of long strings: lent, not copied
              int read =
                  db.read(
                      tx -> {
                        int n = 0;
                        try (var rows = tx.query("select body from notes")) {
                          while (rows.next()) {
                            n += rows.getText(0).length();
                          }
                        }
                        return n;
                      });
              assertThat(read).isEqualTo(3 * NOTE_BYTES);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(3);
              assertThat(total(registry, "kitesql.query.rows")).isEqualTo(3 + 3);
              assertThat(total(registry, "kitesql.query.bytes.visited"))
                  .isBetween(3.0 * NOTE_BYTES, 4.0 * NOTE_BYTES);
              assertThat(total(registry, "kitesql.query.bytes.copied")).isZero();

              // the same query in a write transaction copies
              db.write(tx -> tx.query("select body from notes").toList());
              assertThat(total(registry, "kitesql.query.bytes.copied"))
                  .isBetween(3.0 * NOTE_BYTES, 4.0 * NOTE_BYTES);

              // all four on this (platform) thread: allocation measured each time
              var allocated =
                  registry.get("kitesql.query.allocated").tag("statement", DIRECT).summary();
              assertThat(allocated.count()).isEqualTo(4);
              assertThat(allocated.max()).isPositive();
              assertThat(
                      registry
                          .get("kitesql.query.allocated.unmeasured")
                          .tag("statement", DIRECT)
                          .counter()
                          .count())
                  .isZero();
            });
  }

  @Test
  void failuresAreTimedWithTheirErrorCode() {
    runner()
        .run(
            context -> {
              var db = context.getBean(Database.class);
              db.execute("create table t (id int primary key)");
              db.execute("insert into t values (?)", 1);
              assertThatThrownBy(() -> db.execute("insert into t values (?)", 1))
                  .isInstanceOfSatisfying(
                      KiteSqlException.class,
                      e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION));
              assertThatThrownBy(
                      () -> db.read(tx -> tx.query("select 1 / (id - 1) from t").toList()))
                  .isInstanceOfSatisfying(
                      KiteSqlException.class,
                      e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.DIVISION_BY_ZERO));
              var registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry
                          .get("kitesql.query")
                          .tag("statement", DIRECT)
                          .tag("exception", "UNIQUE_VIOLATION")
                          .timer()
                          .count())
                  .isEqualTo(1);
              assertThat(
                      registry
                          .get("kitesql.query")
                          .tag("statement", DIRECT)
                          .tag("exception", "DIVISION_BY_ZERO")
                          .timer()
                          .count())
                  .isEqualTo(1);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(2);
            });
  }

  @Test
  void templateStatementsAreCountedOnceUnderTheirOwnName() {
    runner()
        .run(
            context -> {
              var db = context.getBean(Database.class);
              var template = context.getBean(KiteSqlTemplate.class);
              var registry = context.getBean(MeterRegistry.class);
              template.update("create table t (id int primary key, s varchar)");
              template.update("insert into t values (1, 'one')");
              assertThat(template.query("select s from t", row -> row.getString(0)))
                  .containsExactly("one");
              assertThat(timed(registry, KiteSqlStatementMetrics.UNNAMED, "success")).isEqualTo(3);
              assertThat(timed(registry, DIRECT, "success")).isZero();

              // direct SQL inside a template write transaction is direct; the template's statement
              // is not
              template.inWriteTransaction(
                  tx -> {
                    tx.execute("insert into t values (?, ?)", 2, "two");
                    return template.update("insert into t values (3, 'three')");
                  });
              assertThat(timed(registry, KiteSqlStatementMetrics.UNNAMED, "success")).isEqualTo(4);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(1);
              long count =
                  db.read(
                      tx -> {
                        try (var rows = tx.query("select count(*) from t")) {
                          return rows.next() ? rows.getLong(0) : -1;
                        }
                      });
              assertThat(count).isEqualTo(3);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(2);
            });
  }

  @Test
  void allocationIsUnmeasuredOnVirtualThreadsAndForCursorsEndedOnAnotherThread() {
    runner()
        .run(
            context -> {
              var db = context.getBean(Database.class);
              db.execute("create table t (id int primary key)");
              var registry = context.getBean(MeterRegistry.class);
              var failure = new AtomicReference<Throwable>();
              var virtual =
                  Thread.ofVirtual()
                      .start(
                          () -> {
                            try {
                              db.execute("insert into t values (?)", 1);
                            } catch (Throwable e) {
                              failure.set(e);
                            }
                          });
              virtual.join();
              assertThat(failure.get()).isNull();
              var unmeasured =
                  registry
                      .get("kitesql.query.allocated.unmeasured")
                      .tag("statement", DIRECT)
                      .counter();
              var allocated =
                  registry.get("kitesql.query.allocated").tag("statement", DIRECT).summary();
              assertThat(unmeasured.count()).isEqualTo(1);
              assertThat(allocated.count())
                  .isEqualTo(1); // the create table, on this platform thread

              // a cursor left open ends when its transaction ends, here on another platform thread
              var tx = db.beginRead();
              var rows = tx.query("select id from t");
              assertThat(rows.next()).isTrue();
              var closer = Thread.ofPlatform().start(tx::close);
              closer.join();
              assertThat(unmeasured.count()).isEqualTo(2);
              assertThat(allocated.count()).isEqualTo(1);
              assertThat(timed(registry, DIRECT, "success")).isEqualTo(3);
              assertThat(
                      registry
                          .get("kitesql.query.rows")
                          .tag("statement", DIRECT)
                          .summary()
                          .totalAmount())
                  .isEqualTo(0 + 1 + 1);
            });
  }

  @Test
  void stopsListeningWhenTheContextCloses() {
    var database = new AtomicReference<Database>();
    runner()
        .run(
            context -> {
              database.set(context.getBean(Database.class));
              assertThat(database.get().executionListener())
                  .isInstanceOf(KiteSqlStatementMetrics.class);
            });
    // the listener was removed before the database closed (DirectSqlMetrics depends on it)
    assertThat(database.get().isClosed()).isTrue();
    assertThat(database.get().executionListener()).isSameAs(ExecutionListener.NONE);
  }

  @Test
  void notListeningWhenMetricsAreOffOrReplaced() {
    runner()
        .withPropertyValues("kitesql.metrics.enabled=false")
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(DirectSqlMetrics.class);
              assertThat(context.getBean(Database.class).executionListener())
                  .isSameAs(ExecutionListener.NONE);
            });
    // the application's own listener bean replaces the metrics and is the one listening
    ExecutionListener own = statement -> ExecutionListener.Execution.NONE;
    runner()
        .withBean(ExecutionListener.class, () -> own)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(KiteSqlStatementMetrics.class);
              assertThat(context.getBean(DirectSqlMetrics.class).isListening()).isTrue();
              assertThat(context.getBean(Database.class).executionListener()).isSameAs(own);
            });
  }

  @Test
  void directSqlIsAnObservationWhenAskedFor() {
    runner()
        .withUserConfiguration(KiteSqlMetricsAutoConfigurationTests.RecordingObservations.class)
        .withPropertyValues("kitesql.metrics.observations.enabled=true")
        .run(
            context -> {
              var db = context.getBean(Database.class);
              db.execute("create table t (id int primary key)");
              db.execute("insert into t values (?)", 7);
              var stopped =
                  context.getBean(KiteSqlMetricsAutoConfigurationTests.RecordingObservations.class)
                      .stopped;
              assertThat(stopped)
                  .extracting(io.micrometer.observation.Observation.Context::getContextualName)
                  .containsExactly(DIRECT, DIRECT);
              var insert = stopped.get(1);
              assertThat(insert.getLowCardinalityKeyValue("kitesql.statement").getValue())
                  .isEqualTo(DIRECT);
              assertThat(insert.getHighCardinalityKeyValue("db.statement").getValue())
                  .isEqualTo("insert into t values (?)");
              assertThat(insert.getHighCardinalityKeyValue("kitesql.rows").getValue())
                  .isEqualTo("1");
            });
  }
}
