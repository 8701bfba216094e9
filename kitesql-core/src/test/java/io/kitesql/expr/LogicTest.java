package io.kitesql.expr;

import static io.kitesql.expr.TestScope.eval;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogicTest {
  /** SQL three-valued logic; an empty cell is NULL (unknown). */
  @ParameterizedTest(name = "{0} AND {1} = {2}")
  @CsvSource({
    "TRUE, TRUE, TRUE", "TRUE, FALSE, FALSE", "TRUE, NULL, ",
    "FALSE, TRUE, FALSE", "FALSE, FALSE, FALSE", "FALSE, NULL, FALSE",
    "NULL, TRUE, ", "NULL, FALSE, FALSE", "NULL, NULL, "
  })
  void and(String x, String y, Boolean expected) {
    assertThat(eval(x + " AND " + y)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} OR {1} = {2}")
  @CsvSource({
    "TRUE, TRUE, TRUE", "TRUE, FALSE, TRUE", "TRUE, NULL, TRUE",
    "FALSE, TRUE, TRUE", "FALSE, FALSE, FALSE", "FALSE, NULL, ",
    "NULL, TRUE, TRUE", "NULL, FALSE, ", "NULL, NULL, "
  })
  void or(String x, String y, Boolean expected) {
    assertThat(eval(x + " OR " + y)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "NOT {0} = {1}")
  @CsvSource({"TRUE, FALSE", "FALSE, TRUE", "NULL, "})
  void not(String x, Boolean expected) {
    assertThat(eval("NOT " + x)).isEqualTo(expected);
  }

  @Test
  void comparisonsWithNullAreUnknown() {
    assertThat(eval("n = 1")).isNull();
    assertThat(eval("n <> n")).isNull();
    assertThat(eval("NULL = NULL")).isNull();
    assertThat(eval("a = 7 AND n > 0")).isNull();
    assertThat(eval("a = 8 AND n > 0")).isEqualTo(false);
    assertThat(eval("a = 7 OR n > 0")).isEqualTo(true);
  }

  @Test
  void isNullAndIsBoolean() {
    assertThat(eval("n IS NULL")).isEqualTo(true);
    assertThat(eval("a IS NULL")).isEqualTo(false);
    assertThat(eval("n IS NOT NULL")).isEqualTo(false);
    assertThat(eval("(n = 1) IS TRUE")).isEqualTo(false);
    assertThat(eval("(n = 1) IS NOT TRUE")).isEqualTo(true);
    assertThat(eval("(n = 1) IS FALSE")).isEqualTo(false);
    assertThat(eval("(a = 1) IS FALSE")).isEqualTo(true);
    assertThat(eval("flag IS TRUE")).isEqualTo(true);
    assertThat(eval("(n = 1) IS UNKNOWN")).isEqualTo(true);
    assertThat(eval("flag IS NOT UNKNOWN")).isEqualTo(true);
  }

  @Test
  void comparisonsAcrossNumericKinds() {
    assertThat(eval("a = 7.0")).isEqualTo(true);
    assertThat(eval("a < c * 3")).isEqualTo(true); // 7 < 7.5
    assertThat(eval("d > 12.339")).isEqualTo(true);
    assertThat(eval("d = 12.340")).isEqualTo(true);
    assertThat(eval("3000000000 > a")).isEqualTo(true);
    assertThat(eval("a <> 7")).isEqualTo(false);
    assertThat(eval("a >= 7 AND a <= 7")).isEqualTo(true);
  }

  @Test
  void textComparesByCodePoints() {
    assertThat(eval("b = 'Hello'")).isEqualTo(true);
    assertThat(eval("b < 'Hellp'")).isEqualTo(true);
    assertThat(eval("b > 'HELLO'")).isEqualTo(true); // 'e' > 'E'
    // U+1F600 (supplementary) sorts after U+FFFD in code point order, unlike String.compareTo.
    assertThat(eval("'\uD83D\uDE00' > '\uFFFD'")).isEqualTo(true);
  }

  @Test
  void inListWithNulls() {
    assertThat(eval("1 IN (1, 2)")).isEqualTo(true);
    assertThat(eval("3 IN (1, 2)")).isEqualTo(false);
    assertThat(eval("1 IN (2, NULL)")).isNull();
    assertThat(eval("1 IN (1, NULL)")).isEqualTo(true);
    assertThat(eval("1 NOT IN (2, NULL)")).isNull();
    assertThat(eval("1 NOT IN (1, NULL)")).isEqualTo(false);
    assertThat(eval("1 NOT IN (2, 3)")).isEqualTo(true);
    assertThat(eval("n IN (1, 2)")).isNull();
    assertThat(eval("a IN (7.0, 8)")).isEqualTo(true);
    assertThat(eval("b IN ('x', 'Hello')")).isEqualTo(true);
  }

  /** JSqlParser 5.3 parses "a IN (1) AND x" as "a IN ((1) AND x)"; the binder repairs it. */
  @Test
  void inListFollowedByAndOr() {
    assertThat(Exprs.toSql(TestScope.bind("a IN (1, 7) AND n IS NULL")))
        .isEqualTo("(a IN (1, 7)) AND (n IS NULL)");
    assertThat(eval("a IN (1, 7) AND n IS NULL")).isEqualTo(true);
    assertThat(eval("a NOT IN (1, 2) AND b IN ('x') OR c = 2.5")).isEqualTo(true);
    assertThat(Exprs.toSql(TestScope.bind("a NOT IN (1, 2) AND b IN ('x') OR c = 2.5")))
        .isEqualTo("((a NOT IN (1, 2)) AND (b IN ('x'))) OR (c = 2.5)");
    assertThat(Exprs.toSql(TestScope.bind("flag AND a IN (1) OR c = 2.5")))
        .isEqualTo("(flag AND (a IN (1))) OR (c = 2.5)");
    assertThat(Exprs.toSql(TestScope.bind("a IN (1) AND (flag OR c = 2.5)")))
        .isEqualTo("(a IN (1)) AND (flag OR (c = 2.5))");
    assertThat(Exprs.toSql(TestScope.bind("a IN (1) AND flag OR c = 2.5")))
        .isEqualTo("((a IN (1)) AND flag) OR (c = 2.5)");
    // NOT binds tighter than AND: (NOT a IN (1)) AND flag.
    assertThat(Exprs.toSql(TestScope.bind("NOT a IN (1) AND flag")))
        .isEqualTo("(NOT (a IN (1))) AND flag");
    assertThat(eval("NOT a IN (7) OR flag")).isEqualTo(true);
  }

  @Test
  void between() {
    assertThat(eval("a BETWEEN 1 AND 7")).isEqualTo(true);
    assertThat(eval("a BETWEEN 8 AND 9")).isEqualTo(false);
    assertThat(eval("a NOT BETWEEN 8 AND 9")).isEqualTo(true);
    assertThat(eval("a BETWEEN NULL AND 9")).isNull();
    assertThat(eval("a BETWEEN NULL AND 6")).isEqualTo(false); // the high side already fails
    assertThat(eval("a NOT BETWEEN NULL AND 6")).isEqualTo(true);
    assertThat(eval("n BETWEEN 1 AND 2")).isNull();
    assertThat(eval("b BETWEEN 'A' AND 'Z'")).isEqualTo(true);
  }

  @Test
  void caseExpressions() {
    assertThat(eval("CASE WHEN a > 5 THEN 'big' ELSE 'small' END").toString()).isEqualTo("big");
    assertThat(eval("CASE a WHEN 1 THEN 'one' WHEN 7 THEN 'seven' END").toString())
        .isEqualTo("seven");
    assertThat(eval("CASE a WHEN 1 THEN 'one' END")).isNull();
    // A NULL condition is not TRUE, so it falls through.
    assertThat(eval("CASE WHEN n > 0 THEN 1 ELSE 2 END")).isEqualTo(2);
    // Simple CASE compares with =, so NULL never matches NULL.
    assertThat(eval("CASE n WHEN NULL THEN 1 ELSE 2 END")).isEqualTo(2);
    // Mixed INT and DECIMAL(2, 1) results widen to DECIMAL(11, 1): 1 becomes 1.0.
    assertThat(eval("CASE WHEN a = 7 THEN 1 ELSE 2.5 END"))
        .isEqualTo(new java.math.BigDecimal("1.0"));
  }

  @Test
  void coalesceNullIfIfNull() {
    assertThat(eval("COALESCE(n, NULL, a, 3)")).isEqualTo(7);
    assertThat(eval("COALESCE(n, NULL)")).isNull();
    assertThat(eval("IFNULL(n, 5)")).isEqualTo(5);
    assertThat(eval("COALESCE(n, 2.5)")).isEqualTo(new java.math.BigDecimal("2.5"));
    assertThat(eval("COALESCE(a, 2.5)")).isEqualTo(new java.math.BigDecimal("7.0"));
    assertThat(eval("NULLIF(a, 7)")).isNull();
    assertThat(eval("NULLIF(a, 8)")).isEqualTo(7);
    assertThat(eval("NULLIF(n, 8)")).isNull();
    assertThat(eval("NULLIF(a, NULL)")).isEqualTo(7);
  }

  @Test
  void datesCompareWithStringLiterals() {
    assertThat(eval("dt = '2024-01-31'")).isEqualTo(true);
    assertThat(eval("dt < DATE '2024-02-01'")).isEqualTo(true);
    assertThat(eval("ts > '2024-01-31'")).isEqualTo(true);
    assertThat(eval("ts BETWEEN '2024-01-31 10:00:00' AND '2024-01-31 11:00'")).isEqualTo(true);
    assertThat(eval("dt < ts")).isEqualTo(true);
  }
}
