package com.example;

import io.kitesql.data.config.EnableKiteSqlAuditing;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application whose only store is KiteSQL: everything is auto-configured by the
 * starter but auditing, which (as with Spring Data JDBC) the application switches on.
 */
@SpringBootApplication
@EnableKiteSqlAuditing
public class MinimalApplication {
  public static void main(String[] args) {
    SpringApplication.run(MinimalApplication.class, args);
  }
}
