package io.kitesql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Error codes are stable identifiers: each number names one error. */
class ErrorCodeTest {
  @Test
  void everyCodeIsUniqueAndInItsRange() {
    var codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList();
    assertThat(codes).doesNotHaveDuplicates();
    for (var error : ErrorCode.values()) {
      assertThat(error.code() / 1000).as(error.name()).isIn(1, 2, 3, 4, 9);
      assertThat(error.sqlState()).as(error.name()).hasSize(5);
    }
  }
}
