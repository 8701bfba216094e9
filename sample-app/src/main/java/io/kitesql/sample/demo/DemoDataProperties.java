package io.kitesql.sample.demo;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The size of the demo data set ({@code sample.demo-data.*}), loaded only into an empty database.
 *
 * @param enabled whether to load it at all
 * @param threads the number of threads
 * @param posts the number of posts, spread over the threads (bodies of 64 B to 64 KiB)
 * @param customers the number of customers the orders belong to
 * @param orders the number of orders
 * @param seed the seed of the generator: the same seed gives the same data
 */
@ConfigurationProperties("sample.demo-data")
public record DemoDataProperties(
    boolean enabled, int threads, int posts, int customers, int orders, long seed) {
  /** Fills in defaults for what is not set, and checks the sizes. */
  public DemoDataProperties {
    threads = threads == 0 ? 300 : threads;
    posts = posts == 0 ? 6000 : posts;
    customers = customers == 0 ? 500 : customers;
    orders = orders == 0 ? 20000 : orders;
    seed = seed == 0 ? 42 : seed;
    if (threads < 1 || posts < threads || customers < 1 || orders < 0) {
      throw new IllegalArgumentException(
          "sample.demo-data needs threads >= 1, posts >= threads, customers >= 1, orders >= 0");
    }
  }
}
