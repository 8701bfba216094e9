package io.kitesql.sample.demo;

import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.sample.orders.Order;
import io.kitesql.sample.orders.OrderRepository;
import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import java.util.ArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Loads the demo data set when the database has no thread yet (the first start on a fresh {@code
 * kitesql.path}), all in one write transaction, logging its progress; later starts find the threads
 * and leave the data alone.
 */
@Component
public class DemoDataLoader implements ApplicationRunner {
  private static final Logger log = LoggerFactory.getLogger(DemoDataLoader.class);
  private static final int PROGRESS_EVERY_POSTS = 1000;

  private final DemoDataProperties properties;
  private final DiscussionThreadRepository threads;
  private final PostRepository posts;
  private final OrderRepository orders;
  private final TransactionTemplate writeTransaction;

  DemoDataLoader(
      DemoDataProperties properties,
      DiscussionThreadRepository threads,
      PostRepository posts,
      OrderRepository orders,
      @Qualifier(KiteSqlTransactionManager.BEAN_NAME) PlatformTransactionManager kiteSql) {
    this.properties = properties;
    this.threads = threads;
    this.posts = posts;
    this.orders = orders;
    this.writeTransaction = new TransactionTemplate(kiteSql);
    this.writeTransaction.setName("DemoDataLoader.load");
  }

  @Override
  public void run(ApplicationArguments args) {
    if (!properties.enabled()) {
      return;
    }
    if (threads.existsByIdGreaterThan(0)) {
      log.info("Demo data: the database already has threads; keeping its data");
      return;
    }
    writeTransaction.executeWithoutResult(status -> load());
  }

  /** Writes the data set; runs inside the write transaction. */
  private void load() {
    long started = System.nanoTime();
    log.info(
        "Demo data: loading {} threads, {} posts and {} orders into the empty database",
        properties.threads(),
        properties.posts(),
        properties.orders());
    var generator = new DemoDataGenerator(properties.seed());
    int postsLeft = properties.posts();
    int postsWritten = 0;
    long bodyChars = 0;
    for (int thread = 1; thread <= properties.threads(); thread++) {
      var saved = threads.save(new DiscussionThread(null, generator.title(thread)));
      int count = generator.postsForThread(postsLeft, properties.threads() - thread + 1);
      var idsInThread = new ArrayList<Long>(count);
      for (int i = 0; i < count; i++) {
        int parent = generator.parentIndex(i);
        var body = generator.body();
        var post =
            posts.save(
                new Post(
                    null,
                    saved.id(),
                    parent < 0 ? null : idsInThread.get(parent),
                    generator.user(),
                    body));
        idsInThread.add(post.id());
        bodyChars += body.length();
        if (++postsWritten % PROGRESS_EVERY_POSTS == 0) {
          log.info(
              "Demo data: {} of {} posts written ({} MB of bodies)",
              postsWritten,
              properties.posts(),
              bodyChars >> 20);
        }
      }
      postsLeft -= count;
    }
    var batch = new ArrayList<Order>(properties.orders());
    for (int i = 0; i < properties.orders(); i++) {
      batch.add(
          new Order(
              null,
              generator.customer(properties.customers()),
              generator.status(),
              generator.amount(),
              generator.note()));
    }
    orders.saveAll(batch);
    log.info(
        "Demo data: {} threads, {} posts ({} MB of bodies) and {} orders written in {} ms",
        properties.threads(),
        postsWritten,
        bodyChars >> 20,
        properties.orders(),
        (System.nanoTime() - started) / 1_000_000);
  }
}
