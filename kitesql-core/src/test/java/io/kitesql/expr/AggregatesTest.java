package io.kitesql.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class AggregatesTest {
  private static Object run(
      AggregateFunction f, DataType type, boolean distinct, Object... values) {
    Accumulator acc = f.newAccumulator(type, distinct);
    for (Object v : values) {
      acc.add(v);
    }
    return acc.result();
  }

  @Test
  void emptyInput() {
    assertThat(AggregateFunction.COUNT.newAccumulator(null, false).result()).isEqualTo(0L);
    assertThat(run(AggregateFunction.COUNT, DataType.INT, false)).isEqualTo(0L);
    assertThat(run(AggregateFunction.SUM, DataType.INT, false)).isNull();
    assertThat(run(AggregateFunction.AVG, DataType.INT, false)).isNull();
    assertThat(run(AggregateFunction.MIN, DataType.INT, false)).isNull();
    assertThat(run(AggregateFunction.MAX, DataType.VARCHAR, true)).isNull();
    assertThat(run(AggregateFunction.SUM, DataType.INT, false, null, null)).isNull();
  }

  @Test
  void nullsAreIgnoredExceptByCountStar() {
    Accumulator star = AggregateFunction.COUNT.newAccumulator(null, false);
    star.add(null);
    star.add(1);
    assertThat(star.result()).isEqualTo(2L);
    assertThat(run(AggregateFunction.COUNT, DataType.INT, false, 1, null, 3)).isEqualTo(2L);
    assertThat(run(AggregateFunction.SUM, DataType.INT, false, 1, null, 3)).isEqualTo(4L);
    assertThat(run(AggregateFunction.AVG, DataType.INT, false, 1, null, 2)).isEqualTo(1.5);
    assertThat(run(AggregateFunction.MIN, DataType.INT, false, null, 5, 3)).isEqualTo(3);
    assertThat(run(AggregateFunction.MAX, DataType.INT, false, 5, null, 3)).isEqualTo(5);
  }

  @Test
  void sumsAndAverages() {
    assertThat(
            run(
                AggregateFunction.SUM,
                DataType.decimal(5, 2),
                false,
                new BigDecimal("1.10"),
                new BigDecimal("2.25")))
        .isEqualTo(new BigDecimal("3.35"));
    assertThat(run(AggregateFunction.SUM, DataType.DOUBLE, false, 0.5, 0.25)).isEqualTo(0.75);
    // DECIMAL(5, 2) averages at scale 6, rounded half up: 10/3 = 3.333333.
    assertThat(
            run(
                AggregateFunction.AVG,
                DataType.decimal(5, 2),
                false,
                new BigDecimal("1.00"),
                new BigDecimal("4.00"),
                new BigDecimal("5.00")))
        .isEqualTo(new BigDecimal("3.333333"));
    assertThat(run(AggregateFunction.AVG, DataType.BIGINT, false, Long.MAX_VALUE, Long.MAX_VALUE))
        .isEqualTo((double) Long.MAX_VALUE);
    assertThatThrownBy(() -> run(AggregateFunction.SUM, DataType.BIGINT, false, Long.MAX_VALUE, 1L))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(AggregateFunction.SUM.resultType(DataType.INT)).isEqualTo(DataType.BIGINT);
    assertThat(AggregateFunction.AVG.resultType(DataType.decimal(10, 2)))
        .isEqualTo(DataType.decimal(18, 6));
  }

  @Test
  void distinctVariants() {
    assertThat(run(AggregateFunction.COUNT, DataType.INT, true, 1, 2, 2, null, 1)).isEqualTo(2L);
    assertThat(run(AggregateFunction.SUM, DataType.INT, true, 1, 2, 2, 1)).isEqualTo(3L);
    assertThat(run(AggregateFunction.AVG, DataType.INT, true, 1, 3, 3, 3)).isEqualTo(2.0);
    assertThat(
            run(
                AggregateFunction.COUNT,
                DataType.decimal(5, 2),
                true,
                new BigDecimal("1.0"),
                new BigDecimal("1.00")))
        .isEqualTo(1L);
    assertThat(
            run(
                AggregateFunction.COUNT,
                DataType.VARCHAR,
                true,
                Text.of("a"),
                Text.of("b"),
                Text.of("a")))
        .isEqualTo(2L);
    Accumulator acc = AggregateFunction.COUNT.newAccumulator(DataType.INT, true);
    acc.add(1);
    acc.reset();
    acc.add(1);
    assertThat(acc.result()).isEqualTo(1L);
  }

  @Test
  void minMaxAndDistinctKeepBorrowedViews() {
    try (Arena arena = Arena.ofConfined()) {
      Scope scope = new Scope("t");
      MemorySegment seg = arena.allocate(3);
      seg.copyFrom(MemorySegment.ofArray("bab".getBytes()));
      Text b1 = Text.view(scope, seg, 0, 1, -1);
      Text a = Text.view(scope, seg, 1, 1, -1);
      Text b2 = Text.view(scope, seg, 2, 1, -1);
      assertThat(run(AggregateFunction.MIN, DataType.VARCHAR, false, b1, a, b2)).isSameAs(a);
      assertThat(run(AggregateFunction.MAX, DataType.VARCHAR, false, b1, a, b2)).isSameAs(b1);
      assertThat(run(AggregateFunction.COUNT, DataType.VARCHAR, true, b1, a, b2, Text.of("b")))
          .isEqualTo(2L);
      assertThat(seg.get(ValueLayout.JAVA_BYTE, 0)).isEqualTo((byte) 'b');
    }
  }
}
