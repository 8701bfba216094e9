package io.kitesql.expr;

import io.kitesql.value.Text;
import java.util.Arrays;

/** A growable UTF-8 buffer for functions that make new text; yields an owned {@link Text}. */
final class TextBuilder {
  private byte[] buf;
  private int len;

  TextBuilder(int capacity) {
    buf = new byte[Math.max(capacity, 8)];
  }

  private void ensure(int more) {
    if (len + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
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
