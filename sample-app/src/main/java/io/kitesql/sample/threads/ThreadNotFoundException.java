package io.kitesql.sample.threads;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** No thread has the requested id: answered as 404 with a problem-detail body. */
public class ThreadNotFoundException extends ErrorResponseException {
  /** For thread {@code threadId}. */
  public ThreadNotFoundException(long threadId) {
    super(HttpStatus.NOT_FOUND, problem(threadId), null);
  }

  private static ProblemDetail problem(long threadId) {
    var problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.NOT_FOUND, "There is no thread " + threadId + ".");
    problem.setTitle("Thread not found");
    problem.setProperty("threadId", threadId);
    return problem;
  }
}
