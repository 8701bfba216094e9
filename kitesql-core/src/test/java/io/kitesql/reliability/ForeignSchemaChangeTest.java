package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prepare} follows schema changes another process committed: it kept reporting UNKNOWN_TABLE
 * for a table another process had created, while {@code tx.query(sql)} saw it, because the cached
 * catalog followed only this instance's commits.
 */
class ForeignSchemaChangeTest {
  @TempDir Path dir;

  @Test
  void prepareSeesATableAnotherProcessCreated() throws Exception {
    try (var db =
        KiteSql.open(dir.resolve("db"), StorageOptions.defaults().withMapSize(16L << 20))) {
      db.execute("create table mine (id int primary key)");
      assertThatThrownBy(() -> db.prepare("select v from theirs"))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_TABLE));

      var child =
          ChildJvm.run(
              dir.resolve("child"),
              ExecuteStatementsMain.class,
              dir.resolve("db").toString(),
              "create table theirs (id int primary key, v varchar)",
              "insert into theirs values (1, 'from the other process')");
      assertThat(child.crashed()).as(child.toString()).isFalse();
      assertThat(child.stdout()).contains("done");

      var statement = db.prepare("select v from theirs where id = ?");
      String value =
          db.read(
              tx -> {
                try (var rows = tx.query(statement, 1)) {
                  return rows.next() ? rows.getText(0).toString() : null;
                }
              });
      assertThat(value).isEqualTo("from the other process");
      assertThat(db.catalog().table("theirs")).isPresent();
      assertThatThrownBy(() -> db.prepare("select v from nowhere"))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_TABLE));
    }
  }
}
