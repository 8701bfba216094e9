package com.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.jdbc.repository.config.EnableJdbcAuditing;

/**
 * minimal-app's repositories on Spring Data JDBC and KiteSQL's JDBC driver: Boot finds PostRepository
 * and makes it a JDBC repository; {@code @EnableJdbcAuditing} stands where minimal-app has
 * {@code @EnableKiteSqlAuditing}.
 */
@SpringBootApplication
@EnableJdbcAuditing
public class OnKiteSqlApplication {
  public static void main(String[] args) {
    SpringApplication.run(OnKiteSqlApplication.class, args);
  }
}
