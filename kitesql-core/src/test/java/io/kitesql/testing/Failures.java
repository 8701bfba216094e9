package io.kitesql.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The engine's own failures, as tests expect them. */
public final class Failures {
  private Failures() {}

  /**
   * The error code {@code call} fails with; an AssertionError if it succeeds or fails otherwise.
   */
  public static ErrorCode errorOf(ThrowingCallable call) {
    try {
      call.call();
    } catch (KiteSqlException e) {
      return e.errorCode();
    } catch (Throwable e) {
      throw new AssertionError("expected a KiteSqlException, got " + e, e);
    }
    throw new AssertionError("no error");
  }

  /** {@code call} fails with {@code code} and a message containing each of {@code words}. */
  public static void assertFails(ThrowingCallable call, ErrorCode code, String... words) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            KiteSqlException.class, e -> assertThat(e.errorCode()).isEqualTo(code))
        .hasMessageContainingAll(words);
  }
}
