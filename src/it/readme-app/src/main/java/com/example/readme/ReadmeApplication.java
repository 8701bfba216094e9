package com.example.readme;

import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The root README's entity, repository and service (copied from it as written), and a runner that
 * writes a post and reads it back once started: run as {@code java -jar}, it prints the line
 * verify.groovy waits for and exits (no web server: nothing keeps the JVM alive).
 */
@SpringBootApplication
public class ReadmeApplication {
  public static void main(String[] args) {
    SpringApplication.run(ReadmeApplication.class, args);
  }

  @Bean
  ApplicationRunner writeAndReadBack(PostRepository posts, ThreadService threads) {
    return args -> {
      posts.save(new Post(null, 7, null, "ada", "kites fly"));
      System.out.println("readme-app: thread 7 has " + threads.bodyChars(7) + " chars of body");
    };
  }
}
