package io.kitesql.data.example;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
@EnableKiteSqlRepositories(basePackageClasses = AuthorRepository.class)
class ExampleTestConfiguration extends TempDatabaseConfiguration {
  @Override
  protected void createSchema(Database database) {
    database.execute(
        "create table authors (id bigint primary key, name varchar, city varchar, email varchar, karma int, active boolean)");
  }

  @Bean
  KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
    return new KiteSqlTransactionManager(database);
  }
}
