package io.kitesql.value;

import java.util.Spliterator;
import java.util.function.IntConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The spliterator behind {@link Text#chars()} and {@link Text#codePoints()}: decodes the bytes as
 * it goes, never through a {@code String}.
 *
 * <p>Liveness: a value is handed to the consumer only after the scope was re-checked after reading
 * its bytes. {@link #tryAdvance} checks per value (it reads one); {@link #forEachRemaining} decodes
 * a piece of up to {@value TextScratch#CHUNK} chars into a pooled scratch ({@link TextScratch}:
 * ASCII widened by the JDK's Latin-1 intrinsic), checks once, then hands them over, so a whole-text
 * pass costs one check per piece and allocates nothing beyond this spliterator (32 bytes) and the
 * stream's own objects.
 *
 * <p>Not thread-safe, like every spliterator; does not split (a text is read far faster than a
 * parallel stream could hand out halves of it).
 */
final class TextChars implements Spliterator.OfInt {
  private final Text text;

  /** Code points rather than UTF-16 units. */
  private final boolean codePoints;

  /** The byte offset of the next code point to decode. */
  private int bo;

  /** A decoded value not yet handed out (the second unit of a pair, or of two U+FFFD), or -1. */
  private int pending = -1;

  /** Values handed out so far ({@code chars()} only: for the exact size). */
  private int given;

  /**
   * Values of {@code text}: code points if {@code codePoints}, else UTF-16 units. The caller has
   * counted the text's UTF-16 length ({@link Text#utf16()}) while it checked liveness, so it is
   * cached and reading it here reads no bytes.
   */
  TextChars(Text text, boolean codePoints) {
    this.text = text;
    this.codePoints = codePoints;
  }

  /**
   * One char per byte: the text's UTF-16 length equals its byte length, as {@link Text#charAt}
   * reads it.
   */
  private boolean ascii() {
    return text.utf16() == text.byteLength;
  }

  /**
   * Decodes the next code point into at most two values: the first is returned, a second one is
   * left in {@link #pending}. A well-formed pair is one code point for {@code codePoints()}; two
   * U+FFFD (a malformed four-byte sequence) stay two, as {@code String} would give them.
   */
  private int decodeNext() {
    Text t = text;
    if (ascii()) {
      return t.byteAtRaw(bo++) & 0xFF;
    }
    long d = Utf8Chars.decode(t.base(), t.offset, t.byteLength, bo);
    bo = Utf8Chars.after(bo, d);
    char first = Utf8Chars.first(d);
    char second = Utf8Chars.second(d);
    if (second == 0) {
      return first;
    }
    if (codePoints && Character.isSurrogatePair(first, second)) {
      return Character.toCodePoint(first, second);
    }
    pending = second;
    return first;
  }

  private int takePending() {
    int value = pending;
    pending = -1;
    return value;
  }

  @Override
  public boolean tryAdvance(IntConsumer action) {
    int value;
    if (pending >= 0) {
      value = takePending();
    } else if (bo < text.byteLength) {
      text.check();
      value = decodeNext();
      text.checkAfterRead();
    } else {
      return false;
    }
    given++;
    action.accept(value);
    return true;
  }

  @Override
  public void forEachRemaining(IntConsumer action) {
    if (pending >= 0) {
      given++;
      action.accept(takePending());
    }
    Text t = text;
    if (bo >= t.byteLength) {
      return;
    }
    t.check();
    boolean ascii = ascii();
    TextScratch s = TextScratch.take();
    try {
      char[] chunk = s.chars;
      while (bo < t.byteLength) {
        int n;
        if (ascii) {
          n = Math.min(chunk.length, t.byteLength - bo);
          s.copyIn(t.base(), t.offset + bo, n);
          bo += n;
          t.checkAfterRead();
          s.inflate(n);
        } else {
          long done =
              Utf8Chars.decodeInto(t.base(), t.offset, t.byteLength, bo, chunk, 0, chunk.length);
          n = (int) (done >>> 32);
          bo = (int) done;
          t.checkAfterRead();
        }
        given += n;
        hand(chunk, n, action);
      }
    } finally {
      s.release();
    }
  }

  private void hand(char[] chunk, int n, IntConsumer action) {
    if (!codePoints) {
      for (int i = 0; i < n; i++) {
        action.accept(chunk[i]);
      }
      return;
    }
    for (int i = 0; i < n; i++) {
      char c = chunk[i];
      // decodeInto never splits a pair across pieces, and surrogates only come in pairs.
      if (Character.isHighSurrogate(c) && i + 1 < n) {
        action.accept(Character.toCodePoint(c, chunk[++i]));
      } else {
        action.accept(c);
      }
    }
  }

  @Override
  public Spliterator.@Nullable OfInt trySplit() {
    return null;
  }

  @Override
  public long estimateSize() {
    // Code points: at most one per remaining byte, plus a pending one.
    return codePoints ? text.byteLength - bo + (pending >= 0 ? 1 : 0) : text.utf16() - given;
  }

  @Override
  public int characteristics() {
    int always = Spliterator.ORDERED | Spliterator.IMMUTABLE | Spliterator.NONNULL;
    return codePoints ? always : always | Spliterator.SIZED | Spliterator.SUBSIZED;
  }
}
