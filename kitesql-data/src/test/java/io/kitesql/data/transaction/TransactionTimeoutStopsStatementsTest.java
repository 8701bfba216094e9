package io.kitesql.data.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.data.core.KiteSqlTemplate;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.QueryTimeoutException;

/**
 * {@code @Transactional(timeout = ...)} stops a statement that is still running when the
 * transaction's deadline passes, not only the statements after it. {@link #SLOW} would run for many
 * minutes (8 billion combinations); the 60 s wait only catches a statement that does not stop.
 */
class TransactionTimeoutStopsStatementsTest extends TransactionTestBase {
  private static final String SLOW =
      "select count(*) from notes a, notes b, notes c where a.id + b.id + c.id < 0";

  @BeforeEach
  void fill() {
    db.write(
        w -> {
          var insert = db.prepare("insert into notes values (?, ?)");
          for (int i = 0; i < 2000; i++) {
            w.execute(insert, i, "note " + i);
          }
          return null;
        });
  }

  @Test
  void aReadOnlyMethodsTimeoutStopsItsRunningQuery() throws Exception {
    var failure =
        endsWithin60Seconds(
            () -> {
              try {
                tx.readWithOneSecondTimeout(() -> current().query(SLOW).next());
                return null;
              } catch (KiteSqlException e) {
                return e;
              }
            });
    assertThat(failure)
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("transaction's timeout of 1000 ms");
    assertThat(((KiteSqlException) failure).errorCode()).isEqualTo(ErrorCode.STATEMENT_TIMEOUT);
    assertThat(current()).isNull();
  }

  @Test
  void throughTheTemplateAWriteMethodsTimeoutIsAQueryTimeoutAndRollsBack() throws Exception {
    var template = new KiteSqlTemplate(db);
    var failure =
        endsWithin60Seconds(
            () -> {
              try {
                tx.writeWithOneSecondTimeout(
                    () -> {
                      insert(5000);
                      return template.query(SLOW, row -> row.getObject(0));
                    });
                return null;
              } catch (QueryTimeoutException e) {
                return e;
              }
            });
    assertThat(failure)
        .isInstanceOf(QueryTimeoutException.class)
        .hasCauseInstanceOf(KiteSqlException.class);
    Object written =
        db.read(r -> r.query("select count(*) from notes where id = 5000").toList().getFirst()[0]);
    assertThat(written).isEqualTo(0L);
    // the next transaction has no deadline of its own
    assertThat(
            tx.write(() -> template.query("select count(*) from notes", row -> row.getObject(0))))
        .containsExactly(2000L);
  }

  private static Exception endsWithin60Seconds(Callable<Exception> work) throws Exception {
    var executor = Executors.newSingleThreadExecutor();
    try {
      return executor.submit(work).get(60, TimeUnit.SECONDS);
    } finally {
      executor.shutdownNow();
    }
  }
}
