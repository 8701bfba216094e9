package io.kitesql.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What {@link TempDatabase} promises: open before set-up, fresh per test, gone afterwards. */
class TempDatabaseTest {
  private static final List<Path> DIRECTORIES = new ArrayList<>();

  @TempDatabase Database db;

  @BeforeEach
  void openBeforeSetUp() {
    assertThat(db.isClosed()).isFalse();
    DIRECTORIES.add(db.directory());
    db.execute(
        "create table t (id int primary key)"); // fails if a test found an earlier test's table
  }

  @Test
  void oneTestWritesItsOwnDatabase() {
    db.execute("insert into t values (1)");
    long rows = db.read(tx -> count(tx.query("select count(*) from t")));
    assertThat(rows).isEqualTo(1);
  }

  @Test
  void anotherTestStartsEmpty() {
    long rows = db.read(tx -> count(tx.query("select count(*) from t")));
    assertThat(rows).isZero();
  }

  @AfterAll
  static void everyDatabaseWasClosedAndDeleted() {
    assertThat(DIRECTORIES).hasSize(2).doesNotHaveDuplicates();
    assertThat(DIRECTORIES).noneMatch(Files::exists);
  }

  private static long count(io.kitesql.api.RowCursor rows) {
    try (rows) {
      rows.next();
      return rows.getLong(0);
    }
  }
}
