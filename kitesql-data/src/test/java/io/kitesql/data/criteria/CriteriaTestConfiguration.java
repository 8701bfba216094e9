package io.kitesql.data.criteria;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.repository.TempDatabaseConfiguration;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
@EnableKiteSqlRepositories(basePackageClasses = MemberRepository.class)
class CriteriaTestConfiguration extends TempDatabaseConfiguration {
  @Override
  protected void createSchema(Database database) {
    database.execute(
        "create table members (id bigint primary key, name varchar, city varchar, karma int, active boolean,"
            + " home_street varchar, home_city varchar)");
  }

  @Bean
  KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
    return new KiteSqlTransactionManager(database);
  }
}
