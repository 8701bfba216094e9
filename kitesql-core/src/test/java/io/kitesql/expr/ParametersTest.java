package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static io.kitesql.expr.TestScope.eval;
import static io.kitesql.testing.Failures.errorOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.Clause;
import io.kitesql.bind.ExpressionBinder;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {
  @Test
  void positionalParametersTakeTypesFromContext() {
    var p = new Parameters();
    Expr e = bind("a = ? AND b = ? AND d > ?", Clause.WHERE, p);
    assertThat(p.count()).isEqualTo(3);
    assertThat(p.style()).isEqualTo(Parameters.Style.POSITIONAL);
    assertThat(p.type(0)).isEqualTo(DataType.INT);
    assertThat(p.type(1)).isEqualTo(DataType.varchar(20));
    assertThat(p.type(2)).isEqualTo(DataType.decimal(10, 2));
    // compared only: numbers keep their exact values, neither rounded to nor limited by the
    // column's type
    Object[] values = p.bind(7L, "Hello", new BigDecimal("12.004"));
    assertThat(values).containsExactly(7L, Text.of("Hello"), new BigDecimal("12.004"));
    assertThat(Evaluator.test(e, TestScope.row(), values)).isTrue();
    assertThat(Evaluator.test(e, TestScope.row(), p.bind(7, "Hello", new BigDecimal("12.345001"))))
        .isFalse();
  }

  @Test
  void numberedParametersUseTheirIndex() {
    var p = new Parameters();
    Expr e = bind("a - ?2 = ?1 AND ?2 > 0", Clause.WHERE, p);
    assertThat(p.count()).isEqualTo(2);
    assertThat(Evaluator.test(e, TestScope.row(), p.bind(5, 2))).isTrue();
    var dollar = new Parameters();
    bind("$1 + a", Clause.SELECT, dollar);
    assertThat(dollar.style()).isEqualTo(Parameters.Style.NUMBERED);
    assertThat(dollar.type(0)).isEqualTo(DataType.INT);
  }

  @Test
  void namedParametersShareSlots() {
    var p = new Parameters();
    Expr e = bind("a > :lo AND a < :hi AND :lo >= 0", Clause.WHERE, p);
    assertThat(p.count()).isEqualTo(2);
    assertThat(p.names()).containsExactly("lo", "hi");
    assertThat(p.indexOf("hi")).isEqualTo(1);
    assertThat(p.indexOf("nope")).isEqualTo(-1);
    assertThat(Evaluator.test(e, TestScope.row(), p.bindNamed(Map.of("lo", 1, "hi", 10)))).isTrue();
    assertThat(Evaluator.test(e, TestScope.row(), p.bind(8, 10))).isFalse();
    assertThat(errorOf(() -> p.bindNamed(Map.of("lo", 1)))).isEqualTo(ErrorCode.PARAMETER_MISMATCH);
    assertThat(errorOf(() -> p.bindNamed(Map.of("lo", 1, "hi", 2, "x", 3))))
        .isEqualTo(ErrorCode.PARAMETER_MISMATCH);
  }

  @Test
  void mixingStylesIsAnError() {
    assertThat(errorOf(() -> bind("a = ? AND a = :x", Clause.WHERE, new Parameters())))
        .isEqualTo(ErrorCode.PARAMETER_MISMATCH);
    assertThat(errorOf(() -> bind("a = :x AND a = ?1", Clause.WHERE, new Parameters())))
        .isEqualTo(ErrorCode.PARAMETER_MISMATCH);
    assertThat(errorOf(() -> bind("a = ? AND a = ?2", Clause.WHERE, new Parameters())))
        .isEqualTo(ErrorCode.PARAMETER_MISMATCH);
  }

  @Test
  void wrongCountsAndTypes() {
    var p = new Parameters();
    bind("a = ? OR a = ?", Clause.WHERE, p);
    assertThatThrownBy(() -> p.bind(1))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("expected 2")
        .hasMessageContaining("got 1");
    assertThat(errorOf(() -> p.bind(1, 2, 3))).isEqualTo(ErrorCode.PARAMETER_MISMATCH);
    assertThat(errorOf(() -> p.bind(1, new Object()))).isEqualTo(ErrorCode.PARAMETER_MISMATCH);
    assertThat(errorOf(() -> p.bind(1, "x"))).isEqualTo(ErrorCode.INVALID_VALUE);
    // a compared value beyond INT compares (as unequal); one computed with must fit the type
    assertThat(p.bind(1, 3_000_000_000L)).containsExactly(1, 3_000_000_000L);
    var sum = new Parameters();
    bind("a + ? > 0", Clause.WHERE, sum);
    assertThat(errorOf(() -> sum.bind(3_000_000_000L))).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
  }

  @Test
  void javaValuesBecomeRuntimeValues() {
    var p = new Parameters();
    bind("bin = ? AND dt = ? AND c = ? AND flag = ? AND b = ? AND a = ?", Clause.WHERE, p);
    Object[] v =
        p.bind(
            new byte[] {1},
            java.sql.Date.valueOf("2024-01-31"),
            1.5f,
            true,
            new StringBuilder("sb"),
            (short) 3);
    assertThat(v)
        .containsExactly(
            Binary.of(new byte[] {1}), LocalDate.of(2024, 1, 31), 1.5, true, Text.of("sb"), 3);
    Object[] nulls = p.bind(null, null, null, null, null, null);
    assertThat(nulls).containsOnlyNulls();
  }

  @Test
  void untypedParametersAreText() {
    var p = new Parameters();
    Expr e = bind("?", Clause.SELECT, p);
    assertThat(e.type()).isEqualTo(DataType.VARCHAR);
    assertThat(p.bind(5)).containsExactly(Text.of("5"));
    assertThat(eval("? || b", "x").toString()).isEqualTo("xHello");
    assertThat(eval("? + 1", 2L)).isEqualTo(3); // ? takes INT from 1
    assertThat(eval("? + ?", 2, 1)).isEqualTo(3L); // both untyped: BIGINT
    assertThat(eval("CAST(? AS DATE)", "2024-05-06")).isEqualTo(LocalDate.of(2024, 5, 6));
    assertThat(eval("b LIKE ?", "H%")).isEqualTo(true);
  }

  @Test
  void assignmentTargetsTypeParameters() {
    var p = new Parameters();
    var binder = new ExpressionBinder(new TestScope(), p);
    Expr e = binder.bind(TestScope.parse("?"), Clause.VALUES, DataType.decimal(6, 1));
    assertThat(e.type()).isEqualTo(DataType.decimal(6, 1));
    assertThat(p.bind(2.25)).containsExactly(new BigDecimal("2.3"));
    assertThat(errorOf(() -> binder.bind(TestScope.parse("dt"), Clause.VALUES, DataType.INT)))
        .isEqualTo(ErrorCode.TYPE_MISMATCH);
  }
}
