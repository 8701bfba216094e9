package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.demo.DemoDataLoader;
import io.kitesql.sample.orders.OrderRepository;
import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.PostRepository;
import java.util.Comparator;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.DefaultApplicationArguments;

/** The demo data set: loaded once into the empty database at start-up, at the configured size. */
class DemoDataTests extends SampleAppHttpTest {
  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;
  @Autowired OrderRepository orders;
  @Autowired DemoDataLoader loader;

  @Test
  void theConfiguredSetWasLoaded() {
    var demoThreads =
        threads.findAll().stream()
            .sorted(Comparator.comparing(DiscussionThread::id))
            .limit(DEMO_THREADS)
            .toList();
    assertThat(demoThreads)
        .hasSize(DEMO_THREADS)
        .allSatisfy(t -> assertThat(t.title().toString()).matches(".+ \\(#\\d+\\)"));
    long demoPosts = demoThreads.stream().mapToLong(t -> posts.countByThreadId(t.id())).sum();
    assertThat(demoPosts).isEqualTo(DEMO_POSTS);
    assertThat(demoThreads).allSatisfy(t -> assertThat(posts.countByThreadId(t.id())).isPositive());
    var demoOrders =
        orders.findAll().stream().filter(o -> o.customerId() <= DEMO_CUSTOMERS).toList();
    assertThat(demoOrders).hasSize(DEMO_ORDERS);
    for (var thread : demoThreads) {
      for (var post : posts.findByThreadIdOrderByIdAsc(thread.id())) {
        assertThat(post.body().length()).isBetween(64, 64 * 1024);
      }
    }
  }

  @Test
  void aSecondRunKeepsTheData() throws Exception {
    long threadsBefore = threads.count();
    long postsBefore = posts.count();
    long ordersBefore = orders.count();
    loader.run(new DefaultApplicationArguments());
    assertThat(threads.count()).isEqualTo(threadsBefore);
    assertThat(posts.count()).isEqualTo(postsBefore);
    assertThat(orders.count()).isEqualTo(ordersBefore);
  }
}
