package io.kitesql.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.storage.lmdb.LmdbException;
import io.kitesql.storage.lmdb.NativeBinding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** LMDB's result codes as the engine's errors ({@link LmdbErrors}). */
class LmdbErrorsTest {
  @ParameterizedTest
  @CsvSource({
    "-30792, MAP_FULL",
    "-30790, READERS_EXHAUSTED",
    "-30796, INVALID_DATABASE_FILE",
    "-30797, INVALID_DATABASE_FILE",
    "-30795, INVALID_DATABASE_FILE",
    "-30784, INVALID_DATABASE_FILE",
    "-30793, INVALID_DATABASE_FILE",
    "-30794, INVALID_DATABASE_FILE",
    "-30781, KEY_TOO_LARGE",
    "28, DISK_FULL",
    "122, DISK_FULL",
    "5, STORAGE_FAILURE",
    "-30788, STORAGE_FAILURE",
    "-30782, STORAGE_FAILURE",
    "13, STORAGE_FAILURE"
  })
  void translatesEachCodeAsBefore(int rc, ErrorCode expected) {
    NativeBinding.require();
    var failure = LmdbException.of(rc, "mdb_test");
    var translated = LmdbErrors.translate(failure, "do it");
    assertThat(translated.errorCode()).isEqualTo(expected);
    assertThat(translated.getMessage())
        .startsWith("do it failed")
        .contains(failure.getMessage()); // "mdb_test: " and LMDB's text for the code
  }
}
