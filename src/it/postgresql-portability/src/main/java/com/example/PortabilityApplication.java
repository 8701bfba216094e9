package com.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** minimal-app's repository on Spring Data JDBC: Boot finds PostRepository and makes it a JDBC repository. */
@SpringBootApplication
public class PortabilityApplication {
  public static void main(String[] args) {
    SpringApplication.run(PortabilityApplication.class, args);
  }
}
