package io.kitesql.value;

import java.io.IOException;
import java.io.Writer;
import java.util.Objects;

/**
 * The copying bulk methods of {@link Text} ({@code getChars}, {@code appendTo}, {@code writeTo}):
 * UTF-8 decoded into chars in one pass over the bytes, through the kernels of {@link Utf8Chars}.
 *
 * <p>Liveness as {@link Bytes#copyOut} does it: one check before, then a re-check after every
 * {@value #CHARS_PER_CHECK} chars (at most 48 KiB of bytes) and at the end, so a long copy racing
 * the end of its transaction stops at the next piece. Nothing decoded from reused pages is handed
 * out: {@code getChars} throws (what {@code dst} then holds is unspecified, as for any failed
 * copy), {@code appendTo} also sets the builder back, {@code writeTo} checks each chunk before
 * writing it.
 */
final class TextCopy {
  /** Chars decoded per liveness re-check: at most 48 KiB of bytes. */
  static final int CHARS_PER_CHECK = 16 * 1024;

  /**
   * Chars per chunk of {@code appendTo}: a 528-byte array per call. Appending a chunk of chars is
   * one bulk copy into the builder (compressed to Latin-1 by a JDK intrinsic where it can be),
   * far cheaper than one {@code append(char)} per char.
   */
  static final int APPEND_CHUNK = 256;

  private TextCopy() {}

  static void getChars(Text t, int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    t.check();
    int u = t.utf16();
    Objects.checkFromToIndex(srcBegin, srcEnd, u);
    Objects.checkFromIndexSize(dstBegin, srcEnd - srcBegin, dst.length);
    if (u == t.byteLength) {
      for (int from = srcBegin; from < srcEnd; from += CHARS_PER_CHECK) {
        int n = Math.min(CHARS_PER_CHECK, srcEnd - from);
        Utf8Chars.inflate(t.base, t.offset + from, dst, dstBegin + from - srcBegin, n);
        t.checkAfterRead();
      }
    } else if (srcBegin < srcEnd) {
      decodeChars(t, srcBegin, dst, dstBegin, dstBegin + srcEnd - srcBegin);
    }
    t.checkAfterRead(); // an empty range too: a dead text never answers
  }

  /** getChars of non-ASCII text: decodes from the code point holding {@code srcBegin}. */
  private static void decodeChars(Text t, int srcBegin, char[] dst, int j, int end) {
    long at = t.locate(srcBegin, t.cursorPosition());
    int bo = (int) at;
    if ((int) (at >>> 32) != srcBegin) { // starts on the second half of a pair
      long decoded = Utf8Chars.decode(t.base, t.offset, t.byteLength, bo);
      dst[j++] = Utf8Chars.second(decoded);
      bo = Utf8Chars.after(bo, decoded);
    }
    while (j < end) {
      long done = Utf8Chars.decodeInto(t.base, t.offset, t.byteLength, bo, dst, j,
          Math.min(end, j + CHARS_PER_CHECK));
      int stoppedAt = (int) (done >>> 32);
      bo = (int) done;
      if (stoppedAt == j) { // no progress: a pair cut by the end of the range, or the end of the bytes
        if (bo >= t.byteLength || j + 1 != end) {
          t.checkAfterRead(); // bytes changed under us: the transaction ended
          throw new IllegalStateException("inconsistent UTF-8 length in " + t.describe());
        }
        dst[j++] = Utf8Chars.first(Utf8Chars.decode(t.base, t.offset, t.byteLength, bo));
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
      decodeChunks(t, new char[Math.clamp(u, 2, APPEND_CHUNK)], sb, (to, chunk, n) -> to.append(chunk, 0, n));
    } catch (IllegalStateException e) {
      sb.setLength(start); // bytes read after the end never reach the caller
      throw e;
    }
    return sb;
  }

  static void writeTo(Text t, Writer out) throws IOException {
    t.check();
    int u = t.utf16();
    decodeChunks(t, new char[Math.clamp(u, 2, 4096)], out, (to, chunk, n) -> to.write(chunk, 0, n));
  }

  /** Hands the chars of a text, a chunk at a time, to a target (not captured: no object per call). */
  @FunctionalInterface
  private interface ChunkSink<T, X extends Exception> {
    void accept(T target, char[] chunk, int length) throws X;
  }

  /**
   * Decodes {@code t} into {@code chunk} piece by piece, checking liveness after each piece is read
   * and before {@code sink} hands it to {@code target}, so bytes read after the transaction ended never leave here.
   */
  private static <T, X extends Exception> void decodeChunks(Text t, char[] chunk, T target, ChunkSink<T, X> sink)
      throws X {
    int u = t.utf16();
    if (u == t.byteLength) {
      for (int from = 0; from < u; from += chunk.length) {
        int n = Math.min(chunk.length, u - from);
        Utf8Chars.inflate(t.base, t.offset + from, chunk, 0, n);
        t.checkAfterRead();
        sink.accept(target, chunk, n);
      }
    } else {
      for (int bo = 0; bo < t.byteLength; ) {
        // Never cuts a pair and always makes progress: the chunk holds at least two chars.
        long done = Utf8Chars.decodeInto(t.base, t.offset, t.byteLength, bo, chunk, 0, chunk.length);
        bo = (int) done;
        t.checkAfterRead();
        sink.accept(target, chunk, (int) (done >>> 32));
      }
    }
    t.checkAfterRead();
  }
}
