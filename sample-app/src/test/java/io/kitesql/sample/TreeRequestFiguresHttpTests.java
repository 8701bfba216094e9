package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.threads.DiscussionThread;
import io.kitesql.sample.threads.DiscussionThreadRepository;
import io.kitesql.sample.threads.Post;
import io.kitesql.sample.threads.PostRepository;
import io.kitesql.sample.threads.TreeRequestFigures;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** {@code GET /figures/{key}}: the figures of the one tree request that sent the key, not means. */
class TreeRequestFiguresHttpTests extends SampleAppHttpTest {
  @Autowired DiscussionThreadRepository threads;
  @Autowired PostRepository posts;

  private HttpResponse<byte[]> treeWithKey(long threadId, String key) throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/threads/" + threadId))
            .header(TreeRequestFigures.HEADER, key)
            .GET()
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());
  }

  private long threadWithPosts(String... bodies) {
    long threadId = threads.save(new DiscussionThread(null, "figures")).id();
    for (var body : bodies) {
      posts.save(new Post(null, threadId, null, "ada", body));
    }
    return threadId;
  }

  @Test
  void eachRequestGetsItsOwnFigures() throws Exception {
    String big = "große Drachen ".repeat(500);
    long bigThread = threadWithPosts(big, "second");
    long smallThread = threadWithPosts("small");
    String bigKey = UUID.randomUUID().toString();
    String smallKey = UUID.randomUUID().toString();

    var bigTree = treeWithKey(bigThread, bigKey);
    var smallTree = treeWithKey(smallThread, smallKey);
    assertThat(bigTree.statusCode()).isEqualTo(200);
    assertThat(smallTree.statusCode()).isEqualTo(200);

    JsonNode bigFigures = figures(bigKey);
    assertThat(bigFigures.get("threadId").asLong()).isEqualTo(bigThread);
    assertThat(bigFigures.get("posts").asInt()).isEqualTo(2);
    assertThat(bigFigures.get("responseBytes").asLong()).isEqualTo(bigTree.body().length);
    // the tree's rows were read from the map: at least the bodies' bytes
    long bodyBytes = big.getBytes(StandardCharsets.UTF_8).length + "second".length();
    assertThat(bigFigures.get("mapBytesRead").asLong()).isGreaterThanOrEqualTo(bodyBytes);
    assertThat(bigFigures.get("latencyMillis").asDouble()).isPositive();
    assertThat(bigFigures.get("allocatedBytes").asLong())
        .isPositive(); // MVC's async threads are platform threads

    JsonNode smallFigures = figures(smallKey);
    assertThat(smallFigures.get("threadId").asLong()).isEqualTo(smallThread);
    assertThat(smallFigures.get("posts").asInt()).isEqualTo(1);
    assertThat(smallFigures.get("responseBytes").asLong()).isEqualTo(smallTree.body().length);
    assertThat(smallFigures.get("mapBytesRead").asLong()).isLessThan(bodyBytes);
  }

  private JsonNode figures(String key) {
    var response = get("/figures/" + key);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void anUnknownKeyAndAFailedRequestGetAReadableProblem() throws Exception {
    var unknown = get("/figures/never-sent");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).get("detail").asString())
        .startsWith(
            "No figures for request key \"never-sent\": no recent GET /threads/{id} sent it");

    String key = UUID.randomUUID().toString();
    assertThat(treeWithKey(987_654_321L, key).statusCode()).isEqualTo(404);
    var failed = get("/figures/" + key);
    assertThat(failed.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(failed.body()).get("detail").asString())
        .isEqualTo(
            "No figures for request key \""
                + key
                + "\": its request failed: There is no thread 987654321.");
  }
}
