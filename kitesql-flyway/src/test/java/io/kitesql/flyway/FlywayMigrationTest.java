package io.kitesql.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.jdbc.KiteSqlDataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flyway migrating a KiteSQL database: versions, checksums, and an atomic failing migration. */
class FlywayMigrationTest {
  @TempDir Path dir;

  private Path scripts() throws IOException {
    return Files.createDirectories(dir.resolve("migrations"));
  }

  private String url() {
    return "jdbc:kitesql:" + dir.resolve("db");
  }

  private void script(String name, String sql) throws IOException {
    Files.writeString(scripts().resolve(name), sql);
  }

  private Flyway flyway(KiteSqlDataSource dataSource) throws IOException {
    return Flyway.configure().dataSource(dataSource).locations("filesystem:" + scripts()).load();
  }

  private void v1AndV2() throws IOException {
    script(
        "V1__notes.sql",
        """
        create table notes (id int primary key, body varchar not null);
        insert into notes values (1, 'first'), (2, 'second');
        """);
    script(
        "V2__tags.sql",
        """
        alter table notes add column tag varchar(20) default 'none';
        create index notes_tag_idx on notes (tag);
        update notes set tag = 'old' where id = 1;
        """);
  }

  @Test
  void migratesVersionsInOrderAndRecordsThem() throws Exception {
    v1AndV2();
    try (var dataSource = new KiteSqlDataSource(url())) {
      var result = flyway(dataSource).migrate();
      assertThat(result.migrationsExecuted).isEqualTo(2);
      assertThat(result.targetSchemaVersion).isEqualTo("2");
      assertThat(rows(dataSource, "select id, tag from notes order by id"))
          .containsExactly(List.of("1", "old"), List.of("2", "none"));
      assertThat(
              rows(
                  dataSource,
                  "select \"version\", \"success\" from flyway_schema_history order by \"installed_rank\""))
          .containsExactly(List.of("1", "true"), List.of("2", "true"));
      assertThat(flyway(dataSource).migrate().migrationsExecuted).isZero();
      assertThat(flyway(dataSource).info().current().getVersion().getVersion()).isEqualTo("2");
    }
  }

  @Test
  void aFailingMigrationLeavesThePreviousVersionIntact() throws Exception {
    v1AndV2();
    try (var dataSource = new KiteSqlDataSource(url())) {
      flyway(dataSource).migrate();
    }
    script(
        "V3__broken.sql",
        """
        create table other (id int primary key);
        insert into other values (1);
        update notes set body = 'changed';
        insert into notes (id, body) values (1, 'a duplicate key');
        """);
    try (var dataSource = new KiteSqlDataSource(url())) {
      assertThatThrownBy(() -> flyway(dataSource).migrate())
          .isInstanceOf(FlywayException.class)
          .hasMessageContaining("V3__broken.sql")
          .hasMessageContaining("Line       : 4")
          .hasMessageContaining("SQL State  : 23505");
    }
    try (var connection =
        DriverManager.getConnection(url())) { // reopened: the database closed with its last user
      var statement = connection.createStatement();
      assertThatThrownBy(() -> statement.executeQuery("select * from other"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42P01"));
      try (var bodies = statement.executeQuery("select body from notes order by id")) {
        assertThat(bodies.next()).isTrue();
        assertThat(bodies.getString(1)).isEqualTo("first");
      }
      try (var versions =
          statement.executeQuery("select max(\"version\"), count(*) from flyway_schema_history")) {
        versions.next();
        assertThat(versions.getString(1)).isEqualTo("2");
        assertThat(versions.getInt(2)).isEqualTo(2);
      }
    }
    Files.delete(scripts().resolve("V3__broken.sql"));
    script("V3__fixed.sql", "create table other (id int primary key);");
    try (var dataSource = new KiteSqlDataSource(url())) {
      assertThat(flyway(dataSource).migrate().migrationsExecuted).isEqualTo(1);
    }
  }

  @Test
  void aChangedScriptFailsValidationAndCleanIsRefused() throws Exception {
    v1AndV2();
    try (var dataSource = new KiteSqlDataSource(url())) {
      flyway(dataSource).migrate();
      script("V1__notes.sql", "create table notes (id int primary key);");
      assertThatThrownBy(() -> flyway(dataSource).migrate())
          .isInstanceOf(FlywayException.class)
          .hasMessageContaining("checksum mismatch");
      assertThatThrownBy(() -> flyway(dataSource).clean())
          .isInstanceOf(FlywayException.class)
          .hasMessageContaining("clean");
      assertThat(rows(dataSource, "select count(*) from notes")).containsExactly(List.of("2"));
    }
  }

  @Test
  void cleanWhenEnabledDropsViewsAndTables() throws Exception {
    v1AndV2();
    script(
        "V3__view.sql",
        "create view tagged as select id from notes where tag <> 'none';\n"
            + "create view tagged_ids as select id from tagged;");
    try (var dataSource = new KiteSqlDataSource(url())) {
      Flyway.configure()
          .dataSource(dataSource)
          .locations("filesystem:" + scripts())
          .cleanDisabled(false)
          .load()
          .clean();
      flyway(dataSource).migrate();
      Flyway.configure()
          .dataSource(dataSource)
          .locations("filesystem:" + scripts())
          .cleanDisabled(false)
          .load()
          .clean();
      try (var connection = dataSource.getConnection();
          var tables = connection.getMetaData().getTables(null, null, "%", null)) {
        assertThat(tables.next()).isFalse();
      }
    }
  }

  @Test
  void repeatableMigrationsRerunWhenChangedAndBaselineAdoptsAnExistingDatabase() throws Exception {
    try (var connection = DriverManager.getConnection(url())) {
      connection.createStatement().executeUpdate("create table legacy (id int primary key)");
    }
    script("V2__notes.sql", "create table notes (id int primary key, body varchar not null);");
    script("R__report.sql", "create or replace view report as select id from notes;");
    try (var dataSource = new KiteSqlDataSource(url())) {
      var configured =
          Flyway.configure()
              .dataSource(dataSource)
              .locations("filesystem:" + scripts())
              .baselineOnMigrate(true)
              .baselineVersion("1");
      assertThat(configured.load().migrate().migrationsExecuted).isEqualTo(2);
      assertThat(configured.load().migrate().migrationsExecuted).isZero();
      script("R__report.sql", "create or replace view report as select id, body from notes;");
      assertThat(configured.load().migrate().migrationsExecuted).isEqualTo(1);
      assertThat(
              rows(
                  dataSource,
                  "select \"version\", \"type\" from flyway_schema_history order by \"installed_rank\""))
          .containsExactly(
              List.of("1", "BASELINE"),
              List.of("2", "SQL"),
              Arrays.asList(null, "SQL"),
              Arrays.asList(null, "SQL"));
      assertThat(rows(dataSource, "select count(*) from report")).containsExactly(List.of("0"));
    }
  }

  private static List<List<String>> rows(KiteSqlDataSource dataSource, String sql)
      throws SQLException {
    var rows = new ArrayList<List<String>>();
    try (var connection = dataSource.getConnection();
        var result = connection.createStatement().executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        var row = new ArrayList<String>();
        for (int i = 1; i <= columns; i++) {
          row.add(result.getString(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
