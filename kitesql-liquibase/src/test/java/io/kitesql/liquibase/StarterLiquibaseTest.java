package io.kitesql.liquibase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.jdbc.KiteSqlDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The starter's database migrated by Boot's Liquibase auto-configuration, before anything uses it.
 */
class StarterLiquibaseTest {
  @TempDir Path dir;
  private Path changelog;

  /** Reads the migrated table while the context starts, as a repository used at start-up would. */
  record NoteBodies(List<String> bodies) {}

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {
    @Bean
    NoteBodies noteBodies(KiteSqlTemplate template) {
      return new NoteBodies(
          template.query("select body from notes order by id", row -> row.getString(0)));
    }
  }

  @BeforeEach
  void changelog() throws Exception {
    changelog =
        Files.writeString(
            dir.resolve("changelog.yaml"),
            """
        databaseChangeLog:
          - changeSet:
              id: 1-notes
              author: kitesql
              changes:
                - createTable:
                    tableName: notes
                    columns:
                      - column: {name: id, type: int, constraints: {primaryKey: true}}
                      - column: {name: body, type: varchar(100), constraints: {nullable: false}}
                - sql:
                    sql: insert into notes values (1, 'first'), (2, 'second')
        """);
  }

  private ConfigurableApplicationContext run(String... properties) {
    var database = dir.resolve("db");
    var all =
        Stream.concat(
                Stream.of(
                    "kitesql.path=" + database, "spring.liquibase.change-log=file:" + changelog),
                Stream.of(properties))
            .toArray(String[]::new);
    return new SpringApplicationBuilder(Application.class)
        .web(WebApplicationType.NONE)
        .properties(all)
        .run();
  }

  @Test
  void theStartersDatabaseIsMigratedBeforeTheTemplateIsUsed() throws Exception {
    try (var context = run()) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
      var dataSource = context.getBean(DataSource.class);
      assertThat(dataSource).isInstanceOf(KiteSqlDataSource.class);
      try (var connection = dataSource.getConnection()) {
        assertThat(connection.unwrap(Database.class)).isSameAs(context.getBean(Database.class));
      }
      var template = context.getBean(KiteSqlTemplate.class);
      assertThat(template.query("select id from databasechangelog", row -> row.getString(0)))
          .containsExactly("1-notes");
      // The DataSource is Liquibase's way in: the KiteSQL transaction manager stays the default
      // one.
      assertThat(context.getBean(PlatformTransactionManager.class))
          .isInstanceOf(KiteSqlTransactionManager.class);
      assertThat(context.getBeanNamesForType(JdbcTemplate.class)).isEmpty();
    }
    try (var context = run()) { // restarted on the same directory: nothing to apply
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
    }
  }

  @Test
  void aNamedInMemoryDatabaseIsMigratedAndAnUnnamedOneRefused() {
    try (var context = run("kitesql.path=mem:liquibase-test")) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
    }
    assertThatThrownBy(() -> run("kitesql.path=mem:").close())
        .rootCause()
        .hasMessageContaining("kitesql.path=mem:<name>")
        .hasMessageContaining("Liquibase");
  }

  @Test
  void schemaScriptsBesideLiquibaseAreRefusedUnlessTheirModeIsNever() throws Exception {
    var schema =
        Files.writeString(dir.resolve("schema.sql"), "create table other (id int primary key);");
    assertThatThrownBy(() -> run("kitesql.schema.locations=file:" + schema).close())
        .rootCause()
        .hasMessageContaining("kitesql.schema.locations")
        .hasMessageContaining("Liquibase")
        .hasMessageContaining("kitesql.schema.mode=never");
    try (var context =
        run("kitesql.schema.locations=file:" + schema, "kitesql.schema.mode=never")) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
    }
  }

  @Test
  void aFailingChangeSetStopsStartUp() throws Exception {
    Files.writeString(
        changelog,
        Files.readString(changelog)
            + """
          - changeSet:
              id: 2-broken
              author: kitesql
              changes:
                - sql:
                    sql: insert into missing values (1)
        """);
    assertThatThrownBy(() -> run().close()).hasStackTraceContaining("2-broken");
    try (var connection = DriverManager.getConnection("jdbc:kitesql:" + dir.resolve("db"));
        var statement = connection.createStatement();
        var changeSets = statement.executeQuery("select id from databasechangelog")) {
      assertThat(changeSets.next()).isTrue();
      assertThat(changeSets.getString(1)).isEqualTo("1-notes");
      assertThat(changeSets.next()).isFalse();
    }
  }
}
