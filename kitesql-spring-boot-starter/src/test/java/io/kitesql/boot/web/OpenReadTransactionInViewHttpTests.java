package io.kitesql.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.boot.testapp.TestApplication;
import java.io.IOException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The default configuration of a servlet web application, over real HTTP: a controller returns what
 * read-only methods read (text borrowed from the map) and the JSON is written after they returned;
 * a request reads back what it wrote; async bodies work; and a value used after its transaction
 * anyway fails the request with an ERROR line that names the fix.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = NotesOverHttp.ONLY_KITESQL)
class OpenReadTransactionInViewHttpTests {
  @DynamicPropertySource
  static void database(DynamicPropertyRegistry properties) throws IOException {
    NotesOverHttp.freshDatabase(properties, "kitesql-open-in-view-test");
  }

  @LocalServerPort int port;
  @Autowired NoteRepository notes;
  NotesOverHttp http;

  @BeforeEach
  void oneNote() {
    http = new NotesOverHttp(port);
    notes.save(new Note(1L, "ann", "first \"note\" ü"));
  }

  private static JsonNode json(String body) {
    return JsonMapper.builder().build().readTree(body);
  }

  @Test
  void whatAReadOnlyTransactionalMethodReadIsWrittenAsJson() throws Exception {
    var response = http.get("/notes/1");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response.body()).get("body").asString()).isEqualTo("first \"note\" ü");
    assertThat(json(response.body()).get("author").asString()).isEqualTo("ann");
  }

  @Test
  void whatAReadOnlyTxnMethodReadIsWrittenAsJson() throws Exception {
    var response = http.get("/notes/1/read-only-txn");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response.body()).get("body").asString()).isEqualTo("first \"note\" ü");
  }

  @Test
  void aPostReadsBackWhatItsTransactionalMethodWrote() throws Exception {
    var response = http.post("/notes/2", "written by this request");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response.body()).get("body").asString()).isEqualTo("written by this request");
  }

  @Test
  void aPostReadsBackWhatItsRepositoryWriteSaved() throws Exception {
    var response = http.post("/notes/3/repository", "saved outside @Transactional");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response.body()).get("body").asString())
        .isEqualTo("saved outside @Transactional");
  }

  @Test
  void aStreamingBodyReadsTheRequestSnapshotOnItsOwnThread() throws Exception {
    var response = http.get("/notes/1/stream");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("first \"note\" ü|ann");
  }

  @Test
  void aDeferredResultReadOnTheRequestThreadIsWrittenInTheAsyncDispatch() throws Exception {
    var response = http.get("/notes/1/deferred");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response.body()).get("body").asString()).isEqualTo("first \"note\" ü");
  }

  @Test
  void aValueFromASnapshotThatEndedFailsTheRequestWithAnErrorNamingTheFix(CapturedOutput output)
      throws Exception {
    var response = http.get("/notes/1/own-snapshot");
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(output)
        .contains("ERROR")
        .contains("GET /notes/1/own-snapshot failed")
        .contains("borrowed value used after its read transaction ended")
        .contains("kitesql.web.open-read-transaction-in-view");
  }

  @Test
  void aDeferredValueReadInAnotherThreadsTransactionFailsWithTheErrorLine(CapturedOutput output)
      throws Exception {
    var response = http.get("/notes/1/deferred-elsewhere");
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(output)
        .contains("GET /notes/1/deferred-elsewhere failed")
        .contains("kitesql.web.open-read-transaction-in-view");
  }

  @Test
  void aStreamingBodyUsingADeadValueFailsWithTheErrorLine(CapturedOutput output) throws Exception {
    var response = http.get("/notes/1/stream-elsewhere");
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(output)
        .contains("GET /notes/1/stream-elsewhere failed")
        .contains("kitesql.web.open-read-transaction-in-view");
  }
}
