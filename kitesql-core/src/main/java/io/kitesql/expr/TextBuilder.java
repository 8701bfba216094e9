package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Text;
import java.util.Arrays;

/**
 * A growable UTF-8 buffer for functions that make new text; yields an owned {@link Text}. Text made
 * this way is limited to {@link #MAX_BYTES}: without a limit, {@code v || v} in a recursive CTE
 * doubled a string until the JVM threw OutOfMemoryError (found by the SQL fuzzer).
 */
final class TextBuilder {
  /**
   * 256 MiB of UTF-8, the longest text a function makes (PostgreSQL stops at 1 GB, SQLite at 1e9
   * bytes).
   */
  static final int MAX_BYTES = 1 << 28;

  private byte[] buf;
  private int len;

  /**
   * A buffer for about {@code capacity} bytes; a negative capacity is an int sum that overflowed.
   */
  TextBuilder(int capacity) {
    if (capacity < 0 || capacity > MAX_BYTES) {
      throw tooLong(capacity < 0 ? (long) Integer.MAX_VALUE + 1 : capacity);
    }
    buf = new byte[Math.max(capacity, 8)];
  }

  private static KiteSqlException tooLong(long bytes) {
    return new KiteSqlException(
        ErrorCode.VALUE_OUT_OF_RANGE,
        "text of "
            + bytes
            + " bytes or more is longer than the "
            + MAX_BYTES
            + " bytes a value made by a function may have");
  }

  private void ensure(int more) {
    if ((long) len + more > MAX_BYTES) {
      throw tooLong((long) len + more);
    }
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(MAX_BYTES, Math.max(buf.length * 2L, len + more)));
    }
  }

  TextBuilder appendCodePoint(int cp) {
    ensure(4);
    if (cp < 0x80) {
      buf[len++] = (byte) cp;
    } else if (cp < 0x800) {
      buf[len++] = (byte) (0xC0 | (cp >> 6));
      buf[len++] = (byte) (0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      buf[len++] = (byte) (0xE0 | (cp >> 12));
      buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
      buf[len++] = (byte) (0x80 | (cp & 0x3F));
    } else {
      buf[len++] = (byte) (0xF0 | (cp >> 18));
      buf[len++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
      buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
      buf[len++] = (byte) (0x80 | (cp & 0x3F));
    }
    return this;
  }

  /** Appends all bytes of {@code t} (one bulk copy). */
  TextBuilder append(Text t) {
    ensure(t.utf8Length());
    len += t.copyUtf8To(buf, len);
    return this;
  }

  /** Appends bytes {@code [from, to)} of {@code t}. */
  TextBuilder append(Text t, int from, int to) {
    ensure(to - from);
    for (int i = from; i < to; i++) {
      buf[len++] = t.byteAt(i);
    }
    return this;
  }

  Text toText() {
    return Text.ofUtf8(len == buf.length ? buf : Arrays.copyOf(buf, len));
  }
}
