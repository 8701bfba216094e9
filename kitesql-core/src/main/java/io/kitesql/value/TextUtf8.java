package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The byte side of a {@link Text}: its UTF-8 bytes counted, read one at a time, copied out whole
 * (into an array or a {@code String}) and char-index bounds mapped to byte offsets for slices. Each
 * method checks the text's liveness as the {@code Text} method it serves documents.
 */
final class TextUtf8 {
  private TextUtf8() {}

  /**
   * {@link Text#subSequence}: the byte range of chars {@code [start, end)}, as (from << 32) | to.
   */
  static long byteRange(Text t, int start, int end, int u) {
    int from = byteOffsetOf(t, start, u);
    int to = byteOffsetOf(t, end, u);
    t.checkAfterRead();
    return (long) from << 32 | to & 0xFFFFFFFFL;
  }

  private static int byteOffsetOf(Text t, int charIndex, int u) {
    if (charIndex == u) {
      return t.byteLength;
    }
    long pos = CharCursor.locate(t, charIndex);
    if ((int) (pos >>> 32) != charIndex) {
      throw new IllegalArgumentException("index " + charIndex + " splits a surrogate pair");
    }
    return (int) pos;
  }

  /** {@link Text#toString()}. */
  static String toString(Text t) {
    t.check();
    MemorySegment base = t.base();
    byte[] array = Bytes.heapArray(base);
    if (array != null && t.offset == 0 && t.byteLength == array.length) {
      return new String(array, StandardCharsets.UTF_8);
    }
    byte[] bytes = Bytes.toArray(t.scope(), base, t.offset, t.byteLength);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * {@link Text#codePointCount()}; {@code asciiKnown} if the UTF-16 length equals the byte length.
   */
  static int codePointCount(Text t, boolean asciiKnown) {
    t.check();
    if (asciiKnown) {
      return t.byteLength;
    }
    int n = Utf8.codePointCount(t.base(), t.offset, t.byteLength);
    if (t.byteLength > 0 && (t.byteAtRaw(0) & 0xC0) == 0x80) {
      n++; // a leading continuation byte starts a code point of its own (see Utf8Chars)
    }
    t.checkAfterRead();
    return n;
  }

  /** {@link Text#byteAt}. */
  static byte byteAt(Text t, long index) {
    t.check();
    Objects.checkIndex(index, t.byteLength);
    byte b = t.byteAtRaw(index);
    t.checkAfterRead();
    return b;
  }

  /** {@link Text#copyUtf8To}. */
  static int copyUtf8To(Text t, byte[] dst, int dstPos) {
    t.check();
    Objects.checkFromIndexSize(dstPos, t.byteLength, dst.length);
    Bytes.copyOut(t.scope(), t.base(), t.offset, dst, dstPos, t.byteLength);
    return t.byteLength;
  }
}
