package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * UTF-16 views of UTF-8 bytes: the decoding and scanning kernels behind {@link Text}'s char
 * methods. Every kernel works on a range (segment, offset, length) and reads nothing outside it;
 * liveness is the caller's business (one check before and one after a whole call, see {@link
 * Text}).
 *
 * <p><b>Code points.</b> As in {@link Utf8}, a code point is a byte that is not a continuation byte
 * plus the continuation bytes after it, and the byte at offset 0 always starts one. Its UTF-16
 * units: two for a four-byte lead ({@code 11110xxx}, a surrogate pair or two U+FFFD if malformed),
 * else one (U+FFFD if malformed: a wrong number of continuation bytes, an overlong form, an encoded
 * surrogate, a code point above U+10FFFF). {@link Utf8#utf16Length} counts by the same rule, so
 * counting and decoding agree on any input.
 *
 * <p><b>Decoded form.</b> {@link #decode} answers in one {@code long}: bits 0–15 the first unit,
 * bits 16–31 the second (0 if there is none: a second unit is never U+0000), bits 32–62 the byte
 * offset of the next code point. One call reads each byte of the code point once, plus the lead of
 * the next one (a continuation byte there would belong to this code point).
 */
final class Utf8Chars {
  private static final long HIGH_BITS = 0x8080808080808080L;
  private static final long LOW_BITS = 0x0101010101010101L;
  private static final char REPLACEMENT = '\uFFFD';

  /** Little-endian whatever the platform: the byte search needs the first byte lowest. */
  private static final ValueLayout.OfLong LONG_LE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private Utf8Chars() {}

  static int at(MemorySegment base, long offset, long i) {
    return base.get(Memory.BYTE, offset + i);
  }

  private static boolean isContinuation(int b) {
    return (b & 0xC0) == 0x80;
  }

  /** The first UTF-16 unit of a {@link #decode} answer. */
  static char first(long decoded) {
    return (char) decoded;
  }

  /** The second UTF-16 unit of a {@link #decode} answer, or 0 if the code point has one. */
  static char second(long decoded) {
    return (char) (decoded >>> 16);
  }

  /**
   * The position (char index {@code << 32} | byte offset) after the code point at {@code at}, given
   * its {@link #decode} answer. Written as branches that add constants, not as the sum of the
   * decoded sizes: a sequential reader (charAt's cursor) then waits for a predicted branch, not for
   * the bytes it just read, before it can read the next code point (sequential charAt measured 7.4
   * -> 5.0 ns per char on Cyrillic text, 12.9 -> 5.5 on CJK).
   */
  static long step(long at, long decoded) {
    int size = next(decoded) - (int) at;
    if (second(decoded) != 0) {
      return size == 4 ? at + ((2L << 32) | 4) : at + (2L << 32) + size;
    } else if (size == 2) {
      return at + ((1L << 32) | 2);
    } else if (size == 1) {
      return at + ((1L << 32) | 1);
    } else if (size == 3) {
      return at + ((1L << 32) | 3);
    }
    return at + (1L << 32) + size; // malformed: any size
  }

  /**
   * The byte offset after the code point at byte {@code bo}, given its {@link #decode} answer:
   * {@link #next} computed as {@link #step} computes it, for loops that walk code point by code
   * point.
   */
  static int after(int bo, long decoded) {
    return (int) step(bo, decoded);
  }

  /** The byte offset after the code point of a {@link #decode} answer. */
  static int next(long decoded) {
    return (int) (decoded >>> 32);
  }

  private static long answer(int first, int second, int next) {
    return ((long) next << 32) | ((long) second << 16) | first;
  }

  /**
   * Decodes the code point starting at byte {@code bo} (below {@code len}); see the class comment
   * for the answer's form.
   */
  static long decode(MemorySegment base, long offset, int len, int bo) {
    if (bo + 8 <= len) {
      // One read holds the code point and the byte after it: judged by masks, no byte loop.
      long x = base.get(Memory.LONG_BE, offset + bo);
      int b0 = (int) (x >>> 56);
      if (b0 < 0x80) {
        if ((x & 0x00C0_0000_0000_0000L) != 0x0080_0000_0000_0000L) {
          return answer(b0, 0, bo + 1);
        }
      } else if ((x & 0xE0C0_0000_0000_0000L) == 0xC080_0000_0000_0000L
          && (x & 0x0000_C000_0000_0000L) != 0x0000_8000_0000_0000L) {
        int cp = ((b0 & 0x1F) << 6) | ((int) (x >>> 48) & 0x3F);
        return answer(cp >= 0x80 ? cp : REPLACEMENT, 0, bo + 2);
      } else if ((x & 0xF0C0_C000_0000_0000L) == 0xE080_8000_0000_0000L
          && (x & 0x0000_00C0_0000_0000L) != 0x0000_0080_0000_0000L) {
        int cp = ((b0 & 0x0F) << 12) | ((int) (x >>> 42) & 0xFC0) | ((int) (x >>> 40) & 0x3F);
        return answer(
            cp >= 0x800 && !Character.isSurrogate((char) cp) ? cp : REPLACEMENT, 0, bo + 3);
      } else if ((x & 0xF8C0_C0C0_0000_0000L) == 0xF080_8080_0000_0000L
          && (x & 0x0000_0000_C000_0000L) != 0x0000_0000_8000_0000L) {
        return pair(x, bo);
      }
    }
    return decodeNearEnd(base, offset, len, bo);
  }

  /**
   * {@link #decode} of a four-byte sequence at the top of {@code x} (kept out of line: rarer, and
   * decode must stay small enough to inline).
   */
  private static long pair(long x, int bo) {
    int cp =
        ((int) (x >>> 56) & 0x07) << 18
            | ((int) (x >>> 36) & 0x3F000)
            | ((int) (x >>> 34) & 0xFC0)
            | ((int) (x >>> 32) & 0x3F);
    return cp >= 0x10000 && cp <= 0x10FFFF
        ? answer(Character.highSurrogate(cp), Character.lowSurrogate(cp), bo + 4)
        : answer(REPLACEMENT, REPLACEMENT, bo + 4);
  }

  /** {@link #decode} a byte at a time: within the last eight bytes, or for malformed sequences. */
  private static long decodeNearEnd(MemorySegment base, long offset, int len, int bo) {
    int b0 = at(base, offset, bo) & 0xFF;
    int need = b0 < 0x80 ? 0 : b0 >= 0xF0 ? 3 : b0 >= 0xE0 ? 2 : 1;
    int end = bo + need + 1;
    if (end <= len && (end == len || !isContinuation(at(base, offset, end)))) {
      if (need == 0) {
        return answer(b0, 0, end);
      }
      if (b0 >= 0xC0 && b0 < 0xF8) {
        int cp = b0 & (0x3F >> need);
        boolean wellFormed = true;
        for (int i = bo + 1; i < end; i++) {
          int b = at(base, offset, i);
          wellFormed &= isContinuation(b);
          cp = (cp << 6) | (b & 0x3F);
        }
        if (wellFormed) {
          if (need < 3) {
            // Overlong forms and encoded surrogates are malformed: an ASCII char must only ever
            // come from an ASCII byte (the byte searches rely on it), and UTF-16 from UTF-8 never
            // holds a lone surrogate.
            boolean valid = cp >= (need == 1 ? 0x80 : 0x800) && !Character.isSurrogate((char) cp);
            return answer(valid ? cp : REPLACEMENT, 0, end);
          }
          return cp >= 0x10000 && cp <= 0x10FFFF
              ? answer(Character.highSurrogate(cp), Character.lowSurrogate(cp), end)
              : answer(REPLACEMENT, REPLACEMENT, end);
        }
      }
    }
    return decodeMalformed(base, offset, len, bo, b0);
  }

  /**
   * The slow path of {@link #decode}, for a code point that is not one well-formed sequence: it
   * runs to the next non-continuation byte; an ASCII first byte stays itself (stray continuation
   * bytes after it are skipped), anything else reads as U+FFFD, twice for a four-byte lead.
   */
  private static long decodeMalformed(MemorySegment base, long offset, int len, int bo, int b0) {
    int next = bo + 1;
    while (next < len && isContinuation(at(base, offset, next))) {
      next++;
    }
    if (b0 < 0x80) {
      return answer(b0, 0, next);
    }
    return (b0 & 0xF8) == 0xF0
        ? answer(REPLACEMENT, REPLACEMENT, next)
        : answer(REPLACEMENT, 0, next);
  }

  /** The byte offset of the code point before the one at {@code bo} (which must be above 0). */
  static int previousStart(MemorySegment base, long offset, int bo) {
    do {
      bo--;
    } while (bo > 0 && isContinuation(at(base, offset, bo)));
    return bo;
  }

  /** UTF-16 units of the code point starting at byte {@code bo}: 2 for a four-byte lead, else 1. */
  static int units(MemorySegment base, long offset, int bo) {
    return (at(base, offset, bo) & 0xF8) == 0xF0 ? 2 : 1;
  }

  /**
   * Copies {@code n} ASCII bytes from {@code from} to {@code dst} at {@code dstPos} as chars. About
   * 0.22 ns per char on the measuring machine: C2 does not vectorize this widening from a segment
   * (String's own, from its array, is an AVX intrinsic at about 0.012 ns per char); an {@code int}
   * index measured a little faster than a {@code long} one here.
   */
  static void inflate(MemorySegment base, long from, char[] dst, int dstPos, int n) {
    for (int i = 0; i < n; i++) {
      dst[dstPos + i] = (char) (base.get(Memory.BYTE, from + i) & 0xFF);
    }
  }

  /**
   * Decodes code points from byte {@code bo} into {@code dst[dstPos, dstEnd)}, one unit per char.
   * Stops early before a pair of which only the first unit would fit, and at the end of the bytes.
   *
   * <p>The loop reads eight bytes at a time and advances by a constant in each branch (eight ASCII
   * bytes, one ASCII byte, a two-, three- or four-byte sequence): the next read then depends on a
   * predicted branch, not on the bytes just read, which would chain every iteration to the latency
   * of the previous load. Everything else (malformed bytes, the last eight bytes, a pair at the
   * very end of {@code dst}) goes through {@link #decode}.
   *
   * @return (the index in {@code dst} after the last char written {@code << 32}) | the byte offset
   *     of the first code point not decoded
   */
  static long decodeInto(
      MemorySegment base, long offset, int len, int bo, char[] dst, int dstPos, int dstEnd) {
    int j = dstPos;
    while (j < dstEnd && bo < len) {
      if (bo + 8 <= len) {
        long x = base.get(Memory.LONG_BE, offset + bo);
        if ((x & HIGH_BITS) == 0 && j + 8 <= dstEnd) {
          for (int k = 0; k < 8; k++) {
            dst[j + k] = (char) ((x >>> (56 - 8 * k)) & 0x7F);
          }
          j += 8;
          bo += 8;
          continue;
        }
        int b0 = (int) (x >>> 56);
        if (b0 < 0x80) {
          dst[j++] = (char) b0;
          bo++;
          continue;
        }
        if (j + 3 <= dstEnd) {
          int runOf = decodeRun(x, dst, j);
          if (runOf != 0) {
            j += runOf;
            bo += 6; // three two-byte or two three-byte sequences
            continue;
          }
        }
        if ((x & 0xE0C0_0000_0000_0000L) == 0xC080_0000_0000_0000L
            && (x & 0x0000_C000_0000_0000L) != 0x0000_8000_0000_0000L) {
          int cp = ((b0 & 0x1F) << 6) | ((int) (x >>> 48) & 0x3F);
          if (cp >= 0x80) {
            dst[j++] = (char) cp;
            bo += 2;
            continue;
          }
        } else if ((x & 0xF0C0_C000_0000_0000L) == 0xE080_8000_0000_0000L
            && (x & 0x0000_00C0_0000_0000L) != 0x0000_0080_0000_0000L) {
          int cp = ((b0 & 0x0F) << 12) | ((int) (x >>> 42) & 0xFC0) | ((int) (x >>> 40) & 0x3F);
          if (cp >= 0x800 && !Character.isSurrogate((char) cp)) {
            dst[j++] = (char) cp;
            bo += 3;
            continue;
          }
        } else if ((x & 0xF8C0_C0C0_0000_0000L) == 0xF080_8080_0000_0000L
            && (x & 0x0000_0000_C000_0000L) != 0x0000_0000_8000_0000L
            && j + 2 <= dstEnd) {
          long d = pair(x, bo);
          dst[j++] = first(d);
          dst[j++] = second(d);
          bo += 4;
          continue;
        }
      }
      if (bo > 0 && isContinuation(at(base, offset, bo))) {
        bo++; // a stray continuation byte after an ASCII char: part of that char's code point
        continue;
      }
      long d = decode(base, offset, len, bo);
      char low = second(d);
      if (low != 0 && j + 1 == dstEnd) {
        break; // the pair does not fit: left to the caller
      }
      dst[j++] = first(d);
      if (low != 0) {
        dst[j++] = low;
      }
      bo = after(bo, d);
    }
    return ((long) j << 32) | bo;
  }

  /**
   * Decodes the first six bytes of {@code x} (big-endian) into {@code dst} at {@code j} if they are
   * three well-formed two-byte sequences (Cyrillic, Greek, Hebrew, Arabic…) or two well-formed
   * three-byte ones (CJK…), each ended by the next (the seventh byte is not a continuation byte):
   * one branch for several chars, where {@link #decodeInto} otherwise takes one per char.
   *
   * @return the number of chars written (3 or 2), or 0 if the bytes are anything else
   */
  private static int decodeRun(long x, char[] dst, int j) {
    if ((x & 0xC000L) == 0x8000L) {
      return 0; // the seventh byte continues the sixth's sequence
    }
    if ((x & 0xE0C0_E0C0_E0C0_0000L) == 0xC080_C080_C080_0000L) {
      int c0 = ((int) (x >>> 50) & 0x7C0) | ((int) (x >>> 48) & 0x3F);
      int c1 = ((int) (x >>> 34) & 0x7C0) | ((int) (x >>> 32) & 0x3F);
      int c2 = ((int) (x >>> 18) & 0x7C0) | ((int) (x >>> 16) & 0x3F);
      if (c0 < 0x80 || c1 < 0x80 || c2 < 0x80) {
        return 0; // overlong: the single-sequence path reads it as U+FFFD
      }
      dst[j] = (char) c0;
      dst[j + 1] = (char) c1;
      dst[j + 2] = (char) c2;
      return 3;
    }
    if ((x & 0xF0C0_C0F0_C0C0_0000L) == 0xE080_80E0_8080_0000L) {
      int c0 = ((int) (x >>> 44) & 0xF000) | ((int) (x >>> 42) & 0xFC0) | ((int) (x >>> 40) & 0x3F);
      int c1 = ((int) (x >>> 20) & 0xF000) | ((int) (x >>> 18) & 0xFC0) | ((int) (x >>> 16) & 0x3F);
      if (c0 < 0x800
          || c1 < 0x800
          || Character.isSurrogate((char) c0)
          || Character.isSurrogate((char) c1)) {
        return 0; // overlong or an encoded surrogate: U+FFFD, by the single-sequence path
      }
      dst[j] = (char) c0;
      dst[j + 1] = (char) c1;
      return 2;
    }
    return 0;
  }

  /**
   * Whether the UTF-16 units from byte {@code bo} (from the second unit of its code point if {@code
   * low}) equal {@code n} chars of {@code cs} from {@code csFrom}. The caller has checked that the
   * text has at least {@code n} units there.
   */
  static boolean unitsEqual(
      MemorySegment base,
      long offset,
      int len,
      int bo,
      boolean low,
      CharSequence cs,
      int csFrom,
      int n) {
    int k = 0;
    if (low && n > 0) {
      long d = decode(base, offset, len, bo);
      if (second(d) != cs.charAt(csFrom)) {
        return false;
      }
      k = 1;
      bo = after(bo, d);
    }
    while (k < n) {
      if (bo >= len) {
        return false; // only if the bytes changed under us: the caller's check after reading throws
      }
      if (bo + 8 <= len) {
        // Well-formed sequences inline, each branch advancing by a constant (see decodeInto).
        long x = base.get(Memory.LONG_BE, offset + bo);
        int b0 = (int) (x >>> 56);
        if (b0 < 0x80) {
          if ((x & 0x00C0_0000_0000_0000L) != 0x0080_0000_0000_0000L) {
            if (b0 != cs.charAt(csFrom + k++)) {
              return false;
            }
            bo++;
            continue;
          }
        } else if ((x & 0xE0C0_0000_0000_0000L) == 0xC080_0000_0000_0000L
            && (x & 0x0000_C000_0000_0000L) != 0x0000_8000_0000_0000L) {
          int cp = ((b0 & 0x1F) << 6) | ((int) (x >>> 48) & 0x3F);
          if (cp >= 0x80) {
            if (cp != cs.charAt(csFrom + k++)) {
              return false;
            }
            bo += 2;
            continue;
          }
        } else if ((x & 0xF0C0_C000_0000_0000L) == 0xE080_8000_0000_0000L
            && (x & 0x0000_00C0_0000_0000L) != 0x0000_0080_0000_0000L) {
          int cp = ((b0 & 0x0F) << 12) | ((int) (x >>> 42) & 0xFC0) | ((int) (x >>> 40) & 0x3F);
          if (cp >= 0x800 && !Character.isSurrogate((char) cp)) {
            if (cp != cs.charAt(csFrom + k++)) {
              return false;
            }
            bo += 3;
            continue;
          }
        } else if ((x & 0xF8C0_C0C0_0000_0000L) == 0xF080_8080_0000_0000L
            && (x & 0x0000_0000_C000_0000L) != 0x0000_0000_8000_0000L) {
          long d = pair(x, bo);
          if (first(d) != cs.charAt(csFrom + k++)
              || k < n && second(d) != cs.charAt(csFrom + k++)) {
            return false;
          }
          bo += 4;
          continue;
        }
      }
      long d = decode(base, offset, len, bo);
      if (first(d) != cs.charAt(csFrom + k++)) {
        return false;
      }
      char second = second(d);
      if (second != 0 && k < n && second != cs.charAt(csFrom + k++)) {
        return false;
      }
      bo = after(bo, d);
    }
    return true;
  }

  /**
   * Whether {@code n} ASCII bytes from {@code from} equal {@code n} chars of {@code cs} from {@code
   * csFrom}.
   */
  static boolean asciiEqual(MemorySegment base, long from, CharSequence cs, int csFrom, int n) {
    for (long i = 0; i < n; i++) {
      if ((base.get(Memory.BYTE, from + i) & 0xFF) != cs.charAt(csFrom + (int) i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The offset (relative to {@code offset}) of the first byte equal to {@code b} in {@code [from,
   * to)}, or -1; eight bytes at a time (a zero byte of {@code x ^ broadcast(b)} is a match). Kept
   * small, so that it inlines into the candidate loops of the string searches, which call it once
   * per candidate; a scan of a whole text is {@link #scanForByte}.
   */
  static int indexOfByte(MemorySegment base, long offset, int from, int to, byte b) {
    long pattern = (b & 0xFFL) * LOW_BITS;
    long i = from;
    for (; i + 8 <= to; i += 8) {
      long zeros = zeroBytes(base.get(LONG_LE, offset + i) ^ pattern);
      if (zeros != 0) {
        return (int) (i + (Long.numberOfTrailingZeros(zeros) >>> 3));
      }
    }
    for (; i < to; i++) {
      if (base.get(Memory.BYTE, offset + i) == b) {
        return (int) i;
      }
    }
    return -1;
  }

  /**
   * {@link #indexOfByte} for a long scan ({@code indexOf(char)}): after the first 32 bytes, four
   * words per step while nothing matches, the four tests merged into one branch (1.2-1.9x faster
   * than one word per step on the measuring machine; slower for the short searches between
   * candidates, and too big to inline there).
   */
  static int scanForByte(MemorySegment base, long offset, int from, int to, byte b) {
    long pattern = (b & 0xFFL) * LOW_BITS;
    long i = from + 32L;
    if (i > to) {
      return indexOfByte(base, offset, from, to, b);
    }
    int head = indexOfByte(base, offset, from, (int) i, b);
    if (head >= 0) {
      return head;
    }
    for (; i + 32 <= to; i += 32) {
      long x0 = base.get(LONG_LE, offset + i) ^ pattern;
      long x1 = base.get(LONG_LE, offset + i + 8) ^ pattern;
      long x2 = base.get(LONG_LE, offset + i + 16) ^ pattern;
      long x3 = base.get(LONG_LE, offset + i + 24) ^ pattern;
      long any =
          ((x0 - LOW_BITS) & ~x0)
              | ((x1 - LOW_BITS) & ~x1)
              | ((x2 - LOW_BITS) & ~x2)
              | ((x3 - LOW_BITS) & ~x3);
      if ((any & HIGH_BITS) != 0) {
        break; // a match in these 32 bytes: indexOfByte finds the first one
      }
    }
    return indexOfByte(base, offset, (int) i, to, b);
  }

  /**
   * The high bit of the zero bytes of {@code x}. Only the lowest flagged byte is sure to be zero (a
   * borrow can flag the bytes above it); with little-endian reads the lowest byte is the first in
   * memory, which is the one the searches want.
   */
  private static long zeroBytes(long x) {
    return (x - LOW_BITS) & ~x & HIGH_BITS;
  }

  /**
   * The offset of the first byte of {@code [from, to)} that is not ASCII, or {@code to}: eight
   * bytes at a time.
   */
  static int asciiEnd(MemorySegment base, long offset, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long high = base.get(LONG_LE, offset + i) & HIGH_BITS;
      if (high != 0) {
        return i + (Long.numberOfTrailingZeros(high) >>> 3);
      }
    }
    while (i < to && at(base, offset, i) >= 0) {
      i++;
    }
    return i;
  }

  /** The offset of the last byte equal to {@code b} in {@code [from, to)}, or -1. */
  static int lastIndexOfByte(MemorySegment base, long offset, int from, int to, byte b) {
    for (long i = to - 1; i >= from; i--) {
      if (base.get(Memory.BYTE, offset + i) == b) {
        return (int) i;
      }
    }
    return -1;
  }

  /**
   * UTF-16 units of the code points that start in bytes {@code [from, to)}, from a code point start
   * {@code from}: by {@link Utf8#utf16Length}, plus one if {@code from} is 0 and the text starts
   * with a continuation byte (which then starts a code point; see the class comment).
   */
  static int unitsBetween(MemorySegment base, long offset, int from, int to) {
    int n = Utf8.utf16Length(base, offset + from, to - from);
    return from == 0 && to > 0 && isContinuation(at(base, offset, 0)) ? n + 1 : n;
  }
}
