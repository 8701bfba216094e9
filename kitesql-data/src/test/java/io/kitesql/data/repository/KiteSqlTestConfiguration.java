package io.kitesql.data.repository;

import io.kitesql.api.Database;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import org.springframework.context.annotation.Configuration;

/**
 * A real database in a temporary directory (deleted when the context closes) and its repositories.
 */
@Configuration
@EnableKiteSqlRepositories(basePackageClasses = OrderRepository.class)
public class KiteSqlTestConfiguration extends TempDatabaseConfiguration {

  @Override
  protected void createSchema(Database database) {
    database.execute(
        "create table orders (id bigint primary key, customer_id int, status varchar, amount decimal(12, 2), note varchar)");
    database.execute("create index orders_cs on orders (customer_id, status)");
    database.execute(
        "create table products (id bigint primary key, name varchar, stock int, version bigint)");
    database.execute(
        "create table readings (id varchar primary key, kind varchar, active boolean, count int, total bigint,"
            + " ratio double, price decimal(10, 2), day date, at timestamp, seen timestamp, payload varbinary, label varchar,"
            + " note varchar, temperature decimal(5, 1))");
  }
}
