package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static io.kitesql.expr.TestScope.eval;
import static io.kitesql.testing.Failures.errorOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class CastTest {
  @Test
  void castSucceeds() {
    assertThat(eval("CAST('42' AS INT)")).isEqualTo(42);
    assertThat(eval("CAST(' 42 ' AS BIGINT)")).isEqualTo(42L);
    assertThat(eval("CAST('2.5' AS DOUBLE)")).isEqualTo(2.5);
    assertThat(eval("CAST('1.005' AS DECIMAL(5, 2))")).isEqualTo(new BigDecimal("1.01"));
    assertThat(eval("CAST(2.5 AS INT)")).isEqualTo(3);
    assertThat(eval("CAST(-2.5 AS INT)")).isEqualTo(-3);
    assertThat(eval("CAST(c AS INT)")).isEqualTo(3);
    assertThat(eval("CAST(a AS DECIMAL(4, 1))")).isEqualTo(new BigDecimal("7.0"));
    assertThat(eval("CAST(a AS VARCHAR)").toString()).isEqualTo("7");
    assertThat(eval("CAST(d AS TEXT)").toString()).isEqualTo("12.34");
    assertThat(eval("CAST(b AS VARCHAR(3))").toString()).isEqualTo("Hel");
    assertThat(eval("CAST('2024-02-29' AS DATE)")).isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(eval("CAST('2024-02-29 13:14:15' AS TIMESTAMP)"))
        .isEqualTo(LocalDateTime.of(2024, 2, 29, 13, 14, 15));
    assertThat(eval("CAST(ts AS DATE)")).isEqualTo(LocalDate.of(2024, 1, 31));
    assertThat(eval("CAST(dt AS VARCHAR)").toString()).isEqualTo("2024-01-31");
    assertThat(eval("CAST(ts AS VARCHAR)").toString()).isEqualTo("2024-01-31 10:30:00");
    assertThat(eval("CAST('true' AS BOOLEAN)")).isEqualTo(true);
    assertThat(eval("CAST('F' AS BOOLEAN)")).isEqualTo(false);
    assertThat(eval("CAST(flag AS INT)")).isEqualTo(1);
    assertThat(eval("CAST(NULL AS INT)")).isNull();
    assertThat(bind("CAST(NULL AS INT)").type()).isEqualTo(DataType.INT);
    assertThat(eval("CAST('ab' AS VARBINARY)")).isEqualTo(Binary.of(new byte[] {'a', 'b'}));
    assertThat(eval("X'0A0B'")).isEqualTo(Binary.of(new byte[] {10, 11}));
    assertThat(eval("DATE '2024-01-01'")).isEqualTo(LocalDate.of(2024, 1, 1));
    assertThat(eval("TIMESTAMP '2024-01-01 00:00:01'"))
        .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0, 1));
  }

  @Test
  void castFailures() {
    assertThat(errorOf(() -> eval("CAST('abc' AS INT)"))).isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> eval("CAST('1x' AS DECIMAL(5,2))")))
        .isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> eval("CAST(b AS DOUBLE)"))).isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> eval("CAST('2024-02-30' AS DATE)")))
        .isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> eval("CAST('maybe' AS BOOLEAN)"))).isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> eval("CAST('3000000000' AS INT)")))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(errorOf(() -> eval("CAST(d AS DECIMAL(3, 2))")))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(errorOf(() -> bind("DATE 'yesterday'"))).isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(errorOf(() -> bind("CAST(dt AS INT)"))).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(errorOf(() -> bind("CAST(a AS DECIMAL(30, 2))")))
        .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(errorOf(() -> bind("CAST(a AS TIME)"))).isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(errorOf(() -> bind("TRY_CAST(a AS INT)"))).isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
  }

  @Test
  void coerceForAssignment() {
    assertThat(Coercions.coerce("x", DataType.VARCHAR)).isEqualTo(Text.of("x"));
    assertThat(Coercions.coerce(5, DataType.BIGINT)).isEqualTo(5L);
    assertThat(Coercions.coerce(5L, DataType.INT)).isEqualTo(5);
    assertThat(Coercions.coerce(1.005, DataType.decimal(5, 2))).isEqualTo(new BigDecimal("1.01"));
    assertThat(Coercions.coerce(new BigDecimal("-0.125"), DataType.decimal(3, 2)))
        .isEqualTo(new BigDecimal("-0.13"));
    assertThat(Coercions.coerce(Text.of("2024-01-31"), DataType.TIMESTAMP))
        .isEqualTo(LocalDateTime.of(2024, 1, 31, 0, 0));
    assertThat(
            Coercions.coerce(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_234_567), DataType.TIMESTAMP))
        .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_234_000));
    assertThat(Coercions.coerce(null, DataType.INT)).isNull();
    Text same = Text.of("abc");
    assertThat(Coercions.coerce(same, DataType.varchar(3))).isSameAs(same);
    assertThat(errorOf(() -> Coercions.coerce(Text.of("abcd"), DataType.varchar(3))))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(errorOf(() -> Coercions.coerce(3_000_000_000L, DataType.INT)))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(errorOf(() -> Coercions.coerce(1000, DataType.decimal(5, 2))))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(errorOf(() -> Coercions.coerce(Double.NaN, DataType.decimal(5, 2))))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(Coercions.coerce(999.994, DataType.decimal(5, 2)))
        .isEqualTo(new BigDecimal("999.99"));
  }

  @Test
  void compareIsATotalOrderAcrossNumericKinds() {
    assertThat(Coercions.compare(1, 1L)).isZero();
    assertThat(Coercions.compare(1, new BigDecimal("1.00"))).isZero();
    assertThat(Coercions.compare(new BigDecimal("1.5"), 1.5)).isZero();
    assertThat(Coercions.compare(2, 1.5)).isPositive();
    assertThat(Coercions.compare(-0.0, 0.0)).isZero();
    assertThat(Coercions.compare(Double.NaN, Double.POSITIVE_INFINITY)).isPositive();
    assertThat(Coercions.compare(Long.MAX_VALUE, Long.MAX_VALUE - 1)).isPositive();
    assertThat(Coercions.compare(false, true)).isNegative();
    assertThat(Coercions.compare(LocalDate.of(2024, 1, 2), LocalDateTime.of(2024, 1, 1, 23, 0)))
        .isPositive();
    assertThat(Coercions.compare(Text.of("b"), Text.of("a"))).isPositive();
    assertThat(errorOf(() -> Coercions.compare(Text.of("1"), 1)))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }

  @Test
  void commonTypes() {
    assertThat(Coercions.commonType(DataType.INT, DataType.BIGINT)).isEqualTo(DataType.BIGINT);
    assertThat(Coercions.commonType(DataType.INT, DataType.decimal(5, 2)))
        .isEqualTo(DataType.decimal(12, 2));
    assertThat(Coercions.commonType(DataType.decimal(5, 2), DataType.DOUBLE))
        .isEqualTo(DataType.DOUBLE);
    assertThat(Coercions.commonType(DataType.varchar(3), DataType.varchar(5)))
        .isEqualTo(DataType.varchar(5));
    assertThat(Coercions.commonType(DataType.varchar(3), DataType.VARCHAR))
        .isEqualTo(DataType.VARCHAR);
    assertThat(Coercions.commonType(DataType.DATE, DataType.TIMESTAMP))
        .isEqualTo(DataType.TIMESTAMP);
    assertThat(errorOf(() -> Coercions.commonType(DataType.INT, DataType.VARCHAR)))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(errorOf(() -> bind("CASE WHEN flag THEN 1 ELSE 'x' END")))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }
}
