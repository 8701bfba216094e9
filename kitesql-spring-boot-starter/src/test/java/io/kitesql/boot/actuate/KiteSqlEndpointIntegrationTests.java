package io.kitesql.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.docs.ReadmeExamples;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.boot.testapp.NoteService;
import io.kitesql.boot.testapp.TestApplication;
import io.kitesql.data.core.KiteSqlTemplate;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The endpoint of a whole application after some repository calls: its JSON lists each repository
 * method with its plan. The README's examples of the endpoint, the meters and the health details
 * are this test's output ({@link ReadmeExamples}).
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(
    classes = TestApplication.class,
    properties = "management.endpoints.web.exposure.include=kitesql")
class KiteSqlEndpointIntegrationTests {
  @DynamicPropertySource
  static void database(DynamicPropertyRegistry properties) throws IOException {
    var dir = Files.createTempDirectory("kitesql-endpoint-test");
    properties.add("kitesql.path", () -> dir.resolve("db").toString());
  }

  @Autowired KiteSqlEndpoint endpoint;
  @Autowired NoteRepository notes;
  @Autowired NoteService service;
  @Autowired KiteSqlTemplate template;
  @Autowired MeterRegistry registry;
  @Autowired io.kitesql.boot.health.KiteSqlHealthIndicator health;

  @Test
  void theJsonListsRepositoryMethodsWithTheirPlans(CapturedOutput output) throws IOException {
    for (long id = 1; id <= 50; id++) {
      notes.save(new Note(id, id % 2 == 0 ? "ann" : "bob", "note " + id + " " + "x".repeat(1000)));
    }
    for (int i = 0; i < 10; i++) {
      service.readByAuthor("ann", found -> found.size());
      notes.findByBodyStartingWith("note 1");
    }
    template.queryForValue("select count(*) from notes", Long.class);

    var answer = endpoint.kitesql();
    var json =
        JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build()
            .writeValueAsString(answer);

    var byAuthor =
        answer.statements().stream()
            .filter(s -> s.name().equals("NoteRepository.findByAuthor"))
            .findFirst()
            .orElseThrow();
    assertThat(byAuthor.fullScan()).isFalse();
    assertThat(byAuthor.plan()).anyMatch(line -> line.contains("notes_author"));
    assertThat(byAuthor.calls()).isEqualTo(10);
    assertThat(byAuthor.bytesCopiedMean()).isZero();
    assertThat(byAuthor.bytesVisitedMean()).isGreaterThan(25 * 1000);
    var byBody =
        answer.statements().stream()
            .filter(s -> s.name().equals("NoteRepository.findByBodyStartingWith"))
            .findFirst()
            .orElseThrow();
    assertThat(byBody.fullScan()).isTrue();
    assertThat(answer.tables()).singleElement().satisfies(t -> assertThat(t.rows()).isEqualTo(50));
    assertThat(json)
        .contains(
            "\"name\" : \"NoteRepository.findByAuthor\"",
            "\"fullScan\" : true",
            "\"notes_author\"");

    // the first execution of a full-scanning statement is EXPLAINed in the background and warned
    // about
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(output.getOut())
                    .contains(
                        "KiteSQL statement NoteRepository.findByBodyStartingWith reads every row of a table",
                        "create index notes_body on notes (body)"));
    assertThat(output.getOut())
        .doesNotContain("KiteSQL statement NoteRepository.findByAuthor reads");

    var mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    ReadmeExamples.check("endpoint", "json", json + "\n");
    ReadmeExamples.check("meters", "text", meters("NoteRepository.findByAuthor"));
    ReadmeExamples.check("health", "json", mapper.writeValueAsString(health.health(true)) + "\n");
  }

  /**
   * The KiteSQL meters of one statement and those of the database (no statement tag) as name{tags}
   * and their measurements, one per line.
   */
  private String meters(String statement) {
    return Search.in(registry).meters().stream()
        .filter(m -> m.getId().getName().startsWith("kitesql"))
        .filter(
            m ->
                statement.equals(m.getId().getTag("statement"))
                    || m.getId().getTag("statement") == null)
        .sorted(
            Comparator.comparing((io.micrometer.core.instrument.Meter m) -> m.getId().getName())
                .thenComparing(m -> m.getId().getTags().toString()))
        .map(
            m ->
                m.getId().getName()
                    + m.getId().getTags().stream()
                        .map(t -> t.getKey() + "=" + t.getValue())
                        .collect(Collectors.joining(",", "{", "}"))
                    + " "
                    + java.util.stream.StreamSupport.stream(m.measure().spliterator(), false)
                        .map(
                            ms ->
                                ms.getStatistic().getTagValueRepresentation() + "=" + ms.getValue())
                        .collect(Collectors.joining(" ")))
        .collect(Collectors.joining("\n", "", "\n"));
  }
}
