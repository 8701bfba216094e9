package io.kitesql.expr;

import static io.kitesql.expr.TestScope.eval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BindScope;
import io.kitesql.bind.Clause;
import io.kitesql.bind.ExpressionBinder;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Text functions over borrowed text: results are views where the function allows it. */
class TextFunctionsTest {
  private final Arena arena = Arena.ofConfined();
  private final Scope scope = new Scope("t");
  private long start;
  private long end;

  @AfterEach
  void close() {
    arena.close();
  }

  /** A borrowed text over native memory holding the UTF-8 of {@code s}. */
  private Text borrowed(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    MemorySegment seg = arena.allocate(Math.max(utf8.length, 1));
    MemorySegment.copy(utf8, 0, seg, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, utf8.length);
    start = seg.address();
    end = start + utf8.length;
    return Text.view(scope, seg, 0, utf8.length, -1);
  }

  /** Evaluates {@code sql} with column 0 = {@code value} (a VARCHAR named s). */
  private static Object on(Text value, String sql, Object... params) {
    BindScope one =
        (q, name) -> {
          if (!name.matches("s")) {
            throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, name.text());
          }
          return new Expr.Column(0, DataType.VARCHAR, "s");
        };
    var p = new Parameters();
    Expr e = new ExpressionBinder(one, p).bind(TestScope.parse(sql), Clause.SELECT);
    return Evaluator.evaluate(e, new Object[] {value}, p.bind(params));
  }

  private void assertView(Object result) {
    Text t = (Text) result;
    assertThat(t.isBorrowed()).isTrue();
    assertThat(t.asReadOnlySegment().address()).isBetween(start, end);
  }

  @Test
  void substringIsAViewCountedInCodePoints() {
    // 'a' + U+1F600 (2 chars, 4 bytes) + 'bé' + U+20AC
    Text s = borrowed("a\uD83D\uDE00bé€");
    Object r = on(s, "SUBSTRING(s FROM 2 FOR 3)");
    assertThat(r.toString()).isEqualTo("\uD83D\uDE00bé");
    assertView(r);
    assertThat(on(s, "SUBSTRING(s, 3)").toString()).isEqualTo("bé€");
    assertThat(on(s, "SUBSTR(s, 0, 2)").toString()).isEqualTo("a"); // positions 0 and 1
    assertThat(on(s, "SUBSTRING(s, 10)").toString()).isEmpty();
    assertThat(on(s, "SUBSTRING(s, 5, 100)").toString()).isEqualTo("€");
    assertThatThrownBy(() -> on(s, "SUBSTRING(s, 1, -1)"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_VALUE);
    scope.end();
    assertThatThrownBy(r::toString).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void trimIsAView() {
    Text s = borrowed("  xxhixx  ");
    Object both = on(s, "TRIM(s)");
    assertThat(both.toString()).isEqualTo("xxhixx");
    assertView(both);
    assertThat(on(s, "TRIM(LEADING FROM s)").toString()).isEqualTo("xxhixx  ");
    assertThat(on(s, "RTRIM(s)").toString()).isEqualTo("  xxhixx");
    assertThat(on(s, "TRIM(BOTH ' x' FROM s)").toString()).isEqualTo("hi");
    assertThat(on(s, "TRIM(TRAILING ' x' FROM s)").toString()).isEqualTo("  xxhi");
    assertThat(on(borrowed("\uD83D\uDE00a\uD83D\uDE00"), "TRIM('\uD83D\uDE00' FROM s)").toString())
        .isEqualTo("a");
    scope.end();
    assertThatThrownBy(both::toString).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void lengthsCountCodePointsAndBytes() {
    Text s = borrowed("a\uD83D\uDE00é");
    assertThat(on(s, "CHAR_LENGTH(s)")).isEqualTo(3);
    assertThat(on(s, "LENGTH(s)")).isEqualTo(3);
    assertThat(on(s, "CHARACTER_LENGTH(s)")).isEqualTo(3);
    assertThat(on(s, "OCTET_LENGTH(s)")).isEqualTo(1 + 4 + 2);
    assertThat(eval("OCTET_LENGTH(bin)")).isEqualTo(2);
  }

  @Test
  void positionCountsCodePoints() {
    Text s = borrowed("\uD83D\uDE00éabcabc");
    assertThat(on(s, "POSITION('abc' IN s)")).isEqualTo(3);
    assertThat(on(s, "POSITION('x' IN s)")).isEqualTo(0);
    assertThat(on(s, "POSITION('' IN s)")).isEqualTo(1);
    assertThat(on(s, "INSTR(s, 'é')")).isEqualTo(2);
    assertThat(on(s, "LOCATE('c', s)")).isEqualTo(5);
  }

  @Test
  void upperLowerReplaceConcatMakeNewText() {
    Text s = borrowed("Grüße \uD801\uDC00"); // U+10400 DESERET CAPITAL LONG I
    Text up = (Text) on(s, "UPPER(s)");
    assertThat(up.toString()).isEqualTo("GRÜßE \uD801\uDC00");
    assertThat(up.isBorrowed()).isFalse();
    assertThat(on(s, "LOWER(s)").toString()).isEqualTo("grüße \uD801\uDC28");
    // Nothing to change: the input itself, still a view.
    Text lower = borrowed("abc");
    assertThat(on(lower, "LOWER(s)")).isSameAs(lower);
    assertThat(on(borrowed("a-b-c"), "REPLACE(s, '-', '::')").toString()).isEqualTo("a::b::c");
    assertThat(on(borrowed("aaa"), "REPLACE(s, 'aa', 'b')").toString()).isEqualTo("ba");
    assertThat(on(borrowed("abc"), "REPLACE(s, '', 'x')").toString()).isEqualTo("abc");
    assertThat(on(borrowed("ab"), "s || 'c' || 1").toString()).isEqualTo("abc1");
    assertThat(on(borrowed("ab"), "s || NULL")).isNull();
    assertThat(on(borrowed("ab"), "CONCAT(s, NULL, 'c', 2.5)").toString()).isEqualTo("abc2.5");
  }

  @Test
  void likeWithWildcardsAndEscape() {
    Text s = borrowed("50% off \uD83D\uDE00!");
    assertThat(on(s, "s LIKE '50%'")).isEqualTo(true);
    assertThat(on(s, "s LIKE '%off%'")).isEqualTo(true);
    assertThat(on(s, "s LIKE '%of'")).isEqualTo(false);
    assertThat(on(s, "s LIKE '50#% off _!' ESCAPE '#'")).isEqualTo(true); // _ = one emoji
    assertThat(on(s, "s LIKE '50#% off __!' ESCAPE '#'")).isEqualTo(false);
    assertThat(on(s, "s LIKE '5_#%%' ESCAPE '#'")).isEqualTo(true);
    assertThat(on(s, "s LIKE '5_#%x%' ESCAPE '#'")).isEqualTo(false);
    assertThat(on(s, "s LIKE '50#%%' ESCAPE '#'")).isEqualTo(true);
    assertThat(on(s, "s LIKE '5#0%' ESCAPE '#'")).isEqualTo(true); // escaping '0' makes it literal
    assertThat(on(s, "s NOT LIKE '%\uD83D\uDE00_'")).isEqualTo(false);
    assertThat(on(borrowed("ÄBC"), "s ILIKE 'äb%'")).isEqualTo(true);
    assertThat(on(borrowed("ÄBC"), "s LIKE 'äb%'")).isEqualTo(false);
    assertThat(on(borrowed("ÄBC"), "s NOT ILIKE '_bc'")).isEqualTo(false);
    assertThat(on(borrowed("abc"), "s LIKE NULL")).isNull();
    assertThat(on(borrowed(""), "s LIKE '%'")).isEqualTo(true);
    assertThat(on(borrowed("a"), "s LIKE ''")).isEqualTo(false);
    assertThat(on(borrowed("aaab"), "s LIKE '%a%ab'")).isEqualTo(true);
    // Parameter patterns are compiled per evaluation.
    assertThat(on(borrowed("xyz"), "s LIKE ?", "x%")).isEqualTo(true);
    assertThat(on(borrowed("x%z"), "s LIKE ? ESCAPE ?", "x#%_", "#")).isEqualTo(true);
    assertThatThrownBy(() -> on(borrowed("x"), "s LIKE 'x!' ESCAPE '!'"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_VALUE);
    assertThatThrownBy(() -> on(borrowed("x"), "s LIKE 'x' ESCAPE '!!'"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_VALUE);
  }

  @Test
  void theBackslashEscapesUnlessAnEscapeClauseSaysOtherwise() {
    // as PostgreSQL: "50\%" is 50 and a percent sign; Spring Data JDBC escapes arguments this way
    assertThat(on(borrowed("50% off"), "s LIKE '50\\%%'")).isEqualTo(true);
    assertThat(on(borrowed("500 off"), "s LIKE '50\\%%'")).isEqualTo(false);
    assertThat(on(borrowed("a_c"), "s LIKE 'a\\_c'")).isEqualTo(true);
    assertThat(on(borrowed("abc"), "s LIKE 'a\\_c'")).isEqualTo(false);
    assertThat(on(borrowed("a\\b"), "s LIKE 'a\\\\b'")).isEqualTo(true); // an escaped backslash
    assertThat(on(borrowed("50% off"), "s LIKE ?", "50\\%%")).isEqualTo(true);
    // another escape character, or none: the backslash is an ordinary character
    assertThat(on(borrowed("a\\bc"), "s LIKE 'a\\_c' ESCAPE '#'")).isEqualTo(true);
    assertThat(on(borrowed("a\\bc"), "s LIKE 'a\\%' ESCAPE ''")).isEqualTo(true);
    assertThat(on(borrowed("a%"), "s LIKE 'a\\%' ESCAPE ''")).isEqualTo(false);
    assertThatThrownBy(() -> on(borrowed("x"), "s LIKE ?", "x\\"))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_VALUE);
  }

  @Test
  void comparisonsAndInReadBorrowedText() {
    Text s = borrowed("héllo");
    assertThat(on(s, "s = 'héllo'")).isEqualTo(true);
    assertThat(on(s, "s IN ('x', 'héllo')")).isEqualTo(true);
    assertThat(on(s, "s > 'hz'")).isEqualTo(true); // U+00E9 > 'z'
    assertThat(on(s, "s < 'hélloa'")).isEqualTo(true);
    assertThat(on(s, "NULLIF(s, 'x')")).isSameAs(s);
    assertThat(on(s, "COALESCE(s, 'x')")).isSameAs(s);
    assertThat(on(s, "CASE WHEN s = 'héllo' THEN s END")).isSameAs(s);
  }
}
