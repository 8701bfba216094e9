package io.kitesql.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.boot.testapp.TestApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

/**
 * The same failure with {@code spring.mvc.problemdetails.enabled=true}: problem details answer it
 * with a 500 problem and log nothing of their own, so the ERROR line is the only trace.
 */
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = WebEnvironment.RANDOM_PORT,
    properties = {
      NotesOverHttp.ONLY_KITESQL,
      "kitesql.web.open-read-transaction-in-view=false",
      "spring.mvc.problemdetails.enabled=true"
    })
class WithProblemDetailsHttpTests extends WithoutOpenReadTransactionInViewHttpTests {
  @Test
  void theClientGetsAProblemDetail() throws Exception {
    var response = new NotesOverHttp(port).get("/notes/1");
    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).contains("problem+json"));
  }
}
