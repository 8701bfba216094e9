package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.Allocations;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TextTest {
  private final Arena arena = Arena.ofShared();
  private final Scope scope = new Scope("test");

  @AfterEach
  void close() {
    arena.close();
  }

  /** A borrowed text over a native copy of {@code s}; UTF-16 length known or not at random. */
  private Text borrow(String s, boolean lengthKnown) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    MemorySegment seg = arena.allocate(Math.max(1, utf8.length + 1), 1).asSlice(1);
    MemorySegment.copy(utf8, 0, seg, ValueLayout.JAVA_BYTE, 0, utf8.length);
    return Text.borrowed(scope, seg.address(), utf8.length, lengthKnown ? s.length() : -1);
  }

  private static int refCompare(String a, String b) {
    return Integer.signum(Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));
  }

  @Test
  void behavesLikeStringOnRandomMixedText() {
    var rnd = new Random(11);
    for (int iter = 0; iter < 2000; iter++) {
      String s = RandomStrings.mixed(rnd, 30);
      for (Text t :
          List.of(
              Text.of(s),
              borrow(s, true),
              borrow(s, false),
              Text.ofUtf8(s.getBytes(StandardCharsets.UTF_8)))) {
        assertThat(t.length()).isEqualTo(s.length());
        assertThat(t.toString()).isEqualTo(s);
        assertThat(t.utf8Length()).isEqualTo(s.getBytes(StandardCharsets.UTF_8).length);
        assertThat(t.codePointCount()).isEqualTo(s.codePointCount(0, s.length()));
        assertThat(t.isAscii()).isEqualTo(s.chars().allMatch(c -> c < 0x80));
        assertThat(t.codePoints().toArray()).isEqualTo(s.codePoints().toArray());
        for (int i = 0; i < s.length(); i++) {
          assertThat(t.charAt(i)).isEqualTo(s.charAt(i));
        }
        for (int i = s.length() - 1; i >= 0; i--) {
          assertThat(t.charAt(i)).isEqualTo(s.charAt(i));
        }
        for (int k = 0; k < 5 && !s.isEmpty(); k++) {
          int i = rnd.nextInt(s.length());
          assertThat(t.charAt(i)).isEqualTo(s.charAt(i));
        }
        assertThatThrownBy(() -> t.charAt(s.length()))
            .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(t.contentEquals(s)).isTrue();
        assertThat(t.contentEquals(s + "x")).isFalse();
      }
    }
  }

  @Test
  void subSequenceViewsTheSameBytes() {
    var rnd = new Random(12);
    for (int iter = 0; iter < 2000; iter++) {
      String s = RandomStrings.mixed(rnd, 20);
      Text t = rnd.nextBoolean() ? borrow(s, rnd.nextBoolean()) : Text.of(s);
      int[] bounds = rnd.ints(2, 0, s.length() + 1).sorted().toArray();
      int from = bounds[0];
      int to = bounds[1];
      boolean splits = splitsPair(s, from) || splitsPair(s, to);
      if (splits) {
        assertThatThrownBy(() -> t.subSequence(from, to))
            .isInstanceOf(IllegalArgumentException.class);
        continue;
      }
      Text sub = t.subSequence(from, to);
      String expected = s.substring(from, to);
      assertThat(sub.toString()).isEqualTo(expected);
      assertThat(sub.length()).isEqualTo(expected.length());
      assertThat(sub.isBorrowed()).isEqualTo(t.isBorrowed());
      assertThat((Object) sub).isEqualTo(Text.of(expected));
      if (t.isBorrowed() && sub.utf8Length() > 0) {
        // A view, not a copy: its bytes lie inside the parent's bytes.
        assertThat(sub.asReadOnlySegment().address())
            .isBetween(
                t.asReadOnlySegment().address(),
                t.asReadOnlySegment().address() + t.utf8Length() - sub.utf8Length());
      }
    }
  }

  private static boolean splitsPair(String s, int i) {
    return i > 0
        && i < s.length()
        && Character.isLowSurrogate(s.charAt(i))
        && Character.isHighSurrogate(s.charAt(i - 1));
  }

  @Test
  void ordersByCodePointAndEqualsAcrossBorrowedAndOwned() {
    var rnd = new Random(13);
    for (int iter = 0; iter < 5000; iter++) {
      String a = RandomStrings.mixed(rnd, 6);
      String b = rnd.nextInt(4) == 0 ? a : RandomStrings.mixed(rnd, 6);
      if (rnd.nextInt(4) == 0 && !a.isEmpty()) {
        b = a.substring(0, a.offsetByCodePoints(0, a.codePointCount(0, a.length()) / 2));
      }
      Text ta = borrow(a, rnd.nextBoolean());
      Text tb = Text.of(b);
      assertThat(Integer.signum(ta.compareTo(tb))).isEqualTo(refCompare(a, b));
      assertThat(Integer.signum(tb.compareTo(ta))).isEqualTo(refCompare(b, a));
      assertThat(ta.equals(tb)).isEqualTo(a.equals(b));
      if (a.equals(b)) {
        assertThat(ta.hashCode()).isEqualTo(tb.hashCode());
      }
      assertThat(ta.contentEquals(tb)).isEqualTo(a.equals(b));
    }
  }

  @Test
  void codePointOrderDiffersFromUtf16OrderForSupplementaryCharacters() {
    String supplementary = new String(Character.toChars(0x1F600));
    String privateUse = "\uE000";
    assertThat(supplementary.compareTo(privateUse)).isNegative();
    assertThat(Text.of(supplementary).compareTo(Text.of(privateUse))).isPositive();
  }

  @Test
  void copyAndStreamsGiveTheBytes() throws Exception {
    var rnd = new Random(14);
    for (int iter = 0; iter < 200; iter++) {
      String s = RandomStrings.mixed(rnd, 4000);
      byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
      for (Text t : List.of(borrow(s, false), Text.of(s))) {
        var out = new ByteArrayOutputStream();
        t.writeUtf8To(out);
        assertThat(out.toByteArray()).isEqualTo(utf8);
        var out2 = new ByteArrayOutputStream();
        t.writeUtf8To(Channels.newChannel(out2));
        assertThat(out2.toByteArray()).isEqualTo(utf8);
        Text copy = t.copy();
        assertThat(copy.isBorrowed()).isFalse();
        assertThat(copy.asReadOnlySegment().isNative()).isFalse();
        assertThat((Object) copy).isEqualTo(t);
        for (int i = 0; i < utf8.length; i += 97) {
          assertThat(t.byteAt(i)).isEqualTo(utf8[i]);
        }
      }
    }
  }

  @Test
  void deadBorrowedTextThrowsOnEveryThread() throws Exception {
    Text t = borrow("h\u00e9llo \uD83D\uDE00 world", false);
    Text owned = Text.of("hello");
    Text sub = t.subSequence(0, 3);
    // While live, another thread reads it.
    assertThat(CompletableFuture.supplyAsync(t::toString).get()).isEqualTo(t.toString());
    scope.end();
    assertThat(t.isLive()).isFalse();
    assertThat(t.isBorrowed()).isTrue();
    List<Consumer<Text>> uses = new ArrayList<>();
    uses.add(Text::length);
    uses.add(x -> x.charAt(0));
    uses.add(Text::toString);
    uses.add(x -> x.equals(owned));
    uses.add(x -> owned.equals(x));
    uses.add(Text::hashCode);
    uses.add(x -> x.compareTo(owned));
    uses.add(x -> owned.compareTo(x));
    uses.add(Text::copy);
    uses.add(Text::utf8Length);
    uses.add(Text::codePointCount);
    uses.add(x -> x.byteAt(0));
    uses.add(x -> x.subSequence(0, 1));
    uses.add(x -> x.contentEquals("h"));
    uses.add(
        x -> {
          try {
            x.writeUtf8To(new ByteArrayOutputStream());
          } catch (java.io.IOException e) {
            throw new AssertionError(e);
          }
        });
    for (Text dead : List.of(t, sub)) {
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
    assertThat(owned.toString()).isEqualTo("hello");
  }

  @Test
  void viewOfHeapAndNativeSegments() {
    byte[] bytes = "xx\u00e9t\u00e9yy".getBytes(StandardCharsets.UTF_8);
    Text heap = Text.view(scope, MemorySegment.ofArray(bytes), 2, bytes.length - 4, -1);
    assertThat(heap.toString()).isEqualTo("\u00e9t\u00e9");
    assertThat(heap.asReadOnlySegment().isNative()).isFalse();
    MemorySegment nat = arena.allocate(bytes.length);
    MemorySegment.copy(bytes, 0, nat, ValueLayout.JAVA_BYTE, 0, bytes.length);
    Text n = Text.view(scope, nat, 2, bytes.length - 4, 3);
    assertThat(n.asReadOnlySegment().address()).isEqualTo(nat.address() + 2);
    assertThat((Object) n).isEqualTo(heap);
    assertThatThrownBy(() -> Text.view(scope, nat, 2, bytes.length, -1))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void malformedBytesNeverReadOutOfBounds() {
    var rnd = new Random(15);
    for (int iter = 0; iter < 3000; iter++) {
      byte[] b = new byte[rnd.nextInt(12)];
      rnd.nextBytes(b);
      Text t = Text.ofUtf8(b);
      int n = t.length();
      for (int i = 0; i < n; i++) {
        t.charAt(i); // must not throw
      }
      for (int i = n - 1; i >= 0; i--) {
        t.charAt(i);
      }
    }
  }

  @Test
  void aBorrowedTextTakesAtMostThirtyTwoBytes() {
    // The read path makes one Text per text value per row, so this is its allocation per value:
    // the scope holds the segment the text reads through (no segment field), and the charAt
    // cursor takes the place of the text's one reference when first needed (no cursor field).
    MemorySegment bytes = arena.allocate(64);
    MemorySegment view = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null);
    var made = new Text[10_000];
    long ascii =
        Allocations.minBytes(
            20,
            () -> {
              for (int i = 0; i < made.length; i++) {
                made[i] = Text.view(scope, view, bytes.address() + (i & 31), 32, 32);
              }
            });
    long unknown =
        Allocations.minBytes(
            20,
            () -> {
              for (int i = 0; i < made.length; i++) {
                made[i] = Text.view(scope, view, bytes.address(), 1 + (i & 31), -1);
              }
            });
    long borrowed =
        Allocations.minBytes(
            20,
            () -> {
              for (int i = 0; i < made.length; i++) {
                made[i] =
                    Text.borrowed(new Scope("other"), bytes.address(), 1 + (i & 31), 1 + (i & 31));
              }
            });
    assertThat(ascii / (double) made.length).as("bytes per ASCII view()").isLessThanOrEqualTo(32);
    assertThat(unknown / (double) made.length)
        .as("bytes per view() of unknown length")
        .isLessThanOrEqualTo(32);
    // A new scope per text (24 bytes each) lends through its first segment: still no holder.
    assertThat(borrowed / (double) made.length)
        .as("bytes per borrowed() with its scope")
        .isLessThanOrEqualTo(32 + 24);
    assertThat(made[0].asReadOnlySegment().address()).isEqualTo(bytes.address());
  }

  @Test
  void aTextReadsThroughItsOwnSegmentWhenItsScopeLendsThroughAnother() {
    // One scope, two segments spanning the address space: the second text keeps its own.
    MemorySegment bytes = arena.allocate(8);
    MemorySegment.copy(
        "abcdéf".getBytes(StandardCharsets.UTF_8), 0, bytes, ValueLayout.JAVA_BYTE, 0, 7);
    MemorySegment first = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, arena, null);
    Arena other = Arena.ofShared();
    MemorySegment second = MemorySegment.NULL.reinterpret(Long.MAX_VALUE, other, null);
    Text a = Text.view(scope, first, bytes.address(), 7, 6);
    Text b = Text.view(scope, second, bytes.address(), 7, 6);
    assertThat(a.toString()).isEqualTo("abcdéf");
    assertThat(b.toString()).isEqualTo("abcdéf");
    assertThat(a.equals(b)).isTrue();
    other.close();
    // b reads through the closed view: it fails; a does not.
    assertThatThrownBy(b::toString).isInstanceOf(IllegalStateException.class);
    assertThat(a.charAt(4)).isEqualTo('é');
    assertThat(a.charAt(5)).isEqualTo('f'); // the cursor now holds a's reference: all still works
    assertThat(a.isBorrowed()).isTrue();
    assertThat(a.asReadOnlySegment().address()).isEqualTo(bytes.address());
    assertThat(a.subSequence(4, 6).toString()).isEqualTo("éf");
    assertThat(a.equals(Text.of("abcdéf"))).isTrue();
    scope.end();
    assertThatThrownBy(() -> a.charAt(4)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> a.subSequence(4, 6)).isInstanceOf(IllegalStateException.class);
    assertThat(a.isLive()).isFalse();
  }

  @Test
  void sequentialCharAtOverTwoThreeAndFourByteCharactersMatchesString() {
    // U+00E9 is 2 bytes, U+20AC 3, U+1F600 4 (a surrogate pair in UTF-16).
    String s = "a\u00e9\u20ac\uD83D\uDE00".repeat(300) + "\u00e9";
    for (Text t : List.of(borrow(s, true), borrow(s, false), Text.of(s))) {
      for (int i = 0; i < s.length(); i++) {
        assertCharAt(t, s, i);
      }
      for (int i = s.length() - 1; i >= 0; i--) {
        assertCharAt(t, s, i);
      }
      // Strides move the cursor across several code points per call, onto both surrogates.
      for (int stride : new int[] {2, 3, 5, 7, 64}) {
        for (int i = 0; i < s.length(); i += stride) {
          assertCharAt(t, s, i);
        }
        for (int i = s.length() - 1; i >= 0; i -= stride) {
          assertCharAt(t, s, i);
        }
      }
    }
  }

  private static void assertCharAt(Text t, String s, int i) {
    if (t.charAt(i) != s.charAt(i)) {
      throw new AssertionError(
          "charAt("
              + i
              + ") of "
              + (t.isBorrowed() ? "borrowed" : "owned")
              + " text: expected U+"
              + Integer.toHexString(s.charAt(i))
              + ", got U+"
              + Integer.toHexString(t.charAt(i)));
    }
  }

  @Test
  void charAtReusesItsCursorInsteadOfAllocatingPerCall() {
    String s = "\u00e9\u20ac\uD83D\uDE00x".repeat(100);
    Text t = borrow(s, true);
    long[] sink = new long[1]; // keeps the chars read, so the JIT cannot drop the calls
    long perScan =
        Allocations.minBytes(
            5,
            () -> {
              for (int i = 0; i < s.length(); i++) {
                sink[0] += t.charAt(i);
              }
              for (int i = s.length() - 1; i >= 0; i--) {
                sink[0] += t.charAt(i);
              }
            });
    // 1,000 calls per scan: anything allocated per call (a new cursor each time) would show.
    assertThat(perScan).as("bytes per scan of %d chars there and back", s.length()).isLessThan(64);
  }

  @Test
  void threadsSharingANonAsciiTextReadTheRightCharsDespiteTheSharedCursor() throws Exception {
    String s = "a\u00e9\u20ac\uD83D\uDE00".repeat(500);
    for (Text t : List.of(borrow(s, false), Text.of(s))) {
      try (var pool = Executors.newFixedThreadPool(4)) {
        var results = new ArrayList<Future<Integer>>();
        for (int thread = 0; thread < 4; thread++) {
          var rnd = new Random(100 + thread);
          results.add(
              pool.submit(
                  () -> {
                    int wrong = 0;
                    for (int pass = 0; pass < 20; pass++) {
                      int from = rnd.nextInt(s.length());
                      boolean forward = rnd.nextBoolean();
                      for (int k = 0; k < 300; k++) {
                        int i =
                            forward ? (from + k) % s.length() : Math.floorMod(from - k, s.length());
                        if (t.charAt(i) != s.charAt(i)) {
                          wrong++;
                        }
                      }
                    }
                    return wrong;
                  }));
        }
        for (var r : results) {
          assertThat(r.get(30, TimeUnit.SECONDS)).isZero();
        }
      }
    }
  }

  @Test
  void equalBorrowedAndOwnedTextsHashEqual() {
    var rnd = new Random(16);
    for (int iter = 0; iter < 500; iter++) {
      // Up to 2,000 code points: over Bytes.HASHED_WHOLE bytes only the ends are hashed.
      String s =
          RandomStrings.mixed(
              rnd,
              switch (rnd.nextInt(3)) {
                case 0 -> 20;
                case 1 -> 400;
                default -> 2000;
              });
      Text owned = Text.of(s);
      int h = owned.hashCode();
      Text borrowed = borrow(s, rnd.nextBoolean());
      assertThat(borrowed.hashCode()).isEqualTo(h);
      assertThat(borrowed.hashCode()).as("on a second call").isEqualTo(h);
      assertThat(Text.ofUtf8(s.getBytes(StandardCharsets.UTF_8)).hashCode()).isEqualTo(h);
      assertThat(borrowed.copy().hashCode()).isEqualTo(h);
      Text inner = borrow("[" + s + "]", true).subSequence(1, s.length() + 1);
      assertThat(inner.hashCode()).as("a view inside a longer text").isEqualTo(h);
      assertThat(new HashSet<>(List.of(borrowed))).contains(owned);
    }
  }

  @Test
  void aTextReadWhileItsScopeEndsReturnsTheRightBytesOrThrows() throws Exception {
    // The end of a transaction lets LMDB reuse its pages: here the bytes are overwritten right
    // after the end. A reader on another thread that races with it must get the old text whole
    // or IllegalStateException (the re-check after reading), never a mix.
    MemorySegment seg = arena.allocate(16 * 1024);
    String original = "a".repeat((int) seg.byteSize());
    try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int trial = 0; trial < 200; trial++) {
        race(seg, original, new Scope("race " + trial), threads);
      }
    }
  }

  /** One trial: a reader loops over {@code seg} until {@code trialScope} ends under it. */
  private static void race(MemorySegment seg, String original, Scope trialScope, Executor threads)
      throws Exception {
    seg.fill((byte) 'a');
    Text t = Text.borrowed(trialScope, seg.address(), (int) seg.byteSize(), original.length());
    var reading = new CountDownLatch(1);
    var reader =
        CompletableFuture.supplyAsync(
            () -> {
              while (true) {
                String read;
                try {
                  read = t.toString();
                } catch (IllegalStateException _) {
                  return "ended";
                }
                if (!read.equals(original)) {
                  return "wrong bytes: "
                      + read.chars().filter(c -> c != 'a').count()
                      + " overwritten";
                }
                reading.countDown();
              }
            },
            threads);
    assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
    trialScope.end();
    seg.fill((byte) 'b');
    assertThat(reader.get(10, TimeUnit.SECONDS)).isEqualTo("ended");
  }
}
