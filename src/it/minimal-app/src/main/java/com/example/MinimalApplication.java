package com.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Spring Boot application whose only store is KiteSQL: everything is auto-configured by the starter. */
@SpringBootApplication
public class MinimalApplication {
  public static void main(String[] args) {
    SpringApplication.run(MinimalApplication.class, args);
  }
}
