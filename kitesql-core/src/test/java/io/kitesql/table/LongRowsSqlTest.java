package io.kitesql.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.testing.QueryRows;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long values stored out of line, through SQL: statements, DDL and atomicity. */
class LongRowsSqlTest {
  @TempDir Path dir;
  Database db;

  private OutOfLineSetting outOfLine;

  @BeforeEach
  void open() {
    outOfLine = OutOfLineSetting.on();
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(256L << 20));
  }

  @AfterEach
  void close() {
    outOfLine.close();
    db.close();
  }

  static String text(char c, int n) {
    return String.valueOf(c).repeat(n);
  }

  @Test
  void lengthsFiltersAndReadsOfLongNotes() {
    db.execute("create table orders (id int primary key, amount int, note varchar)");
    for (int i = 0; i < 10; i++) {
      // Even ids: 64 KiB notes (one non-ASCII char in each); odd: 10 chars.
      String note = i % 2 == 0 ? "é" + text('a', 65_535) : text('b', 10);
      db.execute("insert into orders values (?, ?, ?)", i, i * 10, note);
    }
    assertThat(QueryRows.of(db, "select count(*) from orders where amount > 35"))
        .containsExactly("6");
    assertThat(
            QueryRows.of(
                db,
                "select id, octet_length(note), char_length(note) from orders where id in (2, 3)"))
        .containsExactly("2,65537,65536", "3,10,10");
    assertThat(QueryRows.of(db, "select id from orders where note like 'é%' and amount < 50"))
        .containsExactly("0", "2", "4");
    db.read(
        tx -> {
          try (var rows = tx.query("select note from orders where id = 4")) {
            assertThat(rows.next()).isTrue();
            var note = (Text) rows.get(0);
            assertThat(note.isBorrowed()).isTrue();
            assertThat(note.length()).isEqualTo(65_536);
            assertThat(note.charAt(0)).isEqualTo('é');
            assertThat(note.charAt(65_535)).isEqualTo('a');
          }
          return null;
        });
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  /**
   * A filtered UPDATE or DELETE decodes a row's other columns (here out-of-line notes) only for
   * rows its filter passes: RETURNING gives those notes whole, and the rows the filter dropped keep
   * theirs.
   */
  @Test
  void filteredUpdateAndDeleteReadLongValuesOfThePassingRows() {
    db.execute("create table orders (id int primary key, amount int, note varchar)");
    for (int i = 0; i < 12; i++) {
      db.execute(
          "insert into orders values (?, ?, ?)", i, i % 4, text((char) ('a' + i), 20_000 + i));
    }
    var updated =
        db.write(
            tx ->
                returned(
                    tx.query(
                        "update orders set amount = amount + 10 where amount = 1 returning id, note")));
    assertThat(updated).hasSize(3);
    for (var row : updated) {
      int id = ((Number) row[0]).intValue();
      assertThat(id % 4).isEqualTo(1);
      assertThat(row[1].toString()).isEqualTo(text((char) ('a' + id), 20_000 + id));
    }
    var deleted =
        db.write(
            tx -> returned(tx.query("delete from orders where amount < 2 returning id, note")));
    assertThat(deleted).extracting(r -> ((Number) r[0]).intValue()).containsExactly(0, 4, 8);
    for (var row : deleted) {
      int id = ((Number) row[0]).intValue();
      assertThat(row[1].toString()).isEqualTo(text((char) ('a' + id), 20_000 + id));
    }
    for (int i = 0; i < 12; i++) {
      var expected =
          i % 4 == 0
              ? List.<String>of()
              : List.of(i + "," + (20_000 + i) + "," + (i % 4 == 1 ? 11 : i % 4));
      assertThat(
              QueryRows.of(db, "select id, char_length(note), amount from orders where id = " + i))
          .as("row %d", i)
          .isEqualTo(expected);
    }
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  /**
   * INSERT INTO t SELECT * FROM s copies stored rows only when s has no out-of-line values (a
   * copied row would refer to entries under s's keys): here s has some, so the rows are decoded and
   * written again, long values and all.
   */
  @Test
  void wholeRowInsertSelectFromATableWithOutOfLineValues() {
    db.execute("create table src (id int primary key, note varchar)");
    for (int i = 0; i < 6; i++) {
      db.execute(
          "insert into src values (?, ?)",
          i,
          i % 2 == 0 ? text((char) ('a' + i), 30_000) : "short " + i);
    }
    db.close();
    try (var off =
        OutOfLineSetting
            .off()) { // the target keeps values inline: the copy path's own condition holds
      db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(256L << 20));
      db.execute("create table dst (id int primary key, note varchar)");
      assertThat(db.execute("insert into dst select * from src")).isEqualTo(6);
      assertThat(
              QueryRows.of(
                  db, "select id, char_length(note), substr(note, 1, 7) from dst order by id"))
          .isEqualTo(
              QueryRows.of(
                  db, "select id, char_length(note), substr(note, 1, 7) from src order by id"));
      db.execute("delete from src");
      assertThat(QueryRows.of(db, "select count(*), sum(char_length(note)) from dst"))
          .containsExactly("6,90021");
      assertThat(db.checkIntegrity().problems()).isEmpty();
    }
  }

  /** The (id, note) rows of a RETURNING, the notes as strings. */
  private static List<Object[]> returned(io.kitesql.api.RowCursor rows) {
    try (rows) {
      var out = new java.util.ArrayList<Object[]>();
      while (rows.next()) {
        out.add(new Object[] {rows.get(0), String.valueOf(rows.get(1))});
      }
      return out;
    }
  }

  @Test
  void aFailingStatementLeavesNoLongValueBehind() {
    db.execute("create table t (id int primary key, note varchar)");
    db.execute("insert into t values (1, 'one')");
    // The third row violates the primary key: the two long rows before it are rolled back too.
    assertThatThrownBy(
            () ->
                db.execute(
                    "insert into t values (2, ?), (3, ?), (1, 'dup')",
                    text('x', 20_000),
                    text('y', 30_000)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION));
    assertThat(QueryRows.of(db, "select id, note from t")).containsExactly("1,one");
    assertThat(db.checkIntegrity().problems()).isEmpty();
    // An UPDATE that fails half-way keeps the old long values.
    db.execute("insert into t values (2, ?), (3, ?)", text('x', 20_000), text('y', 30_000));
    assertThatThrownBy(() -> db.execute("update t set id = 1, note = 'z' where id = 3"))
        .isInstanceOf(KiteSqlException.class);
    assertThat(QueryRows.of(db, "select id, char_length(note) from t order by id"))
        .containsExactly("1,3", "2,20000", "3,30000");
    db.execute("update t set note = 'short' where id = 2");
    db.execute("delete from t where id = 3");
    assertThat(QueryRows.of(db, "select id, note from t order by id"))
        .containsExactly("1,one", "2,short");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void ddlOnTablesWithValuesOutOfLine() {
    // Five 400-byte values: 2,000 bytes, so the first two move out of line and the rest stays.
    db.execute(
        "create table w (id int primary key, a varchar, b varchar, c varchar, d varchar, e varchar)");
    for (int i = 0; i < 3; i++) {
      db.execute(
          "insert into w values (?, ?, ?, ?, ?, ?)",
          i,
          (char) ('a' + i) + text('a', 399),
          text('b', 400),
          text('c', 400),
          text('d', 400),
          text('e', 400));
    }
    // An index over a column stored out of line reads it from its entry.
    db.execute("create index w_a on w (a)");
    assertThat(QueryRows.of(db, "select id from w where a = '" + "b" + text('a', 399) + "'"))
        .containsExactly("1");
    // A new column with a long DEFAULT rewrites every row (the new value moves out of line too).
    db.execute("alter table w add column f varchar default '" + text('f', 3_000) + "'");
    assertThat(
            QueryRows.of(
                db, "select id, char_length(a), char_length(f), substring(f from 1 for 2) from w"))
        .containsExactly("0,400,3000,ff", "1,400,3000,ff", "2,400,3000,ff");
    assertThat(db.checkIntegrity().problems()).isEmpty();
    db.execute("drop table w");
    assertThat(db.checkIntegrity().problems()).isEmpty();
    assertThat(db.checkIntegrity().rowsChecked()).isZero();
  }

  @Test
  void everyReadPathSeesTheSameValues() {
    db.execute("create table p (id int primary key, k int, body varchar)");
    db.execute("create index p_k on p (k)");
    var expected = new java.util.ArrayList<String>();
    for (int i = 0; i < 6; i++) {
      String body = (char) ('a' + i) + text('z', 5_000 * i);
      db.execute("insert into p values (?, ?, ?)", i, i % 2, body);
      if (i % 2 == 1) {
        expected.add(i + "," + body.charAt(0) + "," + body.length());
      }
    }
    // Index scan with row lookups, a join, and a sort over long values.
    assertThat(
            QueryRows.of(
                db,
                "select id, substring(body from 1 for 1), char_length(body) from p where k = 1 order by id"))
        .isEqualTo(expected);
    assertThat(QueryRows.of(db, "select count(*) from p a join p b on a.body = b.body"))
        .containsExactly("6");
    assertThat(QueryRows.of(db, "select id from p order by body desc limit 2"))
        .isEqualTo(List.of("5", "4"));
  }
}
