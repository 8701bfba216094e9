package io.kitesql.value;

import java.io.IOException;
import java.io.Writer;
import java.util.Objects;

/**
 * The copying bulk methods of {@link Text} ({@code getChars}, {@code appendTo}, {@code writeTo}):
 * UTF-8 decoded into chars in one pass over the bytes, through the kernels of {@link Utf8Chars},
 * or, for ASCII, copied out and widened by the JDK's Latin-1 intrinsic ({@link TextScratch}).
 *
 * <p>Liveness as {@link Bytes#copyOut} does it: one check before, then a re-check after every piece
 * ({@value #CHARS_PER_CHECK} chars decoded in place, or {@value TextScratch#CHUNK} bytes copied
 * out) and at the end, so a long copy racing the end of its transaction stops at the next piece.
 * Nothing decoded from reused pages is handed out: {@code getChars} throws (what {@code dst} then
 * holds is unspecified, as for any failed copy), {@code appendTo} also sets the builder back,
 * {@code writeTo} checks each piece before writing it. Nothing is allocated: {@code appendTo} and
 * {@code writeTo} decode into a pooled scratch.
 */
final class TextCopy {
  /** Chars decoded per liveness re-check: at most 48 KiB of bytes. */
  static final int CHARS_PER_CHECK = 16 * 1024;

  private TextCopy() {}

  static void getChars(Text t, int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    t.check();
    int u = t.utf16();
    Objects.checkFromToIndex(srcBegin, srcEnd, u);
    Objects.checkFromIndexSize(dstBegin, srcEnd - srcBegin, dst.length);
    if (u != t.byteLength) {
      if (srcBegin < srcEnd) {
        decodeChars(t, srcBegin, dst, dstBegin, dstBegin + srcEnd - srcBegin);
      }
    } else if (srcEnd - srcBegin < TextScratch.MIN_BYTES) {
      Utf8Chars.inflate(t.base(), t.offset + srcBegin, dst, dstBegin, srcEnd - srcBegin);
    } else {
      inflateLong(t, srcBegin, srcEnd, dst, dstBegin);
    }
    t.checkAfterRead(); // an empty range too: a dead text never answers
  }

  /**
   * getChars of a long range of ASCII text: each piece copied out of the map, checked, then widened
   * by the JDK's Latin-1 intrinsic (see {@link TextScratch}).
   */
  private static void inflateLong(Text t, int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    TextScratch s = TextScratch.take();
    try {
      for (int from = srcBegin; from < srcEnd; from += TextScratch.CHUNK) {
        int n = Math.min(TextScratch.CHUNK, srcEnd - from);
        s.copyIn(t.base(), t.offset + from, n);
        t.checkAfterRead();
        s.inflate(n, dst, dstBegin + from - srcBegin);
      }
    } finally {
      s.release();
    }
  }

  /** getChars of non-ASCII text: decodes from the code point holding {@code srcBegin}. */
  private static void decodeChars(Text t, int srcBegin, char[] dst, int j, int end) {
    long at = CharCursor.locate(t, srcBegin);
    int bo = (int) at;
    if ((int) (at >>> 32) != srcBegin) { // starts on the second half of a pair
      long decoded = Utf8Chars.decode(t.base(), t.offset, t.byteLength, bo);
      dst[j++] = Utf8Chars.second(decoded);
      bo = Utf8Chars.after(bo, decoded);
    }
    while (j < end) {
      long done =
          Utf8Chars.decodeInto(
              t.base(), t.offset, t.byteLength, bo, dst, j, Math.min(end, j + CHARS_PER_CHECK));
      int stoppedAt = (int) (done >>> 32);
      bo = (int) done;
      if (stoppedAt
          == j) { // no progress: a pair cut by the end of the range, or the end of the bytes
        if (bo >= t.byteLength || j + 1 != end) {
          t.checkAfterRead(); // bytes changed under us: the transaction ended
          throw new IllegalStateException("inconsistent UTF-8 length in " + t.describe());
        }
        dst[j++] = Utf8Chars.first(Utf8Chars.decode(t.base(), t.offset, t.byteLength, bo));
      }
      j = Math.max(j, stoppedAt);
      t.checkAfterRead();
    }
  }

  static StringBuilder appendTo(Text t, StringBuilder sb) {
    t.check();
    int u = t.utf16();
    int start = sb.length();
    sb.ensureCapacity(start + u);
    try {
      decodeChunks(t, sb, (to, chunk, n) -> to.append(chunk, 0, n));
    } catch (IllegalStateException e) {
      sb.setLength(start); // bytes read after the end never reach the caller
      throw e;
    }
    return sb;
  }

  static void writeTo(Text t, Writer out) throws IOException {
    t.check();
    decodeChunks(t, out, (to, chunk, n) -> to.write(chunk, 0, n));
  }

  /**
   * Hands the chars of a text, a chunk at a time, to a target (not captured: no object per call).
   */
  @FunctionalInterface
  private interface ChunkSink<T, X extends Exception> {
    void accept(T target, char[] chunk, int length) throws X;
  }

  /**
   * Decodes {@code t} a piece at a time into a pooled scratch ({@link TextScratch}), checking
   * liveness after each piece is read and before {@code sink} hands it to {@code target}, so bytes
   * read after the transaction ended never leave here. Allocates nothing.
   */
  private static <T, X extends Exception> void decodeChunks(Text t, T target, ChunkSink<T, X> sink)
      throws X {
    TextScratch s = TextScratch.take();
    try {
      char[] chunk = s.chars;
      if (t.utf16() == t.byteLength) {
        for (int from = 0; from < t.byteLength; from += chunk.length) {
          int n = Math.min(chunk.length, t.byteLength - from);
          s.copyIn(t.base(), t.offset + from, n);
          t.checkAfterRead();
          s.inflate(n);
          sink.accept(target, chunk, n);
        }
      } else {
        for (int bo = 0; bo < t.byteLength; ) {
          // Never cuts a pair and always makes progress: the chunk holds at least two chars.
          long done =
              Utf8Chars.decodeInto(t.base(), t.offset, t.byteLength, bo, chunk, 0, chunk.length);
          bo = (int) done;
          t.checkAfterRead();
          sink.accept(target, chunk, (int) (done >>> 32));
        }
      }
    } finally {
      s.release();
    }
    t.checkAfterRead();
  }
}
