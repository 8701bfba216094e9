package io.kitesql.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link TempDatabase} promises: open before set-up, fresh per test, gone afterwards, a
 * reopened one closed too, a parameter's database separate.
 */
class TempDatabaseTest {
  private static final List<Path> DIRECTORIES = new ArrayList<>();

  /** Databases a test held other than the one opened into its field. */
  private static final List<Database> OTHERS = new ArrayList<>();

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

  @Test
  void aReopenedDatabaseKeepsTheDataAndIsClosedAfterwards() {
    db.execute("insert into t values (1)");
    var first = db;
    db = Databases.reopen(db);
    OTHERS.add(db);
    assertThat(first.isClosed()).isTrue();
    assertThat(db.directory()).isEqualTo(first.directory());
    assertThat(db.options()).isEqualTo(first.options());
    long rows = db.read(tx -> count(tx.query("select count(*) from t")));
    assertThat(rows).isEqualTo(1);
  }

  @Test
  void aParameterGetsADatabaseOfItsOwn(
      @TempDatabase(mapSize = 16L << 20, durability = Durability.NO_SYNC) Database other) {
    DIRECTORIES.add(other.directory());
    OTHERS.add(other);
    assertThat(other.directory()).isNotEqualTo(db.directory());
    assertThat(other.options().mapSize()).isEqualTo(16L << 20);
    assertThat(other.options().durability()).isEqualTo(Durability.NO_SYNC);
    assertThat(other.table("t")).isEmpty(); // db's set-up did not reach it
  }

  @AfterAll
  static void everyDatabaseWasClosedAndDeleted() {
    // four tests' fields, one parameter
    assertThat(DIRECTORIES).hasSize(5).doesNotHaveDuplicates();
    assertThat(DIRECTORIES).noneMatch(Files::exists);
    assertThat(OTHERS).hasSize(2).allMatch(Database::isClosed);
  }

  private static long count(io.kitesql.api.RowCursor rows) {
    try (rows) {
      rows.next();
      return rows.getLong(0);
    }
  }
}
