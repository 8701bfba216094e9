package com.example.inventory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.IndexDef;
import io.kitesql.data.core.KiteSqlTemplate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application started, stopped and started again on one database directory while its
 * migrations grow: V1 and V2 from the jar, V3 added between two starts (a second location, as a
 * release would ship it), and a V4 that fails and must leave the database at V3.
 */
class MigrationLifecycleTests {
  @TempDir Path temp;

  private Path database() {
    return temp.resolve("db");
  }

  private Path laterMigrations() throws Exception {
    return Files.createDirectories(temp.resolve("later"));
  }

  private ConfigurableApplicationContext start() throws Exception {
    return new SpringApplicationBuilder(InventoryApplication.class).web(WebApplicationType.NONE)
        .properties("kitesql.path=" + database(),
            "spring.flyway.locations=classpath:db/migration,filesystem:" + laterMigrations())
        .run();
  }

  /** The rows V1 inserted, with the status V2's default and backfill give them (sold out when the quantity is 0). */
  private static List<Item> itemsAfterV2() {
    return List.of(
        new Item(1, 1, "delta kite", 4, "in_stock"),
        new Item(2, 1, "box kite", 0, "sold_out"),
        new Item(3, 2, "flying line", 12, "in_stock"),
        new Item(4, 2, "spool", 0, "sold_out"));
  }

  @Test
  void migratesAtEachStartAndAFailingMigrationLeavesThePreviousVersion() throws Exception {
    firstStartAppliesV1AndV2();
    secondStartAppliesTheAddedV3();
    Files.writeString(laterMigrations().resolve("V4__item_notes.sql"), """
        alter table items add column note varchar(50);
        update items set note = 'checked';
        insert into items (id, supplier_id, name, quantity) values (1, 1, 'a second item 1', 1);
        """);
    // Flyway's error names the script, the failing line (the duplicate key of the third statement) and its SQLSTATE.
    assertThatThrownBy(this::start)
        .satisfies(e -> assertThat(messages(e))
            .contains("Failed to execute script V4__item_notes.sql")
            .containsPattern("Line\\s+: 3\\b")
            .containsPattern("SQL State\\s+: 23505"));
    databaseIsStillAtV3();
  }

  private void firstStartAppliesV1AndV2() throws Exception {
    try (var context = start()) {
      var items = context.getBean(ItemRepository.class);
      assertThat(items.findAll()).containsExactlyInAnyOrderElementsOf(itemsAfterV2());
      assertThat(items.findByStatusOrderByIdAsc("sold_out")).extracting(Item::id).containsExactly(2, 4);
      var itemsTable = context.getBean(Database.class).catalog().requireTable("items");
      assertThat(itemsTable.indexes()).extracting(IndexDef::name).contains("items_status_idx");
      // A row inserted without a status gets V2's default.
      context.getBean(KiteSqlTemplate.class).update("insert into items (id, supplier_id, name, quantity) values (5, 1, 'sled kite', 2)");
      assertThat(items.findById(5)).hasValue(new Item(5, 1, "sled kite", 2, "in_stock"));
      assertThat(context.getBean(Flyway.class).info().current().getVersion().getVersion()).isEqualTo("2");
    }
  }

  private void secondStartAppliesTheAddedV3() throws Exception {
    try (var later = getClass().getResourceAsStream("/later/V3__supplier_country.sql")) {
      Files.copy(Objects.requireNonNull(later), laterMigrations().resolve("V3__supplier_country.sql"));
    }
    try (var context = start()) {
      var flyway = context.getBean(Flyway.class);
      assertThat(flyway.info().current().getVersion().getVersion()).isEqualTo("3");
      assertThat(flyway.info().applied()).hasSize(3);
      var suppliers = context.getBean(KiteSqlTemplate.class)
          .query("select name, country from suppliers order by id", row -> row.getString(0) + "/" + row.getString(1));
      assertThat(suppliers).containsExactly("Kite Works/NL", "Line & Spool/DE");
      var items = context.getBean(ItemRepository.class);
      var expected = new ArrayList<>(itemsAfterV2());
      expected.add(new Item(5, 1, "sled kite", 2, "in_stock")); // written by the first run
      assertThat(items.findAll()).containsExactlyInAnyOrderElementsOf(expected);
    }
  }

  private void databaseIsStillAtV3() throws Exception {
    // Exclusive: the failed application let go of the directory.
    try (var reopened = KiteSql.open(database())) {
      assertThat(reopened.catalog().requireTable("items").columns()).extracting(ColumnDef::name)
          .containsExactly("id", "supplier_id", "name", "quantity", "status");
    }
    try (var connection = DriverManager.getConnection("jdbc:kitesql:" + database());
         var statement = connection.createStatement()) {
      try (var versions = statement.executeQuery(
          "select max(\"version\"), count(*), min(\"success\") from flyway_schema_history")) {
        assertThat(versions.next()).isTrue();
        assertThat(versions.getString(1)).isEqualTo("3");
        assertThat(versions.getInt(2)).isEqualTo(3);
        assertThat(versions.getBoolean(3)).isTrue();
      }
      try (var count = statement.executeQuery("select count(*) from items where name = 'a second item 1'")) {
        count.next();
        assertThat(count.getInt(1)).isZero();
      }
      assertThatThrownBy(() -> statement.executeQuery("select note from items"))
          .isInstanceOf(SQLException.class).hasMessageContaining("note");
    }
  }

  private static String messages(Throwable e) {
    var text = new StringBuilder();
    Stream.iterate(e, Objects::nonNull, Throwable::getCause).forEach(t -> text.append(t.getMessage()).append('\n'));
    return text.toString();
  }
}
