package io.kitesql.value;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 kernels over a segment range, eight bytes at a time (SWAR).
 *
 * <p>The kernels read whole {@code long}s with {@link Memory#LONG_NATIVE}: each byte is judged on
 * its own, so byte order does not matter. Loops use {@code long} indices: on a segment spanning the
 * address space an {@code int} index with a variable bound is about 4.6x slower (see
 * notes/design-measurements.md section 2). Byte loops are only used for the last 0–7 bytes.
 *
 * <p>The kernels define a code point as "a byte that is not a continuation byte ({@code 10xxxxxx})
 * plus the continuation bytes after it". On well-formed UTF-8 this is the usual meaning; on
 * malformed input it is still a consistent, bounded rule, which {@link Text} relies on so that
 * counting and decoding never disagree.
 */
public final class Utf8 {
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8() {}

  /** Whether the {@code len} bytes at {@code offset} are all ASCII (below 0x80). */
  public static boolean isAscii(MemorySegment base, long offset, long len) {
    long end = offset + len;
    long acc = 0;
    long i = offset;
    for (; i + 8 <= end; i += 8) {
      acc |= base.get(Memory.LONG_NATIVE, i);
    }
    for (; i < end; i++) {
      acc |= base.get(Memory.BYTE, i);
    }
    return (acc & HIGH_BITS) == 0;
  }

  /**
   * The number of UTF-16 chars the {@code len} UTF-8 bytes at {@code offset} decode to: one per
   * code point, plus one more for each four-byte lead byte ({@code 11110xxx}), whose code point
   * needs a surrogate pair.
   */
  public static int utf16Length(MemorySegment base, long offset, long len) {
    long end = offset + len;
    long continuation = 0;
    long fourByteLeads = 0;
    long i = offset;
    for (; i + 8 <= end; i += 8) {
      long x = base.get(Memory.LONG_NATIVE, i);
      continuation += Long.bitCount(continuationBits(x));
      fourByteLeads += Long.bitCount(fourByteLeadBits(x));
    }
    for (; i < end; i++) {
      long x = base.get(Memory.BYTE, i) & 0xFFL;
      continuation += Long.bitCount(continuationBits(x));
      fourByteLeads += Long.bitCount(fourByteLeadBits(x));
    }
    return Math.toIntExact(len - continuation + fourByteLeads);
  }

  /** The number of code points in the {@code len} UTF-8 bytes at {@code offset}. */
  public static int codePointCount(MemorySegment base, long offset, long len) {
    long end = offset + len;
    long continuation = 0;
    long i = offset;
    for (; i + 8 <= end; i += 8) {
      continuation += Long.bitCount(continuationBits(base.get(Memory.LONG_NATIVE, i)));
    }
    for (; i < end; i++) {
      continuation += Long.bitCount(continuationBits(base.get(Memory.BYTE, i) & 0xFFL));
    }
    return Math.toIntExact(len - continuation);
  }

  /**
   * The high bit of each byte of {@code x} that is a continuation byte {@code 10xxxxxx}: bit 7 set
   * and bit 6 (moved to bit 7 by the shift) clear. Bits shifted across byte borders land on bit 0
   * and are masked off.
   */
  static long continuationBits(long x) {
    return x & ~(x << 1) & HIGH_BITS;
  }

  /** The high bit of each byte of {@code x} that is a four-byte lead {@code 11110xxx}. */
  static long fourByteLeadBits(long x) {
    return x & (x << 1) & (x << 2) & (x << 3) & ~(x << 4) & HIGH_BITS;
  }

  /**
   * The UTF-8 bytes of {@code s}.
   *
   * @throws KiteSqlException INVALID_VALUE if {@code s} holds an unpaired surrogate: it has no
   *     UTF-8 form, and encoding it as {@code '?'} (as {@link String#getBytes} does) would make
   *     distinct strings equal once stored
   */
  public static byte[] encode(String s) {
    checkNoUnpairedSurrogate(s);
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Throws INVALID_VALUE, naming the char index, if {@code cs} holds an unpaired surrogate. */
  public static void checkNoUnpairedSurrogate(CharSequence cs) {
    int at = unpairedSurrogateIndex(cs);
    if (at >= 0) {
      throw unpairedSurrogate(cs.charAt(at), at);
    }
  }

  /** The char index of the first unpaired surrogate in {@code cs}, or -1. */
  public static int unpairedSurrogateIndex(CharSequence cs) {
    int n = cs.length();
    for (int i = 0; i < n; i++) {
      char c = cs.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(cs.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      }
    }
    return -1;
  }

  private static KiteSqlException unpairedSurrogate(char c, int index) {
    return new KiteSqlException(
        ErrorCode.INVALID_VALUE,
        String.format(
            "text holds an unpaired surrogate U+%04X at char index %d, which has no UTF-8 form",
            (int) c, index));
  }

  /**
   * The number of bytes a UTF-8 encoding of {@code cs} takes.
   *
   * @throws KiteSqlException INVALID_VALUE if {@code cs} holds an unpaired surrogate (see {@link
   *     #encode})
   */
  public static int encodedLength(CharSequence cs) {
    int n = cs.length();
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      char c = cs.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(cs.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        throw unpairedSurrogate(c, i);
      } else {
        bytes += 3;
      }
    }
    return Math.toIntExact(bytes);
  }

  /**
   * Writes the UTF-8 encoding of {@code cs} to {@code dst} at {@code pos}, which must have room for
   * {@link #encodedLength} bytes, and returns the position after it.
   */
  public static int encodeTo(CharSequence cs, byte[] dst, int pos) {
    int n = cs.length();
    for (int i = 0; i < n; i++) {
      char c = cs.charAt(i);
      if (c < 0x80) {
        dst[pos++] = (byte) c;
      } else if (c < 0x800) {
        dst[pos++] = (byte) (0xC0 | (c >> 6));
        dst[pos++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(cs.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, cs.charAt(++i));
        dst[pos++] = (byte) (0xF0 | (cp >> 18));
        dst[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        dst[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        dst[pos++] = (byte) (0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        throw unpairedSurrogate(c, i);
      } else {
        dst[pos++] = (byte) (0xE0 | (c >> 12));
        dst[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        dst[pos++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    return pos;
  }

  // ---- code points, for char access into UTF-8 text (Text; decoding is in Utf8Chars) ----

  /**
   * The byte offset after the code point starting at {@code bo} in {@code len} bytes at {@code
   * offset}.
   */
  static int nextStart(MemorySegment base, long offset, int len, int bo) {
    int i = bo + 1;
    while (i < len && (base.get(Memory.BYTE, offset + i) & 0xC0) == 0x80) {
      i++;
    }
    return i;
  }
}
