package com.example.minimal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.posts.AuthorOnly;
import com.example.posts.Headline;
import com.example.posts.PostRepositoryContract;
import io.kitesql.api.Database;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * minimal-app started for real (an HTTP port, the starter from its jar): the shared repository
 * contract on KiteSQL, plus what only KiteSQL does: text that is not copied, and its meters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MinimalAppTests extends PostRepositoryContract {
  private static final String THREAD_QUERY = "PostRepository.findByThreadIdOrderByIdAsc";

  @TempDir static Path temp;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("kitesql.path", () -> temp.resolve("db").toString());
  }

  @Autowired ThreadService service;
  @Autowired Database database;
  @Autowired MeterRegistry meters;
  @LocalServerPort int port;

  @Test
  void everyTextOfTheThreadLiesInsideTheLmdbMap() {
    int checked = service.withThread(1, found -> {
      var regions = MappedRegions.of(database.dataFile());
      assertThat(regions.isEmpty()).as("the data file is mapped").isFalse();
      var texts = new ArrayList<CharSequence>();
      found.forEach(p -> { texts.add(p.author()); texts.add(p.body()); });
      for (var text : texts) {
        assertThat(text).isInstanceOfSatisfying(Text.class, t -> {
          assertThat(t.isBorrowed()).isTrue();
          assertThat(regions.contains(t.asReadOnlySegment().address(), t.utf8Length())).isTrue();
        });
      }
      assertThat(found).extracting(p -> p.body().toString())
          .containsExactly("Kites fly at 50% wind", "first reply", "a snake_case kite ✈", "seen from the ridge crest");
      return texts.size();
    });
    assertThat(checked).isEqualTo(8);
  }

  @Test
  void borrowedTextDiesWhenTheTransactionEnds() {
    var found = service.thread(1);
    assertThat(found).hasSize(4);
    assertThatThrownBy(() -> found.getFirst().body().length()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theMetersTimeEveryQueryAndSeeBorrowedNotCopiedBytes() {
    var before = Figures.read(meters);
    for (int i = 0; i < 3; i++) {
      service.withThread(1, found -> found.size());
    }
    var after = Figures.read(meters);
    assertThat(after.calls() - before.calls()).isEqualTo(3);
    assertThat(after.allocationsMeasured() - before.allocationsMeasured()).isEqualTo(3);
    assertThat(after.allocatedBytes() - before.allocatedBytes()).isPositive();
    // the rows visited hold the text read: at least the UTF-8 bytes of every author and body
    long textBytes = thread().stream()
        .mapToLong(p -> p.author().toString().getBytes(UTF_8).length + p.body().toString().getBytes(UTF_8).length)
        .sum();
    assertThat(after.visitedBytes() - before.visitedBytes()).isGreaterThanOrEqualTo(3 * textBytes);
    assertThat(after.copiedBytes() - before.copiedBytes()).isZero();
  }

  /** The thread query's figures from the starter's meters. */
  private record Figures(long calls, long allocationsMeasured, double allocatedBytes, double visitedBytes, double copiedBytes) {
    static Figures read(MeterRegistry meters) {
      var timer = meters.find("kitesql.query").tag("statement", THREAD_QUERY).tag("outcome", "success").timer();
      var allocated = meters.find("kitesql.query.allocated").tag("statement", THREAD_QUERY).summary();
      var visited = meters.find("kitesql.query.bytes.visited").tag("statement", THREAD_QUERY).summary();
      var copied = meters.find("kitesql.query.bytes.copied").tag("statement", THREAD_QUERY).summary();
      return new Figures(
          timer == null ? 0 : timer.count(),
          allocated == null ? 0 : allocated.count(),
          allocated == null ? 0 : allocated.totalAmount(),
          visited == null ? 0 : visited.totalAmount(),
          copied == null ? 0 : copied.totalAmount());
    }
  }

  @Test
  void healthAndTheKitesqlEndpointAnswerOverHttp() throws Exception {
    service.withThread(1, found -> found.size());

    var health = get("/actuator/health");
    assertThat(health.path("status").asString()).isEqualTo("UP");
    var kitesql = health.path("components").path("kitesql");
    assertThat(kitesql.path("status").asString()).isEqualTo("UP");
    assertThat(kitesql.path("details").path("path").asString()).isEqualTo(temp.resolve("db").toString());

    var endpoint = get("/actuator/kitesql");
    var tables = StreamSupport.stream(endpoint.path("tables").spliterator(), false).toList();
    assertThat(tables).extracting(t -> t.path("name").asString()).contains("posts");
    var postsTable = tables.stream().filter(t -> t.path("name").asString().equals("posts")).findFirst().orElseThrow();
    assertThat(postsTable.path("rows").asLong()).isEqualTo(5);
    var statement = StreamSupport.stream(endpoint.path("statements").spliterator(), false)
        .filter(s -> s.path("name").asString().equals(THREAD_QUERY))
        .findFirst().orElseThrow();
    assertThat(statement.path("calls").asLong()).isPositive();
    assertThat(statement.path("fullScan").asBoolean()).as("served by the index on thread_id").isFalse();
  }

  @Test
  void distinctIsHonoured() {
    assertThat(posts.findDistinctByThreadIdOrderByAuthorAsc(1)).extracting(a -> a.author().toString())
        .containsExactly("ada", "bob", "cyd");
    assertThat(posts.findDistinctByThreadIdOrderByAuthorAsc(1)).allSatisfy(a -> assertThat(a).isInstanceOf(AuthorOnly.class));
  }

  /** Projections read only their columns and never build a Post (Spring Data JDBC does: PortabilityTests). */
  @Test
  void projectionsOfARecordWithPrimitiveComponents() {
    var roots = posts.findByThreadIdAndParentIdIsNull(1);
    assertThat(roots).extracting(Headline::getId).containsExactly(root.id());
    assertThat(roots).extracting(h -> h.getAuthor().toString()).containsExactly("ada");
  }

  @Test
  void windowsScrollByOffset() {
    var first = posts.findFirst2ByThreadIdOrderByIdAsc(1, ScrollPosition.offset());
    assertThat(ids(first.getContent())).containsExactly(root.id(), firstReply.id());
    assertThat(first.hasNext()).isTrue();
    var second = posts.findFirst2ByThreadIdOrderByIdAsc(1, first.positionAt(first.size() - 1));
    assertThat(ids(second.getContent())).containsExactly(secondReply.id(), nestedReply.id());
  }

  @Test
  void windowsScrollByKeyset() {
    var first = posts.findFirst2ByThreadIdOrderByIdAsc(1, ScrollPosition.keyset());
    assertThat(ids(first.getContent())).containsExactly(root.id(), firstReply.id());
    var second = posts.findFirst2ByThreadIdOrderByIdAsc(1, first.positionAt(first.size() - 1));
    assertThat(ids(second.getContent())).containsExactly(secondReply.id(), nestedReply.id());
    var third = posts.findFirst2ByThreadIdOrderByIdAsc(1, second.positionAt(second.size() - 1));
    assertThat(third.getContent()).isEmpty();
  }

  private JsonNode get(String path) throws Exception {
    try (var http = HttpClient.newHttpClient()) {
      var response = http.send(
          HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
      return JsonMapper.builder().build().readTree(response.body());
    }
  }
}
