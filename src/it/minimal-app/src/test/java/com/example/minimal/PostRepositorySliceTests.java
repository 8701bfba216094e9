package com.example.minimal;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.posts.Post;
import com.example.posts.PostRepository;
import io.kitesql.boot.test.autoconfigure.DataKiteSqlTest;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.web.context.WebApplicationContext;

/**
 * minimal-app's repository under the {@code @DataKiteSqlTest} slice, taken from its jar: only the
 * KiteSQL beans, a temporary database, each test rolled back.
 */
@DataKiteSqlTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostRepositorySliceTests {
  @Autowired PostRepository posts;
  @Autowired ApplicationContext context;

  @Test
  @Order(1)
  void savesAndReadsBack() {
    var saved = posts.save(Post.of(7, null, "ann", "rolled back after this test"));

    assertThat(posts.findByThreadIdOrderByIdAsc(7)).singleElement().satisfies(post -> {
      assertThat(post.id()).isEqualTo(saved.id());
      assertThat(post.body()).hasToString("rolled back after this test");
    });
  }

  @Test
  @Order(2)
  void theFirstTestsPostWasRolledBack() {
    assertThat(posts.countByThreadId(7)).isZero();
  }

  @Test
  void startsNoWebOrMetricsAndATemporaryDatabase() {
    assertThat(context).isNotInstanceOf(WebApplicationContext.class);
    assertThat(context.getBeanNamesForType(MeterRegistry.class)).isEmpty();
    var path = Path.of(context.getEnvironment().getRequiredProperty("kitesql.path"));
    assertThat(path.getFileName().toString()).startsWith("kitesql-test-");
  }
}
