package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * byte[] parameters are stored as the bytes given, not as their hex text, and keep their SQL type
 * where the statement gives none ({@code select ?}); bytes where the statement expects text are
 * refused.
 */
class BinaryParameterTest {
  @TempDatabase Database db;

  @Test
  void bytesInsertedAndUpdatedThroughParametersComeBackUnchanged() {
    byte[] bytes = {1, 2, 3, -1};
    byte[] other = {0, 127, -128};
    db.execute("create table blobs (id int primary key, payload varbinary)");
    db.execute("insert into blobs values (?, ?)", 1, bytes);
    db.execute("insert into blobs (payload, id) values (?, ?)", Binary.of(other), 2);
    assertThat(read(db, 1)).containsExactly(bytes);
    assertThat(read(db, 2)).containsExactly(other);
    db.execute("update blobs set payload = ? where id = ?", other, 1);
    assertThat(read(db, 1)).containsExactly(other);
  }

  private static byte[] read(Database db, int id) {
    return db.read(
        tx -> {
          try (var rows =
              tx.query("select payload, octet_length(payload) from blobs where id = ?", id)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).isEqualTo(rows.getBinary(0).length());
            return rows.getBinary(0).toByteArray();
          }
        });
  }

  @Test
  void bytesInAnUntypedParameterComeBackAsBytes() {
    byte[] bytes = {1, 2, 3, -1};
    db.read(
        tx -> {
          try (var rows = tx.query("select ?", (Object) bytes)) {
            assertThat(rows.columns().getFirst().type().kind()).isEqualTo(TypeKind.VARBINARY);
            assertThat(rows.next()).isTrue();
            assertThat(rows.getBinary(0).toByteArray()).containsExactly(bytes);
          }
          try (var rows = tx.query(db.prepare("select :b"), Map.of("b", Binary.of(bytes)))) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getBinary(0).toByteArray()).containsExactly(bytes);
          }
          // four bytes: length counts bytes of binary, as PostgreSQL's length(bytea) does
          try (var rows = tx.query("select length(?), octet_length(?)", bytes, Binary.of(bytes))) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(0)).isEqualTo(4);
            assertThat(rows.getLong(1)).isEqualTo(4);
          }
          return null;
        });
  }

  @Test
  void oneStatementTakesTextAndBytesInTurn() {
    var select = db.prepare("select ?");
    assertThat(select.columns().getFirst().type())
        .isEqualTo(DataType.VARCHAR); // nothing given yet: text
    db.read(
        tx -> {
          try (var rows = tx.query(select, "ab")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getText(0).toString()).isEqualTo("ab");
          }
          try (var rows = tx.query(select, (Object) new byte[] {97, 98})) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getBinary(0).toByteArray()).containsExactly(97, 98);
          }
          try (var rows = tx.query(select, "cd")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getText(0).toString()).isEqualTo("cd");
          }
          return null;
        });
  }

  @Test
  void bytesWhereTheStatementExpectsTextAreRefused() {
    byte[] bytes = {0x61, 0x62};
    db.execute("create table notes (id int primary key, body varchar)");
    db.execute("insert into notes values (1, 'ab')");
    assertMismatch(() -> db.execute("insert into notes values (2, ?)", (Object) bytes));
    assertMismatch(
        () ->
            db.read(
                tx -> tx.query("select id from notes where body = ?", (Object) bytes).toList()));
    assertMismatch(() -> db.read(tx -> tx.query("select ? = 'ab'", (Object) bytes).toList()));
    assertMismatch(() -> db.read(tx -> tx.query("select ? || 'x'", (Object) bytes).toList()));
    long rows =
        db.read(
            tx -> {
              try (var cursor = tx.query("select count(*) from notes")) {
                cursor.next();
                return cursor.getLong(0);
              }
            });
    assertThat(rows).isEqualTo(1);
  }

  private static void assertMismatch(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH));
  }
}
