package io.kitesql.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.jdbc.KiteSqlDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/** The starter's database migrated by Boot's Flyway auto-configuration, before anything uses it. */
class StarterFlywayTest {
  @TempDir Path dir;
  private Path scripts;

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

  /** The application's own DataSource: a KiteSQL database in another directory. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class WithOtherDataSource {
    @Bean
    KiteSqlDataSource other(@Value("${test.other}") String url) {
      return new KiteSqlDataSource(url);
    }
  }

  @BeforeEach
  void v1AndV2() throws Exception {
    scripts = Files.createDirectories(dir.resolve("migration"));
    Files.writeString(
        scripts.resolve("V1__notes.sql"),
        """
        create table notes (id int primary key, body varchar(100) not null);
        insert into notes values (1, 'first'), (2, 'second');
        """);
    Files.writeString(
        scripts.resolve("V2__tags.sql"),
        """
        alter table notes add column tag varchar(20) default 'none';
        create index notes_tag_idx on notes (tag);
        update notes set tag = 'old' where id = 1;
        """);
  }

  private ConfigurableApplicationContext run(Class<?> application, String... properties) {
    var all =
        Stream.concat(
                Stream.of(
                    "kitesql.path=" + dir.resolve("db"),
                    "spring.flyway.locations=filesystem:" + scripts),
                Stream.of(properties))
            .toArray(String[]::new);
    return new SpringApplicationBuilder(application)
        .web(WebApplicationType.NONE)
        .properties(all)
        .run();
  }

  @Test
  void theStartersDatabaseIsMigratedBeforeTheTemplateIsUsed() throws Exception {
    try (var context = run(Application.class)) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
      var template = context.getBean(KiteSqlTemplate.class);
      assertThat(
              template.query(
                  "select id, tag from notes order by id",
                  row -> row.getInt(0) + ":" + row.getString(1)))
          .containsExactly("1:old", "2:none");
      assertThat(
              template.query(
                  "select \"version\" from flyway_schema_history order by \"installed_rank\"",
                  row -> row.getString(0)))
          .containsExactly("1", "2");
      var dataSource = context.getBean(DataSource.class);
      assertThat(dataSource).isInstanceOf(KiteSqlDataSource.class);
      try (var connection = dataSource.getConnection()) {
        assertThat(connection.unwrap(Database.class)).isSameAs(context.getBean(Database.class));
      }
      // The DataSource is Flyway's way in: the KiteSQL transaction manager stays the default one.
      assertThat(context.getBean(PlatformTransactionManager.class))
          .isInstanceOf(KiteSqlTransactionManager.class);
      assertThat(context.getBeanNamesForType(JdbcTemplate.class)).isEmpty();
    }
  }

  @Test
  void aNamedInMemoryDatabaseIsMigratedAndAnUnnamedOneRefused() throws Exception {
    try (var context = run(Application.class, "kitesql.path=mem:flyway-test")) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
    }
    assertThatThrownBy(() -> run(Application.class, "kitesql.path=mem:").close())
        .rootCause()
        .hasMessageContaining("kitesql.path=mem:<name>");
  }

  @Test
  void schemaScriptsBesideFlywayAreRefusedUnlessTheirModeIsNever() throws Exception {
    var schema =
        Files.writeString(
            dir.resolve("schema.sql"), "create table notes (id int primary key, body varchar);");
    assertThatThrownBy(
            () -> run(Application.class, "kitesql.schema.locations=file:" + schema).close())
        .rootCause()
        .hasMessageContaining("kitesql.schema.locations")
        .hasMessageContaining("Flyway")
        .hasMessageContaining("kitesql.schema.mode=never");
    try (var context =
        run(
            Application.class,
            "kitesql.schema.locations=file:" + schema,
            "kitesql.schema.mode=never")) {
      assertThat(context.getBean(NoteBodies.class).bodies()).containsExactly("first", "second");
    }
  }

  @Test
  void anotherDataSourceStaysFlywaysUnlessKiteSqlIsAskedFor() throws Exception {
    try (var context =
        run(WithOtherDataSource.class, "test.other=jdbc:kitesql:" + dir.resolve("other1"))) {
      assertThat(otherBodies(context)).containsExactly("first", "second");
      assertThat(context.getBean(Database.class).catalog().tables()).isEmpty();
      assertThat(context.containsBean("kiteSqlDataSource")).isFalse();
    }
    try (var context =
        run(
            WithOtherDataSource.class,
            "test.other=jdbc:kitesql:" + dir.resolve("other2"),
            "kitesql.flyway.enabled=true")) {
      assertThat(
              context
                  .getBean(KiteSqlTemplate.class)
                  .query("select body from notes order by id", row -> row.getString(0)))
          .containsExactly("first", "second");
      assertThatThrownBy(() -> otherBodies(context))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("notes");
      assertThat(context.getBean(DataSource.class))
          .as("the application's DataSource")
          .isSameAs(context.getBean("other"));
    }
  }

  @Test
  void aConfiguredDataSourceUrlIsFlywaysUnlessKiteSqlIsAskedFor() throws Exception {
    var url = "spring.datasource.url=jdbc:kitesql:" + dir.resolve("other");
    try (var context =
        run(
            StarterOnly.class,
            url,
            "spring.datasource.driver-class-name=io.kitesql.jdbc.KiteSqlDriver")) {
      assertThat(bodies(context.getBean(DataSource.class))).containsExactly("first", "second");
      assertThat(context.getBean(Database.class).catalog().tables()).isEmpty();
      assertThat(context.containsBean("kiteSqlDataSource")).isFalse();
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class StarterOnly {}

  private static List<String> otherBodies(ConfigurableApplicationContext context)
      throws SQLException {
    return bodies(context.getBean("other", DataSource.class));
  }

  private static List<String> bodies(DataSource dataSource) throws SQLException {
    var bodies = new ArrayList<String>();
    try (var connection = dataSource.getConnection();
        var rows =
            connection.createStatement().executeQuery("select body from notes order by id")) {
      while (rows.next()) {
        bodies.add(rows.getString(1));
      }
    }
    return bodies;
  }
}
