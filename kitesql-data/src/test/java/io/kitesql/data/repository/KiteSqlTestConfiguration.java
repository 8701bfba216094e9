package io.kitesql.data.repository;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A real database in a temporary directory (deleted when the context closes) and its repositories. */
@Configuration
@EnableKiteSqlRepositories(basePackageClasses = OrderRepository.class)
public class KiteSqlTestConfiguration {

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

  @Bean(destroyMethod = "close")
  TempDirectory tempDirectory() throws IOException {
    return new TempDirectory(Files.createTempDirectory("kitesql-data-test"));
  }

  @Bean(destroyMethod = "close")
  Database database(TempDirectory directory) {
    var database = KiteSql.open(directory.path());
    database.execute("create table orders (id bigint primary key, customer_id int, status varchar, amount decimal(12, 2), note varchar)");
    database.execute("create index orders_cs on orders (customer_id, status)");
    database.execute("create table products (id bigint primary key, name varchar, stock int, version bigint)");
    database.execute("create table readings (id varchar primary key, kind varchar, active boolean, count int, total bigint,"
        + " ratio double, price decimal(10, 2), day date, at timestamp, seen timestamp, payload varbinary, label varchar,"
        + " note varchar, temperature decimal(5, 1))");
    return database;
  }

  @Bean
  KiteSqlTemplate kiteSqlTemplate(Database database) {
    return new KiteSqlTemplate(database);
  }
}
