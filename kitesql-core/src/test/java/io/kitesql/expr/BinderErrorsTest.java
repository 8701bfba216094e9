package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static io.kitesql.expr.TestScope.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.Clause;
import io.kitesql.value.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BinderErrorsTest {
  private static KiteSqlException error(String sql, Clause clause) {
    try {
      bind(sql, clause, new Parameters());
    } catch (KiteSqlException e) {
      return e;
    }
    throw new AssertionError("no error for " + sql);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "ROW_NUMBER() FILTER (WHERE a > 1) OVER (PARTITION BY b)|UNSUPPORTED_FEATURE|FILTER",
        "COUNT(DISTINCT a) OVER (ORDER BY a)|UNSUPPORTED_FEATURE|DISTINCT",
        "a IN (SELECT 1)|UNSUPPORTED_FEATURE|subquery",
        "(SELECT 1)|UNSUPPORTED_FEATURE|subquery",
        "EXISTS (SELECT 1)|UNSUPPORTED_FEATURE|EXISTS",
        "a = ANY (SELECT 1)|UNSUPPORTED_FEATURE|ANY",
        "ABS(a) FILTER (WHERE a > 1)|SYNTAX_ERROR|FILTER",
        "EXTRACT(YEAR FROM dt)|UNSUPPORTED_FEATURE|ExtractExpression",
        "b SIMILAR TO 'x'|UNSUPPORTED_FEATURE|SIMILAR",
        "E'x'|UNSUPPORTED_FEATURE|prefix E",
        "foo(1)|UNKNOWN_FUNCTION|FOO",
        "UPPER(b, b)|UNKNOWN_FUNCTION|UPPER",
        "nope + 1|UNKNOWN_COLUMN|nope",
        "x.a|UNKNOWN_COLUMN|x",
        "\"mixed\"|UNKNOWN_COLUMN|mixed",
        "SUM(COUNT(a))|GROUPING_ERROR|nested"
      })
  void rejected(String sql, ErrorCode code, String named) {
    KiteSqlException e = error(sql, Clause.SELECT);
    assertThat(e.errorCode()).isEqualTo(code);
    assertThat(e.getMessage()).containsIgnoringCase(named);
  }

  @Test
  void aggregatesOnlyWhereAllowed() {
    assertThat(error("COUNT(*) > 1", Clause.WHERE).errorCode()).isEqualTo(ErrorCode.GROUPING_ERROR);
    assertThat(error("SUM(a)", Clause.GROUP_BY).errorCode()).isEqualTo(ErrorCode.GROUPING_ERROR);
    Expr having = bind("COUNT(*) > 1 AND MAX(b) <> 'x'", Clause.HAVING, new Parameters());
    assertThat(Exprs.aggregates(having)).hasSize(2);
    assertThat(((AggregateCall) bind("COUNT(DISTINCT a)")).distinct()).isTrue();
    assertThat(bind("AVG(a)").type()).isEqualTo(DataType.DOUBLE);
    assertThat(bind("SUM(d)").type()).isEqualTo(DataType.decimal(18, 2));
    assertThat(bind("MIN(b)").type()).isEqualTo(DataType.varchar(20));
    assertThat(error("SUM(b)", Clause.SELECT).errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThatThrownBy(() -> eval("COUNT(*)"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INTERNAL_ERROR);
  }

  @Test
  void predicatesMustBeBoolean() {
    assertThat(error("a + 1", Clause.WHERE).errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(bind("NULL", Clause.WHERE, new Parameters()).type()).isEqualTo(DataType.BOOLEAN);
    assertThat(bind("flag", Clause.WHERE, new Parameters()).type()).isEqualTo(DataType.BOOLEAN);
  }

  @Test
  void identifiers() {
    // a quoted name is exact; an unquoted one folds to lower case (so MIXED is "mixed", not
    // "Mixed")
    assertThat(eval("\"Mixed\" + 1")).isEqualTo(2);
    assertThatThrownBy(() -> eval("MIXED"))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_COLUMN);
    assertThat(eval("t.a + T.A")).isEqualTo(14);
    assertThat(eval("upper(B)").toString()).isEqualTo("HELLO");
  }
}
