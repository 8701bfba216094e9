package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The actuator: the queries the endpoints ran show up in the metrics, the health and the kitesql
 * endpoint.
 */
class ActuatorHttpTests extends SampleAppHttpTest {
  private static final String TREE_QUERY = "PostRepository.findByThreadIdOrderByIdAsc";

  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;

  private double statistic(String meter, String statement, String statistic) {
    var response = get("/actuator/metrics/" + meter + "?tag=statement:" + statement);
    if (response.statusCode() == 404) {
      return 0; // no such meter yet: nothing recorded
    }
    assertThat(response.statusCode()).isEqualTo(200);
    Map<?, ?> body = JSON.readValue(response.body(), Map.class);
    for (var measurement : (List<?>) body.get("measurements")) {
      var m = (Map<?, ?>) measurement;
      if (statistic.equals(m.get("statistic"))) {
        return ((Number) m.get("value")).doubleValue();
      }
    }
    throw new AssertionError("no " + statistic + " in " + response.body());
  }

  @Test
  void theMetricsCountTheTreeQueriesAndTheBytesTheyVisitedAndReturned() {
    long threadId = threads.save(new DiscussionThread(null, "measured")).id();
    var body = "measured body ".repeat(100); // 1,400 bytes
    posts.save(new Post(null, threadId, null, "ada", body));
    double callsBefore = statistic("kitesql.query", TREE_QUERY, "COUNT");
    double visitedBefore = statistic("kitesql.query.bytes.visited", TREE_QUERY, "TOTAL");
    double returnedBefore = statistic("kitesql.query.bytes.returned", TREE_QUERY, "TOTAL");
    double copiedBefore = statistic("kitesql.query.bytes.copied", TREE_QUERY, "TOTAL");

    for (int i = 0; i < 3; i++) {
      assertThat(get("/threads/" + threadId).statusCode()).isEqualTo(200);
    }

    assertThat(statistic("kitesql.query", TREE_QUERY, "COUNT") - callsBefore).isEqualTo(3);
    // each call reads the post's row from the map (at least its 1,400-byte body) and returns its
    // user and body (3 + 1,400 bytes of text), borrowed: nothing copied
    assertThat(statistic("kitesql.query.bytes.visited", TREE_QUERY, "TOTAL") - visitedBefore)
        .isGreaterThanOrEqualTo(3 * 1400);
    assertThat(statistic("kitesql.query.bytes.returned", TREE_QUERY, "TOTAL") - returnedBefore)
        .isEqualTo(3 * (1400 + 3));
    assertThat(statistic("kitesql.query.bytes.copied", TREE_QUERY, "TOTAL") - copiedBefore)
        .isZero();
  }

  @Test
  void theOrdersQueryIsMeasuredToo() {
    String statement = "OrderRepository.findByCustomerIdAndStatusAndAmountGreaterThan";
    double before = statistic("kitesql.query", statement, "COUNT");
    assertThat(get("/orders?customer=1&status=paid&minAmount=0").statusCode()).isEqualTo(200);
    assertThat(statistic("kitesql.query", statement, "COUNT") - before).isEqualTo(1);
  }

  @Test
  void prometheusScrapesTheQueryMeters() {
    assertThat(get("/orders?customer=2&status=new&minAmount=0").statusCode()).isEqualTo(200);
    var response = get("/actuator/prometheus");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body())
        .containsPattern(
            "kitesql_query_seconds_count\\{[^}]*statement=\"OrderRepository.findByCustomerIdAndStatusAndAmountGreaterThan\"[^}]*} [1-9]")
        .contains(
            "kitesql_query_bytes_visited_bytes_count{",
            "kitesql_query_bytes_returned_bytes_count{");
  }

  @Test
  void healthIsUpWithTheKiteSqlComponent() {
    var response = get("/actuator/health");
    assertThat(response.statusCode()).isEqualTo(200);
    Map<?, ?> health = JSON.readValue(response.body(), Map.class);
    assertThat(health.get("status")).isEqualTo("UP");
    var kitesql = (Map<?, ?>) ((Map<?, ?>) health.get("components")).get("kitesql");
    assertThat(kitesql.get("status")).isEqualTo("UP");
  }

  @Test
  void theKiteSqlEndpointListsTheTablesAndTheIndexedTreeQuery() {
    get("/threads/1"); // make sure the tree query has run at least once
    var response = get("/actuator/kitesql");
    assertThat(response.statusCode()).isEqualTo(200);
    Map<?, ?> report = JSON.readValue(response.body(), Map.class);
    List<Object> tableNames =
        ((List<?>) report.get("tables"))
            .stream().map(t -> (Object) ((Map<?, ?>) t).get("name")).toList();
    assertThat(tableNames).contains("threads", "posts", "orders");
    var tree =
        ((List<?>) report.get("statements"))
            .stream()
                .map(s -> (Map<?, ?>) s)
                .filter(s -> TREE_QUERY.equals(s.get("name")))
                .findFirst()
                .orElseThrow();
    assertThat(tree.get("fullScan")).isEqualTo(false);
    assertThat((List<?>) tree.get("plan"))
        .anySatisfy(
            line -> assertThat((String) line).contains("IndexRangeScan posts using posts_thread"));
    // the tests also run this query outside any transaction (copies), so only "some borrowed" holds
    // here
    assertThat(((Number) tree.get("bytesVisitedMean")).doubleValue()).isPositive();
  }
}
