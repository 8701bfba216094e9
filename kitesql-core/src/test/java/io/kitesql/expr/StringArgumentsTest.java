package io.kitesql.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The identity cache of String arguments: shared conversions, never a wrong text. */
class StringArgumentsTest {

  @Test
  void theSameInstanceConvertsOnceAndEqualContentAlwaysGivesEqualText() {
    String status = "shipped";
    var first = StringArguments.textOf(status);
    assertThat((Object) StringArguments.textOf(status)).isSameAs(first);
    assertThat(first.toString()).isEqualTo("shipped");
    assertThat(first.isBorrowed()).isFalse();

    // Another instance with the same chars: a text equal to the first, whether or not cached.
    String copy = new String(status.toCharArray());
    assertThat((Object) StringArguments.textOf(copy)).isEqualTo(first);
    // Many distinct strings (collisions in the 256 slots) never return another string's text.
    for (int i = 0; i < 10_000; i++) {
      String s = "k" + i;
      assertThat(StringArguments.textOf(s).toString()).isEqualTo(s);
      assertThat(StringArguments.textOf(s).toString()).isEqualTo(s);
    }
  }

  @Test
  void longStringsAreNotKept() {
    String longText = "x".repeat(StringArguments.MAX_CACHED_LENGTH + 1);
    var a = StringArguments.textOf(longText);
    var b = StringArguments.textOf(longText);
    assertThat((Object) a).isNotSameAs(b).isEqualTo(b);
    assertThat(a.toString()).isEqualTo(longText);
  }
}
