package io.kitesql.data.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.data.Executions;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Each statement of the template is one execution the database's listener hears, labelled with its
 * name or {@value KiteSqlTemplate#UNNAMED}; direct SQL is one execution without a label, however
 * template calls and direct SQL nest.
 */
class TemplateExecutionsTest {
  @TempDir Path dir;
  private Database db;
  private KiteSqlTemplate template;
  private Executions executions;

  @BeforeEach
  void open() {
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20));
    db.execute("create table t (id int primary key, s varchar)");
    db.execute("insert into t values (1, 'a'), (2, 'b')");
    template = new KiteSqlTemplate(db);
    executions = Executions.listenTo(db);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void eachStatementOfTheTemplateIsOneLabelledExecution() {
    assertThat(template.query("select s from t order by id", row -> row.getString(0)))
        .containsExactly("a", "b");
    assertThat(
            template.update(Statement.named("T.rename", "update t set s = ? where id = ?", "c", 1)))
        .isEqualTo(1);
    assertThat(executions.labels()).containsExactly(KiteSqlTemplate.UNNAMED, "T.rename");
    var query = executions.ended().getFirst();
    assertThat(query.sql()).isEqualTo("select s from t order by id");
    assertThat(query.outcome().rows()).isEqualTo(2);
    // the mapper's Strings: each one byte, returned and copied
    assertThat(query.outcome().bytesReturned()).isEqualTo(2);
    assertThat(query.outcome().bytesCopied()).isEqualTo(2);
    assertThat(executions.ended().get(1).outcome().rows()).isEqualTo(1);
  }

  @Test
  void aStreamIsOneExecutionThatEndsWithItsCursor() {
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(db));
    readOnly.setReadOnly(true);
    var streamed =
        readOnly.execute(
            status -> {
              try (var rows =
                  template.stream(
                      Statement.named("T.after", "select s from t where id > ?", 0),
                      row -> row.getText(0).toString())) {
                var all = rows.toList();
                assertThat(executions.ended()).as("read to its end").hasSize(1);
                return all;
              }
            });
    assertThat(streamed).containsExactly("a", "b");
    assertThat(executions.labels()).containsExactly("T.after");
    var outcome = executions.ended().getFirst().outcome();
    assertThat(outcome.rows()).isEqualTo(2);
    assertThat(outcome.bytesReturned()).isEqualTo(2);
    assertThat(outcome.bytesCopied()).as("borrowed, not copied").isZero();

    executions.clear();
    readOnly.executeWithoutResult(
        status -> {
          try (var rows =
              template.stream(
                  Statement.named("T.first", "select s from t order by id"),
                  row -> row.getText(0).toString())) {
            assertThat(rows.findFirst()).contains("a");
            assertThat(executions.ended()).as("not ended before it is closed").isEmpty();
          }
          assertThat(executions.ended()).as("closed").hasSize(1);
        });
    assertThat(executions.ended().getFirst().outcome().rows()).isEqualTo(1);
  }

  @Test
  void directSqlInsideATemplateCallIsAnExecutionOfItsOwnWithoutALabel() {
    var sizes =
        template.query(
            Statement.named("T.ids", "select id from t order by id"),
            row ->
                db.read(
                    tx -> {
                      try (var rows =
                          tx.query("select count(*) from t where id <= ?", row.getLong(0))) {
                        return rows.next() ? rows.getLong(0) : -1;
                      }
                    }),
            10);
    assertThat(sizes).containsExactly(1L, 2L);
    assertThat(executions.labels()).containsExactly("T.ids", "null", "null");
    assertThat(executions.ended()).hasSize(3);

    executions.clear();
    template.inWriteTransaction(
        tx -> {
          tx.execute("insert into t values (?, ?)", 3, "direct");
          template.update(
              Statement.named("T.insert", "insert into t values (?, ?)", 4, "template"));
          return tx.execute("delete from t where id = ?", 3);
        });
    assertThat(executions.labels()).containsExactly("null", "T.insert", "null");
    assertThat(executions.ended()).hasSize(3);
  }
}
