package io.kitesql.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.ExecutionListener;
import io.kitesql.api.KiteSql;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A database listener that skips what {@link StatementMarks} marks hears each statement the
 * template does not report, and only those, however template calls and direct SQL nest.
 */
class StatementMarksTest {
  @TempDir Path dir;
  private Database db;
  private KiteSqlTemplate template;
  private final List<String> observed = new CopyOnWriteArrayList<>();
  private final List<String> heardDirectly = new CopyOnWriteArrayList<>();

  @BeforeEach
  void open() {
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20));
    db.execute("create table t (id int primary key, s varchar)");
    db.execute("insert into t values (1, 'a'), (2, 'b')");
    db.setExecutionListener(
        statement ->
            StatementMarks.isReportedElsewhere()
                ? ExecutionListener.Execution.NONE
                : outcome -> heardDirectly.add(statement.sql()));
    template = new KiteSqlTemplate(db);
    template.setStatementObserver(statement -> outcome -> observed.add(statement.sql()));
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void statementsOfAnObservingTemplateAreNotHeardTwice() {
    assertThat(template.query("select s from t order by id", row -> row.getString(0)))
        .containsExactly("a", "b");
    assertThat(template.update("update t set s = ? where id = ?", "c", 1)).isEqualTo(1);
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(db));
    readOnly.setReadOnly(true);
    var streamed =
        readOnly.execute(
            status -> {
              try (var rows =
                  template.queryForStream(
                      "select s from t where id > ?", row -> row.getString(0), 1)) {
                return rows.toList();
              }
            });
    assertThat(streamed).containsExactly("b");
    assertThat(observed)
        .containsExactly(
            "select s from t order by id",
            "update t set s = ? where id = ?",
            "select s from t where id > ?");
    assertThat(heardDirectly).isEmpty();
    assertThat(StatementMarks.isReportedElsewhere())
        .as("the mark is cleared after each call")
        .isFalse();
  }

  @Test
  void aTemplateWithoutObserverIsDirectSqlToTheListener() {
    template.setStatementObserver(StatementObserver.NONE);
    template.query("select s from t", row -> row.getString(0));
    template.update("delete from t where id = ?", 2);
    assertThat(heardDirectly).containsExactly("select s from t", "delete from t where id = ?");
  }

  @Test
  void directSqlInsideATemplateCallIsHeardAndTheTemplatesIsNot() {
    // a row mapper that runs direct SQL: only the engine call of the template is marked
    var sizes =
        template.query(
            "select id from t order by id",
            row ->
                db.read(
                    tx -> {
                      try (var rows =
                          tx.query("select count(*) from t where id <= ?", row.getLong(0))) {
                        return rows.next() ? rows.getLong(0) : -1;
                      }
                    }));
    assertThat(sizes).containsExactly(1L, 2L);
    assertThat(observed).containsExactly("select id from t order by id");
    assertThat(heardDirectly)
        .containsExactly(
            "select count(*) from t where id <= ?", "select count(*) from t where id <= ?");

    observed.clear();
    heardDirectly.clear();
    template.inWriteTransaction(
        tx -> {
          tx.execute("insert into t values (?, ?)", 3, "direct");
          template.update("insert into t values (?, ?)", 4, "template");
          return tx.execute("delete from t where id = ?", 3);
        });
    assertThat(observed).containsExactly("insert into t values (?, ?)");
    assertThat(heardDirectly)
        .containsExactly("insert into t values (?, ?)", "delete from t where id = ?");
  }

  @Test
  void housekeepingMarkedByHandIsNotHeard() {
    long count =
        StatementMarks.reportedElsewhere(
            () ->
                db.read(
                    tx -> {
                      try (var rows = tx.query("select count(*) from t")) {
                        return rows.next() ? rows.getLong(0) : -1;
                      }
                    }));
    assertThat(count).isEqualTo(2);
    assertThat(heardDirectly).isEmpty();
    db.execute("delete from t where id = ?", 1);
    assertThat(heardDirectly).containsExactly("delete from t where id = ?");
  }
}
