package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.util.Spliterator;
import java.util.function.IntConsumer;

/**
 * The spliterator behind {@link Text#chars()} and {@link Text#codePoints()}: decodes the bytes as
 * it goes, never through a {@code String}.
 *
 * <p>Liveness: a value is handed to the consumer only after the scope was re-checked after reading
 * its bytes. {@link #tryAdvance} checks per value (it reads one); {@link #forEachRemaining}
 * decodes up to {@value #BATCH} chars into a buffer with {@link Utf8Chars#decodeInto}, checks
 * once, then hands them over, so a whole-text pass costs one check per batch rather than one per
 * char (and one buffer of at most 512 bytes per stream, beside the stream's own objects).
 *
 * <p>Not thread-safe, like every spliterator; does not split (a text is read far faster than a
 * parallel stream could hand out halves of it).
 */
final class TextChars implements Spliterator.OfInt {
  /** Values decoded per liveness check in {@link #forEachRemaining}. */
  static final int BATCH = 256;

  private final MemorySegment base;
  private final long offset;
  private final int len;
  private final Scope scope;
  private final boolean codePoints;
  /** One char per byte: the text's UTF-16 length equals its byte length, as {@link Text#charAt} reads it. */
  private final boolean ascii;
  /** UTF-16 units of the text (for {@code chars()}'s exact size), -1 for code points. */
  private final int units;
  /** The byte offset of the next code point to decode. */
  private int bo;
  /** A decoded value not yet handed out (the second unit of a pair, or of two U+FFFD), or -1. */
  private int pending = -1;
  /** Values handed out so far ({@code chars()} only: for the exact size). */
  private int given;

  /**
   * Values of the {@code len} bytes at {@code offset} of {@code base}, under {@code scope}: code
   * points if {@code codePoints}, else UTF-16 units; {@code units} is the text's UTF-16 length.
   */
  TextChars(MemorySegment base, long offset, int len, Scope scope, boolean codePoints, int units) {
    this.base = base;
    this.offset = offset;
    this.len = len;
    this.scope = scope;
    this.codePoints = codePoints;
    this.ascii = units == len;
    this.units = codePoints ? -1 : units;
  }

  /**
   * Decodes the next code point into at most two values: the first is returned, a second one is
   * left in {@link #pending}. A well-formed pair is one code point for {@code codePoints()}; two
   * U+FFFD (a malformed four-byte sequence) stay two, as {@code String} would give them.
   */
  private int decodeNext() {
    if (ascii) {
      return base.get(Memory.BYTE, offset + bo++) & 0xFF;
    }
    long d = Utf8Chars.decode(base, offset, len, bo);
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
    } else if (bo < len) {
      scope.check();
      value = decodeNext();
      scope.checkAfterRead();
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
    if (bo >= len) {
      return;
    }
    scope.check();
    // At most one char per byte, and room for a pair.
    var batch = new char[Math.clamp(len - bo, 2, BATCH)];
    while (bo < len) {
      int n;
      if (ascii) {
        n = Math.min(batch.length, len - bo);
        Utf8Chars.inflate(base, offset + bo, batch, 0, n);
        bo += n;
      } else {
        long done = Utf8Chars.decodeInto(base, offset, len, bo, batch, 0, batch.length);
        n = (int) (done >>> 32);
        bo = (int) done;
      }
      scope.checkAfterRead();
      given += n;
      for (int i = 0; i < n; i++) {
        char c = batch[i];
        // decodeInto never splits a pair across batches, and surrogates only come in pairs.
        if (codePoints && Character.isHighSurrogate(c) && i + 1 < n) {
          action.accept(Character.toCodePoint(c, batch[++i]));
        } else {
          action.accept(c);
        }
      }
    }
  }

  @Override
  public Spliterator.OfInt trySplit() {
    return null;
  }

  @Override
  public long estimateSize() {
    // Code points: at most one per remaining byte, plus a pending one.
    return codePoints ? len - bo + (pending >= 0 ? 1 : 0) : units - given;
  }

  @Override
  public int characteristics() {
    int always = Spliterator.ORDERED | Spliterator.IMMUTABLE | Spliterator.NONNULL;
    return codePoints ? always : always | Spliterator.SIZED | Spliterator.SUBSIZED;
  }
}
