package com.example.inventory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application started, stopped and started again on one database directory while its
 * changelog grows: changeSets 1 and 2 from the jar, a changelog with a third added between two
 * starts (as a release would ship it), and a fourth that fails and must leave the database as the
 * third left it.
 */
class MigrationLifecycleTests {
  @TempDir Path temp;

  private Path database() {
    return temp.resolve("db");
  }

  private ConfigurableApplicationContext start(String... properties) {
    var all = Stream.concat(Stream.of("kitesql.path=" + database()), Stream.of(properties)).toArray(String[]::new);
    return new SpringApplicationBuilder(InventoryApplication.class).web(WebApplicationType.NONE).properties(all).run();
  }

  /** The jar's changelog followed by {@code changeSets}, in a file of the temporary directory. */
  private String laterChangelog(String changeSets) throws Exception {
    String jars;
    try (var in = getClass().getResourceAsStream("/db/changelog/db.changelog-master.yaml")) {
      jars = new String(Objects.requireNonNull(in).readAllBytes());
    }
    return "spring.liquibase.change-log=file:" + Files.writeString(temp.resolve("changelog.yaml"), jars + changeSets);
  }

  private static final String THIRD = """
        - changeSet:
            id: 3-supplier-country
            author: inventory
            changes:
              - addColumn:
                  tableName: suppliers
                  columns:
                    - column: {name: country, type: varchar(2)}
              - sql:
                  sql: update suppliers set country = case id when 1 then 'NL' else 'DE' end
      """;

  /** The rows changeSet 1 inserted, with the status changeSet 2's default and backfill give them. */
  private static List<Item> itemsAfterTheSecond() {
    return List.of(
        new Item(1, 1, "delta kite", 4, "in_stock"),
        new Item(2, 1, "box kite", 0, "sold_out"),
        new Item(3, 2, "flying line", 12, "in_stock"),
        new Item(4, 2, "spool", 0, "sold_out"));
  }

  @Test
  void migratesAtEachStartAndAFailingChangeSetLeavesThePreviousState() throws Exception {
    try (var context = start()) {
      var items = context.getBean(ItemRepository.class);
      assertThat(items.findAll()).containsExactlyInAnyOrderElementsOf(itemsAfterTheSecond());
      assertThat(items.findByStatusOrderByIdAsc("sold_out")).extracting(Item::id).containsExactly(2, 4);
      // A row inserted without a status gets changeSet 2's default.
      context.getBean(KiteSqlTemplate.class).update("insert into items (id, supplier_id, name, quantity) values (5, 1, 'sled kite', 2)");
      assertThat(items.findById(5)).hasValue(new Item(5, 1, "sled kite", 2, "in_stock"));
    }
    try (var context = start(laterChangelog(THIRD))) {
      var template = context.getBean(KiteSqlTemplate.class);
      assertThat(template.query("select name, country from suppliers order by id", row -> row.getString(0) + "/" + row.getString(1)))
          .containsExactly("Kite Works/NL", "Line & Spool/DE");
      assertThat(template.query("select id from databasechangelog order by orderexecuted", row -> row.getString(0)))
          .containsExactly("1-suppliers-and-items", "2-item-status", "3-supplier-country");
      var expected = new ArrayList<>(itemsAfterTheSecond());
      expected.add(new Item(5, 1, "sled kite", 2, "in_stock")); // written by the first run
      assertThat(context.getBean(ItemRepository.class).findAll()).containsExactlyInAnyOrderElementsOf(expected);
    }
    var fourth = laterChangelog(THIRD + """
          - changeSet:
              id: 4-item-notes
              author: inventory
              changes:
                - addColumn:
                    tableName: items
                    columns:
                      - column: {name: note, type: varchar(50)}
                - sql:
                    sql: update items set note = 'checked'
                - sql:
                    sql: insert into items (id, supplier_id, name, quantity) values (1, 1, 'a second item 1', 1)
        """);
    assertThatThrownBy(() -> start(fourth))
        .satisfies(e -> assertThat(messages(e)).contains("inventory::4-item-notes::inventory"));
    databaseIsAsTheThirdLeftIt();
  }

  private void databaseIsAsTheThirdLeftIt() throws SQLException {
    // The failed application let go of the directory: this opens it anew.
    try (var connection = DriverManager.getConnection("jdbc:kitesql:" + database());
         var statement = connection.createStatement()) {
      try (var changeSets = statement.executeQuery("select count(*), max(id) from databasechangelog")) {
        assertThat(changeSets.next()).isTrue();
        assertThat(changeSets.getInt(1)).isEqualTo(3);
        assertThat(changeSets.getString(2)).isEqualTo("3-supplier-country");
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
