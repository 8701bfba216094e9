package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.Allocations;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The bulk char methods of {@link Text} (getChars, chars, codePoints, contentEquals, regionMatches,
 * startsWith, endsWith, indexOf, lastIndexOf, contains, codePointAt, appendTo, writeTo) against the
 * same methods of {@code String} on random strings, their liveness after the transaction ends, and
 * their allocation.
 */
class TextBulkTest {
  private final Arena arena = Arena.ofShared();
  private final Scope scope = new Scope("bulk");

  @AfterEach
  void close() {
    arena.close();
  }

  /** A borrowed text over a native copy of {@code s} at an odd address. */
  private Text borrow(String s, boolean lengthKnown) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    MemorySegment seg = arena.allocate(utf8.length + 2L, 1).asSlice(1);
    MemorySegment.copy(utf8, 0, seg, ValueLayout.JAVA_BYTE, 0, utf8.length);
    return Text.borrowed(scope, seg.address(), utf8.length, lengthKnown ? s.length() : -1);
  }

  /**
   * Every form a text of {@code s} takes: owned, borrowed (length known or not), a view inside a
   * longer text.
   */
  private List<Text> forms(String s) {
    Text inner = borrow("\u00e9x" + s + "\uD83D\uDE00", true).subSequence(2, 2 + s.length());
    return List.of(Text.of(s), borrow(s, true), borrow(s, false), inner);
  }

  /** Random strings of every kind: mixed widths, ASCII, one width only, long ones, empty. */
  private static String randomString(Random rnd) {
    return switch (rnd.nextInt(8)) {
      case 0 -> RandomStrings.ascii(rnd, 40);
      case 1 -> "";
      case 2 -> oneWidth(rnd, 2, 30);
      case 3 -> oneWidth(rnd, 3, 30);
      case 4 -> oneWidth(rnd, 4, 30);
      case 5 -> RandomStrings.mixed(rnd, 600);
      default -> RandomStrings.mixed(rnd, 40);
    };
  }

  private static String oneWidth(Random rnd, int bytes, int max) {
    var sb = new StringBuilder();
    for (int i = rnd.nextInt(max + 1); i > 0; i--) {
      sb.appendCodePoint(rnd.nextInt(4) == 0 ? ' ' : RandomStrings.codePoint(rnd, bytes));
    }
    return sb.toString();
  }

  /** A char index of {@code s} or just outside it, sometimes far outside. */
  private static int index(Random rnd, String s) {
    return switch (rnd.nextInt(6)) {
      case 0 -> -1 - rnd.nextInt(3);
      case 1 -> s.length() + rnd.nextInt(3);
      case 2 -> rnd.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
      default -> rnd.nextInt(s.length() + 1);
    };
  }

  /**
   * Something to search for in {@code s}: mostly a piece of it (pairs possibly split), else random.
   */
  private static String needle(Random rnd, String s) {
    if (s.isEmpty() || rnd.nextInt(4) == 0) {
      return rnd.nextBoolean() ? RandomStrings.mixed(rnd, 3) : RandomStrings.ascii(rnd, 2);
    }
    int from = rnd.nextInt(s.length());
    int to = Math.min(s.length(), from + rnd.nextInt(6));
    return s.substring(from, to);
  }

  /**
   * A char to search for: one of {@code s} (a surrogate half too), a code point of it, or another.
   */
  private static int searchedChar(Random rnd, String s) {
    if (!s.isEmpty() && rnd.nextInt(3) > 0) {
      int i = rnd.nextInt(s.length());
      return rnd.nextBoolean() ? s.charAt(i) : s.codePointAt(i);
    }
    return rnd.nextBoolean() ? RandomStrings.codePoint(rnd, 1 + rnd.nextInt(4)) : '|';
  }

  @Test
  void getCharsCopiesWhatStringCopies() {
    var rnd = new Random(31);
    for (int iter = 0; iter < 1500; iter++) {
      String s = randomString(rnd);
      for (Text t : forms(s)) {
        int from = rnd.nextInt(s.length() + 1);
        int to = from + rnd.nextInt(s.length() - from + 1);
        int at = rnd.nextInt(3);
        char[] expected = new char[to - from + 5];
        char[] actual = new char[to - from + 5];
        Arrays.fill(expected, '#');
        Arrays.fill(actual, '#');
        s.getChars(from, to, expected, at);
        t.getChars(from, to, actual, at);
        assertThat(actual).as("getChars(%d, %d) of %s", from, to, describe(s)).isEqualTo(expected);
        // Whole text, after charAt moved the cursor somewhere.
        if (!s.isEmpty()) {
          t.charAt(rnd.nextInt(s.length()));
        }
        char[] all = new char[s.length()];
        t.getChars(0, s.length(), all, 0);
        assertThat(new String(all)).isEqualTo(s);
        assertThatThrownBy(() -> t.getChars(0, s.length() + 1, new char[s.length() + 1], 0))
            .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.getChars(0, s.length(), new char[s.length()], 1))
            .isInstanceOf(s.isEmpty() ? Throwable.class : IndexOutOfBoundsException.class);
      }
    }
  }

  @Test
  void getCharsOfALongTextCrossesItsLivenessChunks() {
    // 16 Ki chars are checked at a time: pairs land on every chunk border at some offset.
    var rnd = new Random(32);
    String s = RandomStrings.mixed(rnd, 40_000) + "\uD83D\uDE00".repeat(20_000);
    for (Text t : List.of(borrow(s, true), Text.of(s))) {
      for (int from : new int[] {0, 1, 16 * 1024 - 1, 16 * 1024, s.length() - 40_001}) {
        char[] expected = new char[s.length() - from];
        char[] actual = new char[s.length() - from];
        s.getChars(from, s.length(), expected, 0);
        t.getChars(from, s.length(), actual, 0);
        assertThat(actual).isEqualTo(expected);
      }
      var sb = new StringBuilder("x");
      assertThat(t.appendTo(sb).toString()).isEqualTo("x" + s);
      var out = new StringWriter();
      writeTo(t, out);
      assertThat(out.toString()).isEqualTo(s);
    }
  }

  @Test
  void charsAndCodePointsStreamWhatStringStreams() {
    var rnd = new Random(33);
    for (int iter = 0; iter < 1500; iter++) {
      String s = randomString(rnd);
      for (Text t : forms(s)) {
        assertThat(t.chars().toArray()).isEqualTo(s.chars().toArray());
        assertThat(t.codePoints().toArray()).isEqualTo(s.codePoints().toArray());
        assertThat(t.chars().count()).isEqualTo(s.length());
        // One value at a time (tryAdvance), then the rest (forEachRemaining) from the middle.
        int k = rnd.nextInt(s.length() + 1);
        assertThat(firstThenRest(t.chars(), k)).isEqualTo(s.chars().toArray());
        assertThat(firstThenRest(t.codePoints(), k)).isEqualTo(s.codePoints().toArray());
        assertThat(t.chars().skip(k).limit(3).toArray())
            .isEqualTo(s.chars().skip(k).limit(3).toArray());
      }
    }
  }

  /** The stream's values read through its iterator: {@code k} one by one, then the rest at once. */
  private static int[] firstThenRest(IntStream stream, int k) {
    var values = new ArrayList<Integer>();
    PrimitiveIterator.OfInt it = stream.iterator();
    for (int i = 0; i < k && it.hasNext(); i++) {
      values.add(it.nextInt());
    }
    it.forEachRemaining((int v) -> values.add(v));
    return values.stream().mapToInt(Integer::intValue).toArray();
  }

  @Test
  void comparisonsAnswerWhatStringAnswers() {
    var rnd = new Random(34);
    for (int iter = 0; iter < 3000; iter++) {
      String s = randomString(rnd);
      String other = rnd.nextBoolean() ? needle(rnd, s) : randomString(rnd);
      for (Text t : forms(s)) {
        String d = describe(s);
        assertThat(t.contentEquals(s)).as(d).isTrue();
        assertThat(t.contentEquals(new StringBuilder(s))).as(d).isTrue();
        assertThat(t.contentEquals(other)).as(d).isEqualTo(s.contentEquals(other));
        if (!s.isEmpty()) {
          var changed = new StringBuilder(s);
          int i = rnd.nextInt(s.length());
          changed.setCharAt(i, (char) (s.charAt(i) ^ 1));
          assertThat(t.contentEquals(changed)).as(d).isFalse();
        }
        int toffset = index(rnd, s);
        int ooffset = rnd.nextBoolean() ? 0 : index(rnd, other);
        int len = rnd.nextInt(8) == 0 ? -1 : rnd.nextInt(Math.max(1, s.length() + 2));
        assertThat(t.regionMatches(toffset, other, ooffset, len))
            .as("%s.regionMatches(%d, %s, %d, %d)", d, toffset, describe(other), ooffset, len)
            .isEqualTo(s.regionMatches(toffset, other, ooffset, len));
        String piece = needle(rnd, s);
        int at = rnd.nextBoolean() ? s.indexOf(piece) : toffset;
        assertThat(t.regionMatches(at, piece, 0, piece.length()))
            .isEqualTo(s.regionMatches(at, piece, 0, piece.length()));
        String prefix = s.substring(0, rnd.nextInt(s.length() + 1));
        String suffix = s.substring(rnd.nextInt(s.length() + 1));
        assertThat(t.startsWith(prefix)).as(d).isTrue();
        assertThat(t.endsWith(suffix)).as(d).isTrue();
        assertThat(t.startsWith(other)).as(d).isEqualTo(s.startsWith(other));
        assertThat(t.endsWith(other)).as(d).isEqualTo(s.endsWith(other));
        assertThat(t.startsWith(piece, toffset)).as(d).isEqualTo(s.startsWith(piece, toffset));
      }
    }
  }

  @Test
  void searchesFindWhatStringFinds() {
    var rnd = new Random(35);
    for (int iter = 0; iter < 3000; iter++) {
      String s = randomString(rnd);
      for (Text t : forms(s)) {
        String d = describe(s);
        int ch = searchedChar(rnd, s);
        int from = index(rnd, s);
        assertThat(t.indexOf(ch)).as("%s.indexOf(U+%X)", d, ch).isEqualTo(s.indexOf(ch));
        assertThat(t.indexOf(ch, from))
            .as("%s.indexOf(U+%X, %d)", d, ch, from)
            .isEqualTo(s.indexOf(ch, from));
        assertThat(t.lastIndexOf(ch))
            .as("%s.lastIndexOf(U+%X)", d, ch)
            .isEqualTo(s.lastIndexOf(ch));
        assertThat(t.lastIndexOf(ch, from))
            .as("%s.lastIndexOf(U+%X, %d)", d, ch, from)
            .isEqualTo(s.lastIndexOf(ch, from));
        String piece = needle(rnd, s);
        assertThat(t.indexOf(piece))
            .as("%s.indexOf(%s)", d, describe(piece))
            .isEqualTo(s.indexOf(piece));
        assertThat(t.indexOf(piece, from))
            .as("%s.indexOf(%s, %d)", d, describe(piece), from)
            .isEqualTo(s.indexOf(piece, from));
        assertThat(t.contains(piece)).isEqualTo(s.contains(piece));
        if (!s.isEmpty()) {
          int i = rnd.nextInt(s.length());
          assertThat(t.codePointAt(i)).as("%s.codePointAt(%d)", d, i).isEqualTo(s.codePointAt(i));
        }
        assertThatThrownBy(() -> t.codePointAt(s.length()))
            .isInstanceOf(IndexOutOfBoundsException.class);
      }
    }
  }

  @Test
  void appendToAndWriteToGiveTheChars() {
    var rnd = new Random(36);
    for (int iter = 0; iter < 1000; iter++) {
      String s = randomString(rnd);
      for (Text t : forms(s)) {
        var sb = new StringBuilder(rnd.nextBoolean() ? "" : "\u00e9 ");
        String before = sb.toString();
        assertThat(t.appendTo(sb).toString()).isEqualTo(before + s);
        var out = new StringWriter();
        writeTo(t, out);
        assertThat(out.toString()).isEqualTo(s);
        assertThat(new StringBuilder().append(t).toString()).isEqualTo(s);
      }
    }
  }

  @Test
  void mixedCallsOnOneTextKeepTheCursorRight() {
    // The charAt cursor is shared by charAt, indexOf, regionMatches, getChars and codePointAt:
    // any order of calls must answer as String does.
    var rnd = new Random(37);
    for (int iter = 0; iter < 300; iter++) {
      String s = RandomStrings.mixed(rnd, 80);
      if (s.isEmpty()) {
        continue;
      }
      Text t = borrow(s, rnd.nextBoolean());
      for (int op = 0; op < 60; op++) {
        int i = rnd.nextInt(s.length());
        switch (rnd.nextInt(5)) {
          case 0 -> assertThat(t.charAt(i)).isEqualTo(s.charAt(i));
          case 1 -> {
            int ch = searchedChar(rnd, s);
            assertThat(t.indexOf(ch, i)).isEqualTo(s.indexOf(ch, i));
            assertThat(t.lastIndexOf(ch, i)).isEqualTo(s.lastIndexOf(ch, i));
          }
          case 2 -> assertThat(t.codePointAt(i)).isEqualTo(s.codePointAt(i));
          case 3 -> {
            String piece = needle(rnd, s);
            assertThat(t.indexOf(piece, i)).isEqualTo(s.indexOf(piece, i));
          }
          default -> {
            char[] dst = new char[s.length() - i];
            t.getChars(i, s.length(), dst, 0);
            assertThat(new String(dst)).isEqualTo(s.substring(i));
          }
        }
      }
    }
  }

  @Test
  void malformedBytesReadTheSameThroughEveryMethod() {
    // No String to compare with: every bulk method must agree with charAt, and never read out of
    // bounds.
    var rnd = new Random(38);
    for (int iter = 0; iter < 5000; iter++) {
      byte[] b = iter % 2 == 0 ? new byte[rnd.nextInt(14)] : nearlyWellFormed(rnd);
      if (iter % 2 == 0) {
        rnd.nextBytes(b);
      }
      Text t = Text.ofUtf8(b);
      int n = t.length();
      var viaCharAt = new StringBuilder();
      for (int i = 0; i < n; i++) {
        viaCharAt.append(t.charAt(i));
      }
      String expected = viaCharAt.toString();
      char[] all = new char[n];
      t.getChars(0, n, all, 0);
      assertThat(new String(all)).as(Arrays.toString(b)).isEqualTo(expected);
      assertThat(t.chars().toArray()).as(Arrays.toString(b)).isEqualTo(expected.chars().toArray());
      assertThat(t.appendTo(new StringBuilder()).toString()).isEqualTo(expected);
      assertThat(t.contentEquals(expected)).isTrue();
      assertThat(t.codePoints().toArray()).isEqualTo(expected.codePoints().toArray());
      for (int i = 0; i < n; i++) {
        assertThat(t.indexOf(expected.charAt(i)))
            .as("%s at %d", Arrays.toString(b), i)
            .isEqualTo(expected.indexOf(expected.charAt(i)));
        assertThat(t.regionMatches(i, expected, i, n - i)).isTrue();
        String piece = expected.substring(i, Math.min(n, i + 1 + rnd.nextInt(4)));
        assertThat(t.indexOf(piece))
            .as("%s: %s", Arrays.toString(b), describe(piece))
            .isEqualTo(expected.indexOf(piece));
      }
    }
  }

  /**
   * The UTF-8 of a random string of two- and three-byte characters with a few spoilt places: a
   * random byte, an overlong form, an encoded surrogate, a cut sequence. Long enough for the
   * decoder's runs of several sequences (eight bytes read at a time) to meet them.
   */
  private static byte[] nearlyWellFormed(Random rnd) {
    var sb = new StringBuilder();
    for (int i = 16 + rnd.nextInt(60); i > 0; i--) {
      sb.appendCodePoint(
          rnd.nextInt(6) == 0 ? ' ' : RandomStrings.codePoint(rnd, 2 + rnd.nextInt(2)));
    }
    byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
    byte[][] spoilers = {
      {(byte) 0xC0, (byte) 0x80},
      {(byte) 0xC1, (byte) 0xBF},
      {(byte) 0xE0, (byte) 0x80, (byte) 0x80},
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
      {(byte) 0x80},
      {(byte) 0xD0},
      {(byte) 0xE4, (byte) 0xB8}
    };
    for (int k = rnd.nextInt(3); k > 0; k--) {
      byte[] spoiler = spoilers[rnd.nextInt(spoilers.length)];
      int at = rnd.nextInt(Math.max(1, b.length - spoiler.length));
      System.arraycopy(spoiler, 0, b, at, Math.min(spoiler.length, b.length - at));
    }
    return b;
  }

  @Test
  void everyBulkMethodThrowsOnceTheTransactionEnded() throws Exception {
    Text t = borrow("h\u00e9llo \uD83D\uDE00 w\u00f6rld", false);
    Text ascii = borrow("hello world", true);
    Text empty = t.subSequence(0, 0);
    // Long enough for the pooled-scratch paths (TextScratch.MIN_BYTES and up).
    Text longText = borrow("h\u00e9llo \uD83D\uDE00 w\u00f6rld ".repeat(50), true);
    Text longAscii = borrow("hello world ".repeat(50), true);
    IntStream pending = t.chars(); // made while live, consumed after the end
    IntStream pendingCodePoints = ascii.codePoints();
    List<Consumer<Text>> uses = new ArrayList<>();
    uses.add(x -> x.getChars(0, 3, new char[3], 0));
    uses.add(x -> x.getChars(0, 0, new char[0], 0));
    uses.add(x -> x.chars().sum());
    uses.add(x -> x.codePoints().sum());
    uses.add(x -> x.chars());
    uses.add(x -> x.codePoints());
    uses.add(x -> x.contentEquals("hello"));
    uses.add(x -> x.contentEquals(new StringBuilder("h")));
    uses.add(x -> x.regionMatches(0, "he", 0, 2));
    uses.add(x -> x.regionMatches(-1, "he", 0, 2));
    uses.add(x -> x.startsWith("h"));
    uses.add(x -> x.startsWith("h", 1));
    uses.add(x -> x.endsWith("d"));
    uses.add(x -> x.contains("l"));
    uses.add(x -> x.indexOf('l'));
    uses.add(x -> x.indexOf('l', 2));
    uses.add(x -> x.indexOf(0x1F600));
    uses.add(x -> x.lastIndexOf('l'));
    uses.add(x -> x.lastIndexOf('\u00e9', 5));
    uses.add(x -> x.indexOf("lo"));
    uses.add(x -> x.indexOf("\u00e9", 1));
    uses.add(x -> x.codePointAt(0));
    uses.add(x -> x.appendTo(new StringBuilder()));
    uses.add(x -> writeTo(x, new StringWriter()));
    scope.end();
    for (Text dead : List.of(t, ascii, empty, longText, longAscii)) {
      for (var use : uses) {
        assertThatThrownBy(() -> use.accept(dead)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(
                () -> {
                  try {
                    CompletableFuture.runAsync(() -> use.accept(dead)).get();
                  } catch (ExecutionException e) {
                    throw e.getCause();
                  }
                })
            .isInstanceOf(IllegalStateException.class);
      }
    }
    assertThatThrownBy(pending::sum).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> pendingCodePoints.iterator().nextInt())
        .isInstanceOf(IllegalStateException.class);
    var sb = new StringBuilder("kept");
    assertThatThrownBy(() -> t.appendTo(sb)).isInstanceOf(IllegalStateException.class);
    assertThat(sb.toString()).isEqualTo("kept");
  }

  @Test
  void aStreamThatOutlivesItsTransactionStopsWithIllegalStateException() {
    Text t = borrow("\u00e9".repeat(10_000), true);
    var it = t.chars().iterator();
    assertThat(it.nextInt()).isEqualTo('\u00e9');
    scope.end();
    assertThatThrownBy(it::nextInt).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void bulkMethodsAllocateNothing() {
    String s = "Съешь же ещё этих мягких булок \uD83E\uDE81 風箏 ".repeat(40);
    String a = "the quick brown fox jumps over the lazy dog ".repeat(40);
    for (var pair : List.of(List.of(s, "風箏 |"), List.of(a, "dog |"))) {
      String str = pair.get(0);
      String missing = pair.get(1);
      Text t = borrow(str, true);
      char[] dst = new char[str.length()];
      var sb = new StringBuilder(str.length() + 16);
      long[] sink = new long[1];
      long bytes =
          Allocations.minBytes(
              20,
              () -> {
                t.getChars(0, str.length(), dst, 0);
                sink[0] += dst[7];
                sink[0] += t.contentEquals(str) ? 1 : 0;
                sink[0] += t.regionMatches(5, str, 5, 100) ? 1 : 0;
                sink[0] += t.startsWith("Съ") ? 1 : 0;
                sink[0] += t.endsWith("風箏 ") ? 1 : 0;
                sink[0] += t.indexOf('|');
                sink[0] += t.indexOf('\u00e9', 3);
                sink[0] += t.lastIndexOf('o');
                sink[0] += t.indexOf(missing);
                sink[0] += t.codePointAt(100);
                for (int i = 0; i < str.length(); i++) {
                  sink[0] += t.charAt(i);
                }
              });
      assertThat(bytes)
          .as("bytes per round of bulk calls on %s text", t.isAscii() ? "ASCII" : "non-ASCII")
          .isZero();
      assertThat(sink[0]).isNotZero();
      long appendBytes =
          Allocations.minBytes(
              20,
              () -> {
                sb.setLength(0);
                sink[0] += t.appendTo(sb).length();
              });
      assertThat(appendBytes).as("bytes per appendTo").isZero();
      var out = new StringWriter(str.length() * 2);
      long writeBytes =
          Allocations.minBytes(
              20,
              () -> {
                out.getBuffer().setLength(0);
                writeTo(t, out);
              });
      assertThat(writeBytes).as("bytes per writeTo").isZero();
      // The stream's own objects only (String.chars().sum() makes 112 bytes of them).
      long streamBytes =
          Allocations.minBytes(20, () -> sink[0] += t.chars().sum() + t.codePoints().sum());
      assertThat(streamBytes)
          .as("bytes per chars().sum() + codePoints().sum()")
          .isLessThanOrEqualTo(2 * 160);
    }
  }

  @Test
  void longTextsTakenForAsciiReadTheirHighBytesAsLatin1ThroughEveryMethod() {
    // Bytes whose UTF-16 length is given as their byte length are read one char per byte
    // (charAt: byte & 0xFF); the scratch paths widen them with a Latin-1 decoder: the same chars.
    var rnd = new Random(39);
    for (int iter = 0; iter < 20; iter++) {
      byte[] b = new byte[TextScratch.MIN_BYTES + rnd.nextInt(3 * TextScratch.CHUNK)];
      rnd.nextBytes(b);
      Text t = Text.owned(b, b.length);
      var expected = new StringBuilder();
      for (int i = 0; i < b.length; i++) {
        expected.append(t.charAt(i));
      }
      String e = expected.toString();
      assertThat(e.chars().allMatch(c -> c <= 0xFF)).isTrue();
      char[] all = new char[b.length];
      t.getChars(0, b.length, all, 0);
      assertThat(new String(all)).isEqualTo(e);
      assertThat(t.appendTo(new StringBuilder()).toString()).isEqualTo(e);
      assertThat(t.chars().toArray()).isEqualTo(e.chars().toArray());
      assertThat(t.codePoints().toArray()).isEqualTo(e.codePoints().toArray());
      assertThat(t.contentEquals(e)).isTrue();
      assertThat(t.contentEquals(e.substring(1) + (char) 0x100)).isFalse();
    }
  }

  @Test
  void theScratchPoolServesManyThreadsAtOnce() throws Exception {
    // Every thread of a slot shares one pooled scratch: concurrent calls must each get their own.
    var rnd = new Random(40);
    List<String> strings = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      strings.add(
          i % 2 == 0
              ? RandomStrings.ascii(rnd, 9000) + "x".repeat(100)
              : RandomStrings.mixed(rnd, 3000) + "\u00e9".repeat(100));
    }
    List<Text> texts = strings.stream().map(s -> borrow(s, true)).toList();
    try (var pool = java.util.concurrent.Executors.newFixedThreadPool(8)) {
      List<java.util.concurrent.Future<?>> done = new ArrayList<>();
      for (int th = 0; th < 8; th++) {
        int first = th;
        done.add(
            pool.submit(
                () -> {
                  for (int round = 0; round < 200; round++) {
                    int k = (first + round) % texts.size();
                    Text t = texts.get(k);
                    String s = strings.get(k);
                    char[] dst = new char[s.length()];
                    t.getChars(0, s.length(), dst, 0);
                    assertThat(new String(dst)).isEqualTo(s);
                    assertThat(t.appendTo(new StringBuilder()).toString()).isEqualTo(s);
                    assertThat(t.contentEquals(s)).isTrue();
                    assertThat(t.chars().sum()).isEqualTo(s.chars().sum());
                  }
                  return null;
                }));
      }
      for (var f : done) {
        f.get();
      }
    }
  }

  private static void writeTo(Text t, StringWriter out) {
    try {
      t.writeTo(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String describe(String s) {
    var sb = new StringBuilder("\"");
    s.chars()
        .limit(40)
        .forEach(
            c ->
                sb.append(
                    c >= 0x20 && c < 0x7F ? Character.toString(c) : String.format("\\u%04X", c)));
    return sb.append(s.length() > 40 ? "…\" (" + s.length() + " chars)" : "\"").toString();
  }
}
