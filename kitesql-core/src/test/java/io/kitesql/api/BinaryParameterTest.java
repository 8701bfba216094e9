package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.value.Binary;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** byte[] parameters are stored as the bytes given, not as their hex text (issue 14, finding 5). */
class BinaryParameterTest {
  @TempDir Path dir;

  @Test
  void bytesInsertedAndUpdatedThroughParametersComeBackUnchanged() {
    byte[] bytes = {1, 2, 3, -1};
    byte[] other = {0, 127, -128};
    try (var db = KiteSql.open(dir)) {
      db.execute("create table blobs (id int primary key, payload varbinary)");
      db.execute("insert into blobs values (?, ?)", 1, bytes);
      db.execute("insert into blobs (payload, id) values (?, ?)", Binary.of(other), 2);
      assertThat(read(db, 1)).containsExactly(bytes);
      assertThat(read(db, 2)).containsExactly(other);
      db.execute("update blobs set payload = ? where id = ?", other, 1);
      assertThat(read(db, 1)).containsExactly(other);
    }
  }

  private static byte[] read(Database db, int id) {
    return db.read(tx -> {
      try (var rows = tx.query("select payload, octet_length(payload) from blobs where id = ?", id)) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getLong(1)).isEqualTo(rows.getBinary(0).length());
        return rows.getBinary(0).toByteArray();
      }
    });
  }
}
