package io.kitesql.boot.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;

/** Real HTTP requests to the test application's {@code NoteController} on a random port. */
final class NotesOverHttp {
  /**
   * Leaves out the H2 DataSource the test class path offers, so that unqualified
   * {@code @Transactional} methods run on KiteSQL's transaction manager, as in an application with
   * no other database.
   */
  static final String ONLY_KITESQL =
      "spring.autoconfigure.exclude=org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

  private final HttpClient client = HttpClient.newHttpClient();
  private final int port;

  NotesOverHttp(int port) {
    this.port = port;
  }

  /** A fresh database directory for one application context. */
  static void freshDatabase(DynamicPropertyRegistry properties, String prefix) throws IOException {
    Path dir = Files.createTempDirectory(prefix);
    properties.add("kitesql.path", () -> dir.resolve("db").toString());
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri(path)).GET());
  }

  HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
    return send(
        HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "text/plain")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  private URI uri(String path) {
    return URI.create("http://localhost:" + port + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder request)
      throws IOException, InterruptedException {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
