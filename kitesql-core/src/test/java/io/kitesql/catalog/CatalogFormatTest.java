package io.kitesql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.KiteSql;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog's stored format across versions (views brought version 3): databases written before
 * views open and take views; tables are still written as version 2, so the previous release reads a
 * database without views; a view is a version 3 entry, which that release refuses instead of
 * silently not seeing it; a newer version is refused by this one.
 */
class CatalogFormatTest {
  @TempDir Path dir;

  /**
   * A table entry as the first release wrote it (version 1, before identity columns), written out
   * field by field from the documented layout: version, id, name, columns (name, type kind, length,
   * scale, nullable, default), primary key positions, indexes.
   */
  private static byte[] versionOneTable(int id, String name) throws IOException {
    var bytes = new ByteArrayOutputStream();
    try (var out = new DataOutputStream(bytes)) {
      out.writeByte(1);
      out.writeInt(id);
      out.writeUTF(name);
      out.writeShort(2);
      out.writeUTF("id");
      out.writeUTF("INT");
      out.writeInt(0);
      out.writeInt(0);
      out.writeBoolean(false);
      out.writeBoolean(false);
      out.writeUTF("label");
      out.writeUTF("VARCHAR");
      out.writeInt(20);
      out.writeInt(0);
      out.writeBoolean(true);
      out.writeBoolean(true);
      out.writeUTF("'none'");
      out.writeShort(1); // primary key: column 0
      out.writeShort(0);
      out.writeShort(0); // no indexes
    }
    return bytes.toByteArray();
  }

  private static byte[] catalogKey(int id) {
    return ByteBuffer.allocate(5).put((byte) 't').putInt(id).array();
  }

  /** The stored entries' first bytes (version, and for version 3 the kind), in key order. */
  private static List<String> storedVersions(Storage storage) {
    return storage.read(
        tx -> {
          var found = new ArrayList<String>();
          try (var cursor = tx.openCursor(Keyspace.CATALOG)) {
            for (boolean ok = cursor.seek(new byte[] {'t'}); ok; ok = cursor.next()) {
              var key = cursor.key().toByteArray();
              if (key.length != 5 || key[0] != 't') {
                break;
              }
              var value = cursor.value().toByteArray();
              found.add(value[0] == 3 ? "3" + (char) value[1] : String.valueOf(value[0]));
            }
          }
          return found;
        });
  }

  @Test
  void aDatabaseWrittenBeforeViewsOpensAndTakesViews() throws IOException {
    try (var storage = Storage.open(dir, CatalogStoreTest.options())) {
      storage.write(
          tx -> {
            try {
              tx.put(Keyspace.CATALOG, catalogKey(1), versionOneTable(1, "legacy"));
            } catch (IOException e) {
              throw new IllegalStateException(e);
            }
            tx.put(Keyspace.CATALOG, new byte[] {'n'}, ByteBuffer.allocate(4).putInt(2).array());
            return null;
          });
    }
    try (var db = KiteSql.open(dir, CatalogStoreTest.options())) {
      db.execute("insert into legacy (id) values (1), (2)");
      db.execute("create view labels as select label from legacy where id > 1");
      db.execute("create table fresh (x int)");
    }
    try (var db = KiteSql.open(dir, CatalogStoreTest.options())) {
      var labels =
          db.read(
              tx -> {
                var values = new ArrayList<String>();
                try (var rows = tx.query("select label from labels")) {
                  while (rows.next()) {
                    values.add(rows.get(0).toString());
                  }
                }
                return values;
              });
      assertThat(labels).containsExactly("none");
      assertThat(db.catalog().requireTable("legacy").columns().get(1).type())
          .isEqualTo(DataType.varchar(20));
    }
    try (var storage = Storage.open(dir, CatalogStoreTest.options())) {
      // legacy stays as written, the view is a version 3 entry, a new table is still version 2
      assertThat(storedVersions(storage)).containsExactly("1", "3V", "2");
    }
  }

  @Test
  void viewsRoundTripThroughTheCodec() {
    var view =
        new ViewDef(
            7,
            "Big View",
            "SELECT a FROM t WHERE b = 'x'",
            List.of(
                new ViewDef.Column("a", DataType.decimal(12, 2)),
                new ViewDef.Column("note", DataType.varchar(3))),
            List.of(new ViewDef.Dependency("t", 2), new ViewDef.Dependency("other_view", 1)));
    var bytes = CatalogCodec.encode(view);
    assertThat(bytes[0]).isEqualTo((byte) 3);
    assertThat(bytes[1]).isEqualTo((byte) 'V');
    assertThat(CatalogCodec.decode(bytes)).isEqualTo(view);
    // a query longer than writeUTF's 65,535 bytes is stored whole
    var longQuery = "SELECT '" + "é".repeat(40_000) + "' AS a";
    var big = new ViewDef(8, "v", longQuery, view.columns(), view.dependencies());
    assertThat(CatalogCodec.decode(CatalogCodec.encode(big))).isEqualTo(big);
  }

  @Test
  void aNewerVersionIsRefusedAndADamagedViewEntryIsReportedAsSuch() {
    var table = CatalogCodec.encode(CatalogStoreTest.orders());
    assertThat(table[0]).isEqualTo((byte) 2);
    var newer = table.clone();
    newer[0] = 4;
    assertThatThrownBy(() -> CatalogCodec.decode(newer))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("version 4")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.UNSUPPORTED_FORMAT_VERSION));
    var view =
        CatalogCodec.encode(
            new ViewDef(
                3,
                "v",
                "SELECT 1 AS x",
                List.of(new ViewDef.Column("x", DataType.INT)),
                List.of()));
    var cut = java.util.Arrays.copyOf(view, view.length - 3);
    assertThatThrownBy(() -> CatalogCodec.decode(cut))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.CORRUPT_RECORD));
    var unknownKind = view.clone();
    unknownKind[1] = 'Q';
    assertThatThrownBy(() -> CatalogCodec.decode(unknownKind))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("unknown kind")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.CORRUPT_RECORD));
  }
}
