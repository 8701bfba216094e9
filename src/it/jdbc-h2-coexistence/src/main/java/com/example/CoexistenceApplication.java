package com.example;

import com.example.accounts.AccountRepository;
import com.example.notes.NoteRepository;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;

/**
 * Two Spring Data stores in one application, each with its own package of repositories. Both
 * modules claim repositories over {@code @Table} entities, so each store is told where its
 * repositories are: Spring Data JDBC in {@code accounts}, KiteSQL in {@code notes} (whose
 * repositories also extend {@code KiteSqlRepository}, which is what Spring Data's strict
 * multi-store mode looks for).
 */
@SpringBootApplication
@EnableJdbcRepositories(basePackageClasses = AccountRepository.class)
@EnableKiteSqlRepositories(basePackageClasses = NoteRepository.class)
public class CoexistenceApplication {
  public static void main(String[] args) {
    SpringApplication.run(CoexistenceApplication.class, args);
  }
}
