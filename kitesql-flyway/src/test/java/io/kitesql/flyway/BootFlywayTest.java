package io.kitesql.flyway;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.jdbc.KiteSqlDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/** Spring Boot's Flyway auto-configuration migrating a KiteSqlDataSource at start-up. */
class BootFlywayTest {
  @TempDir Path dir;

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {
    @Bean
    KiteSqlDataSource dataSource(@Value("${test.url}") String url) {
      return new KiteSqlDataSource(url);
    }
  }

  @Test
  void theApplicationMigratesAtStartUpAndClosesTheDatabaseAtShutdown() throws Exception {
    var scripts = Files.createDirectories(dir.resolve("migration"));
    Files.writeString(
        scripts.resolve("V1__notes.sql"), "create table notes (id int primary key, body varchar);");
    Files.writeString(
        scripts.resolve("V2__first.sql"), "insert into notes values (1, 'migrated');");
    Database database;
    try (var context =
        new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .properties(
                "test.url=jdbc:kitesql:" + dir.resolve("db"),
                "spring.flyway.locations=filesystem:" + scripts,
                // the starter is on this module's test class path: this application is without it
                "spring.autoconfigure.exclude=io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration")
            .run()) {
      var dataSource = context.getBean(KiteSqlDataSource.class);
      try (var connection = dataSource.getConnection();
          var rows = connection.createStatement().executeQuery("select body from notes")) {
        database = connection.unwrap(Database.class);
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("migrated");
      }
    }
    assertThat(database.isClosed()).as("the data source bean was closed with the context").isTrue();
  }
}
