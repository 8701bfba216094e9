package io.kitesql.sample.threads;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A reply that cannot be added as sent: answered as 400 with a problem-detail body naming the
 * field.
 */
public class InvalidReplyException extends ErrorResponseException {
  /** {@code field} of the request is wrong for the reason {@code detail}. */
  public InvalidReplyException(String field, String detail) {
    super(HttpStatus.BAD_REQUEST, problem(field, detail), null);
  }

  private static ProblemDetail problem(String field, String detail) {
    var problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
    problem.setTitle("Invalid reply");
    problem.setProperty("field", field);
    return problem;
  }
}
