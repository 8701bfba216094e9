package io.kitesql.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The base of the HTTP tests: the whole application on a random port, on a fresh database under
 * {@code target/} with a small demo data set. Every test class extends this one, so they share one
 * application context (and one database: each test inserts and checks its own rows).
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "sample.demo-data.threads=5",
      "sample.demo-data.posts=40",
      "sample.demo-data.customers=3",
      "sample.demo-data.orders=60",
    })
public abstract class SampleAppHttpTest {
  /** The demo data set's size, as configured above. */
  protected static final int DEMO_THREADS = 5;

  protected static final int DEMO_POSTS = 40;
  protected static final int DEMO_CUSTOMERS = 3;
  protected static final int DEMO_ORDERS = 60;

  private static final Path DATABASE = Path.of("target", "test-db-" + UUID.randomUUID());

  /** JSON as the tests read it: a mapper of their own, not the application's. */
  protected static final JsonMapper JSON = JsonMapper.builder().build();

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("kitesql.path", DATABASE::toString);
  }

  @LocalServerPort protected int port;

  /** {@code GET path}, the body as a string. */
  protected HttpResponse<String> get(String path) {
    return send(HttpRequest.newBuilder(uri(path)).GET().build());
  }

  /** {@code POST path} with a JSON body. */
  protected HttpResponse<String> postJson(String path, String json) {
    return send(
        HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }

  private static HttpResponse<String> send(HttpRequest request) {
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
