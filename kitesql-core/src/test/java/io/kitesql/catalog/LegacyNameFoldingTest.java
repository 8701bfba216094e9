package io.kitesql.catalog;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database whose catalog was written before quoted names were exact stores names as they were
 * spelled and matched every reference case-insensitively. It must still open, and every reference
 * that resolved then must resolve now, quoted or not; a new database follows the standard (quoted
 * names exact).
 */
class LegacyNameFoldingTest {
  @TempDir Path dir;

  private static final StorageOptions OPTIONS = StorageOptions.defaults().withMapSize(64L << 20);

  /** Writes the catalog as an earlier version did: spelled names, no exact-names marker. */
  private void writeLegacyCatalog() {
    var columns =
        List.of(
            ColumnDef.of("Id", DataType.INT).notNull(),
            ColumnDef.of("firstName", DataType.VARCHAR));
    var legacy =
        new TableDef(1, "Users", columns, List.of(0), List.of())
            .withIndex("Users_FirstName", List.of(1), false);
    try (var storage = Storage.open(dir, OPTIONS)) {
      storage.write(
          tx ->
              CatalogStore.createTable(
                  tx, Catalog.of(List.of(), List.of(), NameFolding.ALL), legacy));
      assertThat(storage.read(CatalogStore::load).nameFolding()).isEqualTo(NameFolding.ALL);
    }
  }

  @Test
  void everySpellingThatResolvedBeforeStillResolves() {
    writeLegacyCatalog();
    try (var db = KiteSql.open(dir, OPTIONS)) {
      // unquoted in any case, as an earlier version's users wrote them
      db.execute("insert into users (id, firstname) values (1, 'ann')");
      db.execute("insert into USERS (ID, FIRSTNAME) values (2, 'bob')");
      // quoted as declared (Spring Data quotes every name it generates)
      db.execute("insert into \"Users\" (\"Id\", \"firstName\") values (3, 'cy')");
      assertThat(column(db, "select \"firstName\" from \"Users\" where \"Id\" = 3"))
          .containsExactly("cy");
      assertThat(column(db, "select firstName from Users order by Id"))
          .containsExactly("ann", "bob", "cy");
      assertThat(column(db, "select u.\"FIRSTNAME\" from users u where u.id = 1"))
          .containsExactly("ann");
      db.execute("drop index \"Users_FirstName\"");
      // a new table in this database follows the same rules, so names never collide by case
      db.execute("create table \"Extra\" (\"V\" int)");
      db.execute("insert into extra (v) values (7)");
      assertThat(column(db, "select \"V\" from \"Extra\"")).containsExactly("7");
    }
    try (var db = KiteSql.open(dir, OPTIONS)) {
      assertThat(column(db, "select count(*) from \"USERS\"")).containsExactly("3");
    }
  }

  @Test
  void aNewDatabaseKeepsQuotedNamesExact() {
    try (var db = KiteSql.open(dir, OPTIONS)) {
      db.execute("create table \"Users\" (\"Id\" int, id int)");
    }
    try (var storage = Storage.open(dir, OPTIONS)) {
      var catalog = storage.read(CatalogStore::load);
      assertThat(catalog.nameFolding()).isEqualTo(NameFolding.UNQUOTED);
      assertThat(catalog.table("Users").orElseThrow().columns())
          .extracting(ColumnDef::name)
          .containsExactly("Id", "id");
      assertThat(catalog.table("users")).isEmpty();
    }
  }

  @Test
  void anEmptyDatabaseOfAnEarlierVersionTakesTheStandardRules() {
    try (var storage = Storage.open(dir, OPTIONS)) {
      storage.write(
          tx -> {
            var t =
                CatalogStore.createTable(
                    tx,
                    Catalog.of(List.of(), List.of(), NameFolding.ALL),
                    new TableDef(
                        1, "Gone", List.of(ColumnDef.of("x", DataType.INT)), List.of(), List.of()));
            CatalogStore.dropTable(tx, t);
            return t;
          });
      assertThat(storage.read(CatalogStore::load).nameFolding()).isEqualTo(NameFolding.UNQUOTED);
    }
  }
}
