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

/**
 * With the interceptor switched off, a controller returning what a read-only method read fails (the
 * text died with the method's transaction) and the server logs an ERROR line that names the fix
 * (with problem details: {@link WithProblemDetailsHttpTests}).
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = {NotesOverHttp.ONLY_KITESQL, "kitesql.web.open-read-transaction-in-view=false"})
class WithoutOpenReadTransactionInViewHttpTests {
  @DynamicPropertySource
  static void database(DynamicPropertyRegistry properties) throws IOException {
    NotesOverHttp.freshDatabase(properties, "kitesql-no-open-in-view-test");
  }

  @LocalServerPort int port;
  @Autowired NoteRepository notes;

  @BeforeEach
  void oneNote() {
    notes.save(new Note(1L, "ann", "first note"));
  }

  @Test
  void theFailureIsLoggedNamingTheFix(CapturedOutput output) throws Exception {
    var http = new NotesOverHttp(port);
    for (var path : new String[] {"/notes/1", "/notes/1/read-only-txn"}) {
      var response = http.get(path);
      assertThat(response.statusCode()).as(path).isEqualTo(500);
      assertThat(output)
          .contains("ERROR")
          .contains("GET " + path + " failed")
          .contains("borrowed value used after its read transaction ended")
          .contains("Keep kitesql.web.open-read-transaction-in-view on");
    }
  }
}
