package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.orders.OrderStatuses;
import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A bounded load check: concurrent clients read trees and orders and add replies for a few seconds.
 * No request fails, no read transaction stays open afterwards, and every tree query's allocation
 * was measured (or counted as unmeasured); the mean is printed.
 */
class LoadHttpTests extends SampleAppHttpTest {
  private static final int CLIENTS = 8;
  private static final Duration RUN_FOR = Duration.ofSeconds(3);
  private static final String TREE_QUERY = "PostRepository.findByThreadIdOrderByIdAsc";

  @Autowired DiscussionThreadRepository threads;

  private double statistic(String meter, String statistic) {
    var response = get("/actuator/metrics/" + meter + "?tag=statement:" + TREE_QUERY);
    if (response.statusCode() == 404) {
      return 0;
    }
    Map<?, ?> body = JSON.readValue(response.body(), Map.class);
    for (var measurement : (List<?>) body.get("measurements")) {
      var m = (Map<?, ?>) measurement;
      if (statistic.equals(m.get("statistic"))) {
        return ((Number) m.get("value")).doubleValue();
      }
    }
    throw new AssertionError("no " + statistic + " in " + response.body());
  }

  private int readersActive() {
    Map<?, ?> health = JSON.readValue(get("/actuator/health/kitesql").body(), Map.class);
    return ((Number) ((Map<?, ?>) health.get("details")).get("readersActive")).intValue();
  }

  @Test
  void concurrentClientsGetNoErrorsAndLeaveNoReadTransactionOpen() throws Exception {
    long ownThread = threads.save(new DiscussionThread(null, "under load")).id();
    double treeQueriesBefore = statistic("kitesql.query", "COUNT");
    double measuredBefore = statistic("kitesql.query.allocated", "COUNT");
    double allocatedBefore = statistic("kitesql.query.allocated", "TOTAL");
    double unmeasuredBefore = statistic("kitesql.query.allocated.unmeasured", "COUNT");
    var failures = new ConcurrentLinkedQueue<String>();
    var treeRequests = new AtomicInteger();
    long deadline = System.nanoTime() + RUN_FOR.toNanos();

    try (var clients = Executors.newVirtualThreadPerTaskExecutor()) {
      var running = new ArrayList<Future<?>>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        running.add(
            clients.submit(
                () -> {
                  var random = ThreadLocalRandom.current();
                  while (System.nanoTime() < deadline) {
                    int pick = random.nextInt(10);
                    String path;
                    int status;
                    if (pick < 6) {
                      path = "/threads/" + (1 + random.nextInt(DEMO_THREADS));
                      status = get(path).statusCode();
                      treeRequests.incrementAndGet();
                    } else if (pick < 9) {
                      path =
                          "/orders?customer="
                              + (1 + random.nextInt(DEMO_CUSTOMERS))
                              + "&status="
                              + OrderStatuses.ALL.get(random.nextInt(OrderStatuses.ALL.size()))
                              + "&minAmount=100";
                      status = get(path).statusCode();
                    } else {
                      path = "/threads/" + ownThread + "/posts";
                      status =
                          postJson(path, "{\"user\":\"client" + client + "\",\"body\":\"load\"}")
                              .statusCode();
                    }
                    if (status / 100 != 2) {
                      failures.add(status + " " + path);
                    }
                  }
                  return null;
                }));
      }
      for (var client : running) {
        client.get();
      }
    }

    assertThat(failures).isEmpty();
    assertThat(treeRequests.get()).isPositive();
    // Responses may still be finishing on server threads; the wait ends as soon as none is, 60 s is
    // a hang guard.
    long waitUntil = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (readersActive() > 0 && System.nanoTime() < waitUntil) {
      Thread.sleep(50);
    }
    assertThat(readersActive()).as("read transactions still open after the load").isZero();

    double treeQueries = statistic("kitesql.query", "COUNT") - treeQueriesBefore;
    double measured = statistic("kitesql.query.allocated", "COUNT") - measuredBefore;
    double unmeasured = statistic("kitesql.query.allocated.unmeasured", "COUNT") - unmeasuredBefore;
    assertThat(treeQueries).isEqualTo(treeRequests.get());
    assertThat(measured + unmeasured).isEqualTo(treeQueries);
    System.out.printf(
        "load: %d clients for %s: %d tree requests; %s allocated %.0f bytes per call (%.0f measured, %.0f unmeasured)%n",
        CLIENTS,
        RUN_FOR,
        treeRequests.get(),
        TREE_QUERY,
        measured == 0
            ? 0
            : (statistic("kitesql.query.allocated", "TOTAL") - allocatedBefore) / measured,
        measured,
        unmeasured);
  }
}
