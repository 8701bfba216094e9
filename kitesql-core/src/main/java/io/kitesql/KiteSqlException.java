package io.kitesql;

import java.util.Objects;

/**
 * The engine's one exception type: unchecked, carrying an {@link ErrorCode}.
 *
 * <p>Use after close of a borrowed value, cursor or transaction is reported as {@link
 * IllegalStateException} instead, as the {@code java.lang} contract of closed resources expects.
 */
public class KiteSqlException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  public KiteSqlException(ErrorCode errorCode, String message) {
    super(message);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
  }

  public KiteSqlException(ErrorCode errorCode, String message, Throwable cause) {
    super(message, cause);
    this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
  }

  public ErrorCode errorCode() {
    return errorCode;
  }

  /**
   * The message without the error code: what a wrapping exception quotes, so that the code is not
   * repeated in its message.
   */
  public String reason() {
    return super.getMessage();
  }

  @Override
  public String getMessage() {
    return super.getMessage() + " [" + errorCode + " " + errorCode.code() + "]";
  }
}
