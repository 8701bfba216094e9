package io.kitesql.sample.threads;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** No figures are kept under the requested key: answered as 404 with a problem-detail body. */
public class FiguresNotFoundException extends ErrorResponseException {
  /** For key {@code key}; {@code why} says what the client can do. */
  public FiguresNotFoundException(String key, String why) {
    super(HttpStatus.NOT_FOUND, problem(key, why), null);
  }

  private static ProblemDetail problem(String key, String why) {
    var problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.NOT_FOUND, "No figures for request key \"" + key + "\": " + why);
    problem.setTitle("Figures not found");
    return problem;
  }
}
