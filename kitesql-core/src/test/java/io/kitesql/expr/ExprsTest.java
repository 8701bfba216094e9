package io.kitesql.expr;

import static io.kitesql.expr.TestScope.bind;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.bind.Clause;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExprsTest {
  @Test
  void conjunctsAndAnd() {
    Expr e = bind("a = 1 AND (b = 'x' AND c > 0) AND (a = 2 OR a = 3)");
    List<Expr> cs = Exprs.conjuncts(e);
    assertThat(cs).hasSize(4);
    assertThat(cs.get(3)).isInstanceOf(Expr.Or.class);
    assertThat(Exprs.conjuncts(Exprs.and(cs))).isEqualTo(cs);
    assertThat(Exprs.and(List.of())).isEqualTo(new Expr.Literal(true, DataType.BOOLEAN));
  }

  @Test
  void columnsAndRemap() {
    Expr e = bind("a + LENGTH(b) > d");
    assertThat(Exprs.columns(e).stream().toArray()).containsExactly(0, 1, 3);
    Expr moved = Exprs.remap(e, i -> i + 10);
    assertThat(Exprs.columns(moved).stream().toArray()).containsExactly(10, 11, 13);
    Object[] wide = new Object[14];
    Object[] row = TestScope.row();
    System.arraycopy(row, 0, wide, 10, 4);
    assertThat(Evaluator.evaluate(moved, wide, null)).isEqualTo(Evaluator.evaluate(e, row, null));
  }

  @Test
  void replaceAggregatesByColumns() {
    Expr e = bind("SUM(a) / COUNT(*) + 1");
    assertThat(Exprs.containsAggregate(e)).isTrue();
    List<AggregateCall> aggs = Exprs.aggregates(e);
    assertThat(aggs).hasSize(2);
    Expr replaced =
        Exprs.replace(
            e,
            x -> {
              int i = aggs.indexOf(x);
              return i < 0
                  ? Optional.empty()
                  : Optional.of(new Expr.Column(i, x.type(), "agg" + i));
            });
    assertThat(Exprs.containsAggregate(replaced)).isFalse();
    assertThat(Evaluator.evaluate(replaced, new Object[] {10L, 4L}, null)).isEqualTo(3L);
    // Group keys are matched structurally: a + 1 in GROUP BY equals a + 1 in SELECT.
    assertThat(bind("a + 1")).isEqualTo(bind("A + 1"));
  }

  @Test
  void foldingEvaluatesConstantSubtreesOnce() {
    Expr e = Exprs.fold(bind("a + (2 * 3) > LENGTH('abc' || 'de')"));
    assertThat(Exprs.toSql(e)).isEqualTo("(a + 6) > 5");
    assertThat(Exprs.fold(bind("UPPER('x') || 'y'")))
        .isEqualTo(new Expr.Literal(Text.of("Xy"), DataType.VARCHAR));
    // An error in a constant is kept for execution time, where it may never be reached.
    Expr bad = Exprs.fold(bind("CASE WHEN a > 100 THEN 1 / 0 ELSE 0 END"));
    assertThat(Evaluator.evaluate(bad, TestScope.row(), null)).isEqualTo(0);
    assertThat(Exprs.fold(bind("1 / 0"))).isInstanceOf(Expr.Arithmetic.class);
    // A pattern that only becomes invalid once folded ('x!' ends with its escape) also waits.
    Expr badLike = Exprs.fold(bind("b LIKE 'x' || '!' ESCAPE '!'"));
    assertThat(((Expr.Like) badLike).compiled()).isNull();
    assertThat(LikePattern.compile("a#%b_%", "#", false)).hasToString("a\\%b_%");
    // Parameters are not constants.
    var p = new Parameters();
    assertThat(Exprs.fold(TestScope.bind("? + 1", Clause.SELECT, p)))
        .isInstanceOf(Expr.Arithmetic.class);
    // A LIKE whose pattern folds to a literal gets a compiled pattern.
    Expr like = Exprs.fold(bind("b LIKE 'H' || '%'"));
    assertThat(((Expr.Like) like).compiled()).isNotNull();
    assertThat(TestScope.evalFolded("b LIKE 'H' || '%'")).isEqualTo(true);
    assertThat(TestScope.evalFolded("NULL IS NULL")).isEqualTo(true);
  }

  @Test
  void toSql() {
    assertThat(Exprs.toSql(bind("a+1"))).isEqualTo("a + 1");
    assertThat(Exprs.toSql(bind("(a + 1) * 2"))).isEqualTo("(a + 1) * 2");
    assertThat(Exprs.toSql(bind("b LIKE 'it''s%' ESCAPE '!'")))
        .isEqualTo("b LIKE 'it''s%' ESCAPE '!'");
    assertThat(Exprs.toSql(bind("COUNT(DISTINCT a)"))).isEqualTo("COUNT(DISTINCT a)");
    assertThat(Exprs.toSql(bind("count(*)"))).isEqualTo("COUNT(*)");
    assertThat(Exprs.toSql(bind("a NOT IN (1, 2) AND n IS NULL")))
        .isEqualTo("(a NOT IN (1, 2)) AND (n IS NULL)");
    assertThat(Exprs.toSql(bind("CAST(a AS DECIMAL(5,1))"))).isEqualTo("CAST(a AS DECIMAL(5, 1))");
    assertThat(Exprs.toSql(bind("dt = DATE '2024-01-01'"))).isEqualTo("dt = DATE '2024-01-01'");
    assertThat(Exprs.toSql(bind("TRIM(LEADING 'x' FROM b)"))).isEqualTo("TRIM(LEADING 'x' FROM b)");
    assertThat(Exprs.toSql(TestScope.bind("a = ?", Clause.WHERE, new Parameters())))
        .isEqualTo("a = ?1");
  }
}
