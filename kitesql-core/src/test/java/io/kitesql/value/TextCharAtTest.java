package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code charAt} and what reads through it ({@code java.util.regex}) on mostly-ASCII text, where
 * the cursor reads ASCII runs by offset, and on ASCII text, borrowed (through a segment of a shared
 * arena, as the storage's map view) and owned, against a {@code String} with the same chars.
 */
class TextCharAtTest {
  private final Arena arena = Arena.ofShared();
  private final Scope scope = new Scope("char-at");

  /** The one segment this test's texts are read through, as a transaction's map view. */
  @SuppressWarnings("restricted")
  private final MemorySegment view = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null);

  @AfterEach
  void close() {
    if (arena.scope().isAlive()) {
      arena.close();
    }
  }

  private Text borrow(byte[] utf8, int utf16Length) {
    MemorySegment bytes = arena.allocate(Math.max(1, utf8.length));
    MemorySegment.copy(MemorySegment.ofArray(utf8), 0, bytes, 0, utf8.length);
    return Text.view(scope, view, bytes.address(), utf8.length, utf16Length);
  }

  private Text borrow(String s, boolean lengthKnown) {
    return borrow(s.getBytes(StandardCharsets.UTF_8), lengthKnown ? s.length() : -1);
  }

  /**
   * Mostly ASCII: runs of ASCII (some longer than a cursor's run) between one- to three-code-point
   * stretches of two-, three- and four-byte characters.
   */
  static String mostlyAscii(Random rnd, int maxChars) {
    int n = rnd.nextInt(maxChars + 1);
    var sb = new StringBuilder();
    while (sb.length() < n) {
      int run = rnd.nextInt(4) == 0 ? rnd.nextInt(3 * CharCursor.RUN_BYTES) : rnd.nextInt(12);
      for (int i = 0; i < run; i++) {
        sb.append((char) (0x20 + rnd.nextInt(0x5F)));
      }
      for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
        sb.appendCodePoint(RandomStrings.codePoint(rnd, 2 + rnd.nextInt(3)));
      }
    }
    return sb.toString();
  }

  private List<Text> texts(String s) {
    return List.of(borrow(s, true), borrow(s, false), Text.of(s));
  }

  @Test
  void charAtEqualsStringForEveryAccessOrder() {
    var rnd = new Random(21);
    for (int iter = 0; iter < 300; iter++) {
      String s = rnd.nextBoolean() ? mostlyAscii(rnd, 400) : RandomStrings.mixed(rnd, 200);
      for (Text t : texts(s)) {
        int n = s.length();
        assertThat(t.length()).isEqualTo(n);
        for (int[] order : orders(rnd, n)) {
          for (int i : order) {
            if (t.charAt(i) != s.charAt(i)) {
              throw new AssertionError(
                  "charAt(" + i + ") of " + t.describe() + ": " + describe(s) + " in order");
            }
          }
        }
        assertThatThrownBy(() -> t.charAt(n)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.charAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
      }
    }
  }

  /**
   * Forwards, backwards, at random, in strides, and the regex engine's habit: forwards over a word,
   * then back one char at a time.
   */
  private static List<int[]> orders(Random rnd, int n) {
    var orders = new ArrayList<int[]>();
    orders.add(IntStream.range(0, n).toArray());
    orders.add(IntStream.range(0, n).map(i -> n - 1 - i).toArray());
    orders.add(rnd.ints(n, 0, Math.max(1, n)).filter(i -> i < n).toArray());
    int stride = 1 + rnd.nextInt(70);
    orders.add(IntStream.iterate(0, i -> i < n, i -> i + stride).toArray());
    var backOff = new ArrayList<Integer>();
    for (int from = 0; from < n; from += 1 + rnd.nextInt(20)) {
      int to = Math.min(n, from + 1 + rnd.nextInt(90));
      for (int i = from; i < to; i++) {
        backOff.add(i);
      }
      for (int i = to - 1; i >= from; i--) {
        backOff.add(i);
      }
    }
    orders.add(backOff.stream().mapToInt(Integer::intValue).toArray());
    return orders;
  }

  private static String describe(String s) {
    return s.length() + " chars, " + s.getBytes(StandardCharsets.UTF_8).length + " bytes";
  }

  @Test
  void wholeTextReadsEqualString() {
    var rnd = new Random(22);
    for (int iter = 0; iter < 300; iter++) {
      String s = rnd.nextBoolean() ? mostlyAscii(rnd, 400) : RandomStrings.mixed(rnd, 200);
      for (Text t : texts(s)) {
        if (!s.isEmpty()) {
          // charAt first, so that the cursor stands somewhere when the others run
          assertThat(t.charAt(s.length() / 2)).isEqualTo(s.charAt(s.length() / 2));
        }
        assertThat(t.toString()).isEqualTo(s);
        assertThat(t.chars().toArray()).isEqualTo(s.chars().toArray());
        assertThat(t.codePoints().toArray()).isEqualTo(s.codePoints().toArray());
        int from = rnd.nextInt(s.length() + 1);
        int to = from + rnd.nextInt(s.length() - from + 1);
        if (!splitsPair(s, from) && !splitsPair(s, to)) {
          Text sub = t.subSequence(from, to);
          assertThat(sub.toString()).isEqualTo(s.substring(from, to));
          for (int i = to - from - 1; i >= 0; i--) {
            assertThat(sub.charAt(i)).isEqualTo(s.charAt(from + i));
          }
        }
      }
    }
  }

  private static boolean splitsPair(String s, int i) {
    return i > 0
        && i < s.length()
        && Character.isHighSurrogate(s.charAt(i - 1))
        && Character.isLowSurrogate(s.charAt(i));
  }

  @Test
  void regexFindsTheSameMatchesAsOnTheString() {
    var patterns =
        List.of(
            Pattern.compile("[\\w.+-]+@[\\w-]+\\.[a-z]{2,}"),
            Pattern.compile("\\d{2,}"),
            Pattern.compile("(?U)\\b\\w{3}\\b"),
            Pattern.compile("[^\\x00-\\x7F]+"),
            Pattern.compile("\\p{InEmoticons}|[\\x{1F300}-\\x{1FAFF}]"),
            Pattern.compile("(.)\\1"));
    var rnd = new Random(23);
    for (int iter = 0; iter < 200; iter++) {
      String s = mostlyAscii(rnd, 300);
      if (rnd.nextBoolean()) {
        int at = rnd.nextInt(s.length() + 1);
        at = splitsPair(s, at) ? at - 1 : at;
        // a match for the first pattern
        s = s.substring(0, at) + " name.last+tag@example.org " + s.substring(at);
      }
      for (Text t : texts(s)) {
        for (Pattern p : patterns) {
          assertThat(matches(p.matcher(t))).as(p.pattern()).isEqualTo(matches(p.matcher(s)));
        }
      }
    }
  }

  /** Every match's bounds and text. */
  private static List<String> matches(Matcher m) {
    var all = new ArrayList<String>();
    while (m.find()) {
      all.add(m.start() + ".." + m.end() + "=" + m.group());
    }
    return all;
  }

  @Test
  void malformedBytesReadTheSameByCharAtInAnyOrderAsInBulk() {
    var rnd = new Random(24);
    for (int iter = 0; iter < 500; iter++) {
      byte[] bytes = mostlyAscii(rnd, 120).getBytes(StandardCharsets.UTF_8);
      for (int k = rnd.nextInt(4); k > 0 && bytes.length > 0; k--) {
        // stray continuation bytes after ASCII, truncated sequences, bare leads
        bytes[rnd.nextInt(bytes.length)] = (byte) (0x80 + rnd.nextInt(0x80));
      }
      Text bulk = Text.ofUtf8(bytes);
      char[] expected = new char[bulk.length()];
      bulk.getChars(0, expected.length, expected, 0);
      for (Text t : List.of(borrow(bytes, -1), Text.ofUtf8(bytes.clone()))) {
        assertThat(t.length()).isEqualTo(expected.length);
        for (int[] order : orders(rnd, expected.length)) {
          for (int i : order) {
            assertThat(t.charAt(i)).as("charAt(%d)", i).isEqualTo(expected[i]);
          }
        }
      }
    }
  }

  @Test
  void charAtOfADeadTextFailsOnEveryPathEvenAfterItsSegmentIsClosed() {
    String ascii = "plain ASCII text, long enough to span a few words";
    String mixed = "crème brûlée, plain ASCII after the accents, then \uD83D\uDE00";
    Text asciiText = borrow(ascii, true);
    Text mixedText = borrow(mixed, true);
    // the cursor of the mixed text stands in an ASCII run: the next call reads it by offset
    for (int i = 0; i < 20; i++) {
      assertThat(mixedText.charAt(i)).isEqualTo(mixed.charAt(i));
    }
    assertThat(asciiText.charAt(3)).isEqualTo('i');
    scope.end();
    for (Text t : List.of(asciiText, mixedText)) {
      assertThatThrownBy(() -> t.charAt(20))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("after its read transaction ended");
    }
    arena.close(); // as the storage retires its map view once every transaction ended
    for (Text t : List.of(asciiText, mixedText)) {
      assertThatThrownBy(() -> t.charAt(21))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("after its read transaction ended");
    }
  }
}
