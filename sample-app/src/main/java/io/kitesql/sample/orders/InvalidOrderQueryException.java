package io.kitesql.sample.orders;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A query parameter of {@code GET /orders} that is out of range: a 400 problem detail naming it.
 */
public class InvalidOrderQueryException extends ErrorResponseException {
  /** {@code parameter} is wrong for the reason {@code detail}. */
  public InvalidOrderQueryException(String parameter, String detail) {
    super(HttpStatus.BAD_REQUEST, problem(parameter, detail), null);
  }

  private static ProblemDetail problem(String parameter, String detail) {
    var problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
    problem.setTitle("Invalid order query");
    problem.setProperty("parameter", parameter);
    return problem;
  }
}
