package io.kitesql.data.repository;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.data.core.KiteSqlTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.springframework.context.annotation.Bean;

/**
 * A real database in a temporary directory, deleted when the context closes, with the schema a
 * subclass creates, and its {@link KiteSqlTemplate}: what every repository test context needs.
 */
public abstract class TempDatabaseConfiguration {

  /** A temporary directory, deleted with its files after the database in it closed. */
  public record TempDirectory(Path path) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      try (var files = Files.walk(path)) {
        for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }

  /** Creates the tables (and indexes) the tests of this context use. */
  protected abstract void createSchema(Database database);

  @Bean(destroyMethod = "close")
  public TempDirectory tempDirectory() throws IOException {
    return new TempDirectory(Files.createTempDirectory("kitesql-data-test"));
  }

  @Bean(destroyMethod = "close")
  public Database database(TempDirectory directory) {
    var database = KiteSql.open(directory.path());
    createSchema(database);
    return database;
  }

  @Bean
  public KiteSqlTemplate kiteSqlTemplate(Database database) {
    return new KiteSqlTemplate(database);
  }
}
