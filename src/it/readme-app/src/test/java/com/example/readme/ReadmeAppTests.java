package com.example.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The application of the root README starts, and its runner's post is read back through the service. */
@SpringBootTest
class ReadmeAppTests {
  @TempDir static Path temp;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("kitesql.path", () -> temp.resolve("db").toString());
  }

  @Autowired PostRepository posts;
  @Autowired ThreadService threads;

  @Test
  void theRunnersPostIsReadBack() {
    assertThat(posts.findByThreadIdOrderByIdAsc(7)).singleElement()
        .satisfies(p -> assertThat(p.author().toString()).isEqualTo("ada"));
    assertThat(threads.bodyChars(7)).isEqualTo("kites fly".length());
    assertThat(threads.bodyChars(8)).isZero();
  }
}
