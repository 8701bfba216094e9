package io.kitesql.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Each switch reads its own system property at the moment it is asked, with the default its table
 * row states when the property is unset.
 */
class EngineSwitchesTest {
  @Test
  void onByDefaultAndOffOnlyForFalse() {
    assertOnUnlessFalse(EngineSwitches.WRITER_CALLER_THREAD, EngineSwitches::writerCallerThread);
    assertOnUnlessFalse(EngineSwitches.GROUP_COMMIT, EngineSwitches::groupCommit);
    assertOnUnlessFalse(EngineSwitches.SCAN_AGGREGATE, EngineSwitches::scanAggregate);
  }

  @Test
  void offByDefaultAndOnOnlyForTrue() {
    assertOffUnlessTrue(
        EngineSwitches.TRACK_READ_TRANSACTIONS, EngineSwitches::trackReadTransactions);
    assertOffUnlessTrue(EngineSwitches.ROWS_OUT_OF_LINE, EngineSwitches::rowsOutOfLine);
  }

  @Test
  void readAheadIsANumberOfRowsAtLeastZero() {
    assertThat(with(EngineSwitches.READ_AHEAD, null, EngineSwitches::readAhead)).isEqualTo(16);
    assertThat(with(EngineSwitches.READ_AHEAD, "4", EngineSwitches::readAhead)).isEqualTo(4);
    assertThat(with(EngineSwitches.READ_AHEAD, "-3", EngineSwitches::readAhead)).isZero();
    assertThat(with(EngineSwitches.READ_AHEAD, "many", EngineSwitches::readAhead)).isEqualTo(16);
  }

  @Test
  void writerSpinIsAdaptiveUnlessSet() {
    var spin = EngineSwitches.WRITER_SPIN_MICROS;
    assertThat(with(spin, null, EngineSwitches::writerSpinMicros)).isEqualTo("adaptive");
    assertThat(with(spin, "20", EngineSwitches::writerSpinMicros)).isEqualTo("20");
  }

  private static void assertOnUnlessFalse(String property, Supplier<Boolean> read) {
    assertThat(with(property, null, read)).as(property + " unset").isTrue();
    assertThat(with(property, "false", read)).as(property + "=false").isFalse();
    assertThat(with(property, "no", read)).as(property + "=no").isTrue();
  }

  private static void assertOffUnlessTrue(String property, Supplier<Boolean> read) {
    assertThat(with(property, null, read)).as(property + " unset").isFalse();
    assertThat(with(property, "true", read)).as(property + "=true").isTrue();
    assertThat(with(property, "yes", read)).as(property + "=yes").isFalse();
  }

  /** What {@code read} answers with {@code property} set to {@code value} (null: cleared). */
  private static <T> T with(String property, String value, Supplier<T> read) {
    var previous =
        value == null ? System.clearProperty(property) : System.setProperty(property, value);
    try {
      return read.get();
    } finally {
      if (previous == null) {
        System.clearProperty(property);
      } else {
        System.setProperty(property, previous);
      }
    }
  }
}
