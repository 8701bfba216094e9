package io.kitesql.expr;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.bind.BindScope;
import io.kitesql.bind.Clause;
import io.kitesql.bind.ExpressionBinder;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Evaluating over a large borrowed text allocates a small constant, not a copy: no String or byte[]
 * of the value is made by comparisons, LIKE, IN, POSITION, lengths, SUBSTRING or TRIM.
 */
class ZeroCopyTest {
  private static final int SIZE = 1 << 20;

  @Test
  void readPathFunctionsDoNotCopyText() {
    var bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (Arena arena = Arena.ofConfined()) {
      // 1 MiB of 'é' (2 bytes each), then "xyz ": non-ASCII, so char/code point walks are real.
      byte[] utf8 = ("é".repeat(SIZE / 2) + "xyz ").getBytes(StandardCharsets.UTF_8);
      MemorySegment seg = arena.allocate(utf8.length);
      seg.copyFrom(MemorySegment.ofArray(utf8));
      Text s = Text.view(new Scope("t"), seg, 0, utf8.length, -1);
      BindScope one = (q, name) -> new Expr.Column(0, DataType.VARCHAR, "s");
      List<Expr> exprs =
          List.of(
                  "s = 'abc'",
                  "s > 'é'",
                  "s IN ('a', 'b')",
                  "s LIKE '%xyz_'",
                  "s ILIKE 'É%Z%'",
                  "POSITION('xyz' IN s)",
                  "CHAR_LENGTH(s)",
                  "OCTET_LENGTH(s)",
                  "SUBSTRING(s FROM 3 FOR 100000)",
                  "TRIM(s)",
                  "UPPER(SUBSTRING(s, 1, 3))")
              .stream()
              .map(
                  sql ->
                      Exprs.fold(
                          new ExpressionBinder(one, new Parameters())
                              .bind(TestScope.parse(sql), Clause.SELECT)))
              .toList();
      Object[] row = {s};
      for (Expr e : exprs) { // warm up (class loading, caches of s)
        Evaluator.evaluate(e, row, null);
      }
      long before = bean.getCurrentThreadAllocatedBytes();
      for (Expr e : exprs) {
        Evaluator.evaluate(e, row, null);
      }
      long allocated = bean.getCurrentThreadAllocatedBytes() - before;
      assertThat(allocated).isLessThan(SIZE / 16);
      assertThat(Evaluator.evaluate(exprs.get(3), row, null)).isEqualTo(true);
      assertThat(Evaluator.evaluate(exprs.get(4), row, null)).isEqualTo(true);
      assertThat(Evaluator.evaluate(exprs.get(5), row, null)).isEqualTo(SIZE / 2 + 1);
      assertThat(Evaluator.evaluate(exprs.get(6), row, null)).isEqualTo(SIZE / 2 + 4);
    }
  }
}
