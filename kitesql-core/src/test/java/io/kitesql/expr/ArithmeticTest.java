package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static io.kitesql.expr.TestScope.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ArithmeticTest {
  private static void assertError(String sql, ErrorCode code) {
    assertThatThrownBy(() -> eval(sql))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(code);
  }

  @Test
  void resultTypesWiden() {
    assertThat(bind("a + 1").type()).isEqualTo(DataType.INT);
    assertThat(bind("a + 3000000000").type()).isEqualTo(DataType.BIGINT);
    assertThat(bind("a + c").type()).isEqualTo(DataType.DOUBLE);
    // INT as DECIMAL(10, 0) plus DECIMAL(10, 2): 10 integer digits + 1 carry, scale 2.
    assertThat(bind("a + d").type()).isEqualTo(DataType.decimal(13, 2));
    assertThat(bind("d * d").type()).isEqualTo(DataType.decimal(18, 4));
    assertThat(bind("d + c").type()).isEqualTo(DataType.DOUBLE);
    assertThat(bind("1.5").type()).isEqualTo(DataType.decimal(2, 1));
    assertThat(bind("1e3").type()).isEqualTo(DataType.DOUBLE);
    assertThat(bind("2147483647").type()).isEqualTo(DataType.INT);
    assertThat(bind("2147483648").type()).isEqualTo(DataType.BIGINT);
    assertThat(bind("-2147483648").type()).isEqualTo(DataType.INT);
  }

  @Test
  void values() {
    assertThat(eval("a + 1")).isEqualTo(8);
    assertThat(eval("a * 2 - 4")).isEqualTo(10);
    assertThat(eval("a + 3000000000")).isEqualTo(3000000007L);
    assertThat(eval("a + c")).isEqualTo(9.5);
    assertThat(eval("a + d")).isEqualTo(new BigDecimal("19.34"));
    assertThat(eval("d * 2")).isEqualTo(new BigDecimal("24.68"));
    assertThat(eval("-a")).isEqualTo(-7);
    assertThat(eval("- d")).isEqualTo(new BigDecimal("-12.34"));
    assertThat(eval("1.5 + 1.25")).isEqualTo(new BigDecimal("2.75"));
  }

  @Test
  void integerDivisionTruncatesTowardZero() {
    assertThat(eval("7 / 2")).isEqualTo(3);
    assertThat(eval("-7 / 2")).isEqualTo(-3);
    assertThat(eval("7 / -2")).isEqualTo(-3);
    assertThat(eval("a / 2.0")).isEqualTo(new BigDecimal("3.500000"));
    assertThat(eval("c / 2")).isEqualTo(1.25);
  }

  @Test
  void moduloTakesTheSignOfTheDividend() {
    assertThat(eval("7 % 3")).isEqualTo(1);
    assertThat(eval("-7 % 3")).isEqualTo(-1);
    assertThat(eval("7 % -3")).isEqualTo(1);
    assertThat(eval("MOD(-7, 3)")).isEqualTo(-1);
    assertThat(eval("MOD(d, 5)")).isEqualTo(new BigDecimal("2.34"));
    assertThat(eval("c % 2")).isEqualTo(0.5);
  }

  @Test
  void divisionByZero() {
    assertError("a / 0", ErrorCode.DIVISION_BY_ZERO);
    assertError("a % 0", ErrorCode.DIVISION_BY_ZERO);
    assertError("d / 0", ErrorCode.DIVISION_BY_ZERO);
    assertError("c / 0", ErrorCode.DIVISION_BY_ZERO);
    assertError("MOD(a, 0)", ErrorCode.DIVISION_BY_ZERO);
    // NULL wins: nothing is divided.
    assertThat(eval("n / 0")).isNull();
  }

  @Test
  void overflow() {
    assertError("2147483647 + 1", ErrorCode.VALUE_OUT_OF_RANGE);
    assertError("-2147483648 / -1", ErrorCode.VALUE_OUT_OF_RANGE);
    assertError("-(-2147483648)", ErrorCode.VALUE_OUT_OF_RANGE);
    assertError("9223372036854775807 * 2", ErrorCode.VALUE_OUT_OF_RANGE);
    assertError("99999999999999999999", ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(eval("2147483647 + 1.0")).isEqualTo(new BigDecimal("2147483648.0"));
  }

  @Test
  void nullPropagates() {
    assertThat(eval("n + 1")).isNull();
    assertThat(eval("1 - n")).isNull();
    assertThat(eval("n * d")).isNull();
    assertThat(eval("-n")).isNull();
    assertThat(eval("NULL + 1")).isNull();
    assertThat(bind("NULL + 1").type()).isEqualTo(DataType.INT);
    assertThat(eval("ABS(n)")).isNull();
    assertThat(eval("ROUND(n)")).isNull();
    assertThat(eval("UPPER(NULL)")).isNull();
    assertThat(eval("SUBSTRING(b, n)")).isNull();
  }

  @Test
  void absAndRound() {
    assertThat(eval("ABS(-5)")).isEqualTo(5);
    assertThat(eval("ABS(-d)")).isEqualTo(new BigDecimal("12.34"));
    assertThat(eval("ABS(-2.5e0)")).isEqualTo(2.5);
    assertError("ABS(-2147483648)", ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(eval("ROUND(2.5)")).isEqualTo(new BigDecimal("3"));
    assertThat(eval("ROUND(-2.5)")).isEqualTo(new BigDecimal("-3"));
    assertThat(eval("ROUND(d, 1)")).isEqualTo(new BigDecimal("12.3"));
    assertThat(eval("ROUND(12.345, 2)")).isEqualTo(new BigDecimal("12.35"));
    assertThat(eval("ROUND(c)")).isEqualTo(3.0);
    assertThat(eval("ROUND(1234, -2)")).isEqualTo(1200);
    assertThat(eval("ROUND(1250, -2)")).isEqualTo(1300);
    assertThat(eval("ROUND(a)")).isEqualTo(7);
  }

  @Test
  void typeErrors() {
    assertThatThrownBy(() -> bind("b + 1"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> bind("b = 1"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> bind("a = '7'"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> bind("NOT a"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> bind("UPPER(a)"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }
}
