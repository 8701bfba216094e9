package io.kitesql.codec;

import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Memory;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

/**
 * Reads values written by {@link KeyEncoder}, in order, from a key on the heap ({@code
 * MemorySegment.ofArray}) or in native memory (a segment spanning the address space with the
 * absolute address as offset, or any native segment). Reusable via {@link #wrap}; not thread-safe.
 *
 * <p>Each {@code readX} consumes one present value; calling it on a NULL throws {@link
 * IllegalStateException} (test with {@link #isNull()}, skip NULLs with {@link #skip}). {@link
 * #readValue} handles both. Malformed keys raise {@code CORRUPT_RECORD}. The decoder itself does
 * not check liveness: decode mapped keys only while their transaction lives.
 */
public final class KeyDecoder {
  private static final ValueLayout.OfLong LONG_LE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private MemorySegment base = MemorySegment.ofArray(new byte[0]);
  private long start;
  private long pos;
  private long end;

  /** Starts decoding the {@code length} bytes at {@code offset} of {@code base}. */
  public KeyDecoder wrap(MemorySegment base, long offset, int length) {
    if (!Memory.spansAddressSpace(base)) {
      java.util.Objects.checkFromIndexSize(offset, length, base.byteSize());
    }
    this.base = base;
    this.start = offset;
    this.pos = offset;
    this.end = offset + length;
    return this;
  }

  /** Starts decoding a heap key. */
  public KeyDecoder wrap(byte[] key) {
    return wrap(MemorySegment.ofArray(key), 0, key.length);
  }

  /** Bytes consumed so far. */
  public int position() {
    return (int) (pos - start);
  }

  /** Bytes left. */
  public int remaining() {
    return (int) (end - pos);
  }

  public boolean hasRemaining() {
    return pos < end;
  }

  /** Whether the next value is NULL (consumes nothing). */
  public boolean isNull() {
    return marker() == KeyEncoder.NULL;
  }

  private byte marker() {
    need(1);
    byte m = base.get(Memory.BYTE, pos);
    if (m != KeyEncoder.NULL && m != KeyEncoder.PRESENT) {
      throw Conversions.corrupt("bad key value marker " + m + " at " + position());
    }
    return m;
  }

  private void need(long n) {
    if (end - pos < n) {
      throw Conversions.corrupt("key ends inside a value at " + position());
    }
  }

  /** Consumes the marker of a present value. */
  private void present() {
    if (marker() == KeyEncoder.NULL) {
      throw new IllegalStateException("the key value at " + position() + " is NULL");
    }
    pos++;
  }

  public int readInt() {
    present();
    need(4);
    int v = base.get(Memory.INT_BE, pos) ^ Integer.MIN_VALUE;
    pos += 4;
    return v;
  }

  public long readLong() {
    present();
    need(8);
    long v = base.get(Memory.LONG_BE, pos) ^ Long.MIN_VALUE;
    pos += 8;
    return v;
  }

  /** Reads a double; a NaN comes back as the canonical {@code Double.NaN}, -0.0 as 0.0. */
  public double readDouble() {
    present();
    need(8);
    long ordered = base.get(Memory.LONG_BE, pos);
    pos += 8;
    return Double.longBitsToDouble(ordered < 0 ? ordered ^ Long.MIN_VALUE : ~ordered);
  }

  public boolean readBoolean() {
    present();
    need(1);
    byte b = base.get(Memory.BYTE, pos++);
    if (b != 0 && b != 1) {
      throw Conversions.corrupt("bad boolean byte " + b);
    }
    return b == 1;
  }

  public LocalDate readDate() {
    return Conversions.fromEpochDay(readInt());
  }

  public LocalDateTime readTimestamp() {
    return Conversions.fromEpochMicros(readLong());
  }

  public BigDecimal readDecimal(int scale) {
    return Conversions.fromUnscaled(readLong(), scale);
  }

  /**
   * Reads a VARCHAR. Without an escaped NUL the result is a view of the key bytes governed by
   * {@code scope} (borrowed for native keys; no copy); with one, an owned unescaped copy.
   */
  public Text readText(Scope scope) {
    present();
    long from = pos;
    long zero = terminatorOrEscape(from);
    if (base.get(Memory.BYTE, zero + 1) == 0) {
      pos = zero + 2;
      return Text.view(scope, base, from, (int) (zero - from), -1);
    }
    return Text.ofUtf8(unescape(from));
  }

  /** Reads a VARBINARY, as a view when nothing was escaped, like {@link #readText}. */
  public Binary readBinary(Scope scope) {
    present();
    long from = pos;
    long zero = terminatorOrEscape(from);
    if (base.get(Memory.BYTE, zero + 1) == 0) {
      pos = zero + 2;
      return Binary.view(scope, base, from, (int) (zero - from));
    }
    return Binary.ofOwned(unescape(from));
  }

  /** The next 0x00 at or after {@code from} that is followed by a valid byte (0x00 or 0xFF). */
  private long terminatorOrEscape(long from) {
    long zero = findZero(from);
    if (zero < 0 || zero + 1 >= end) {
      throw Conversions.corrupt("unterminated string in key at " + position());
    }
    byte next = base.get(Memory.BYTE, zero + 1);
    if (next != 0 && next != (byte) 0xFF) {
      throw Conversions.corrupt("bad escape 0x00 " + next + " in key");
    }
    return zero;
  }

  /** Unescapes from {@code from} up to the terminator, leaving {@code pos} after it. */
  private byte[] unescape(long from) {
    byte[] out = new byte[(int) Math.min(end - from, 64)];
    int n = 0;
    while (true) {
      long zero = terminatorOrEscape(from);
      int chunk = (int) (zero - from);
      if (out.length < n + chunk + 1) {
        out = Arrays.copyOf(out, Math.max(2 * out.length, n + chunk + 1));
      }
      MemorySegment.copy(base, Memory.BYTE, from, out, n, chunk);
      n += chunk;
      from = zero + 2;
      if (base.get(Memory.BYTE, zero + 1) == 0) {
        pos = from;
        return Arrays.copyOf(out, n);
      }
      out[n++] = 0;
    }
  }

  /**
   * The offset of the first 0x00 byte in {@code [from, end)}, or -1; eight bytes at a time. In
   * little-endian order the lowest flagged byte of {@code (x - 0x01..) & ~x & 0x80..} is exactly
   * the first zero byte (higher flags may be false positives, lower ones never are).
   */
  private long findZero(long from) {
    long i = from;
    for (; i + 8 <= end; i += 8) {
      long x = base.get(LONG_LE, i);
      long z = (x - ONES) & ~x & HIGHS;
      if (z != 0) {
        return i + (Long.numberOfTrailingZeros(z) >>> 3);
      }
    }
    for (; i < end; i++) {
      if (base.get(Memory.BYTE, i) == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Reads a value of {@code type}, or null for NULL; text and binary as by {@link #readText}. */
  public Object readValue(DataType type, Scope scope) {
    if (isNull()) {
      pos++;
      return null;
    }
    return switch (type.kind()) {
      case BOOLEAN -> readBoolean();
      case INT -> readInt();
      case BIGINT -> readLong();
      case DOUBLE -> readDouble();
      case DECIMAL -> readDecimal(type.scale());
      case DATE -> readDate();
      case TIMESTAMP -> readTimestamp();
      case VARCHAR -> readText(scope);
      case VARBINARY -> readBinary(scope);
    };
  }

  /** Skips one value of {@code type}, NULL or not. */
  public void skip(DataType type) {
    if (isNull()) {
      pos++;
      return;
    }
    pos++;
    long width =
        switch (type.kind()) {
          case BOOLEAN -> 1;
          case INT, DATE -> 4;
          case BIGINT, DOUBLE, DECIMAL, TIMESTAMP -> 8;
          case VARCHAR, VARBINARY -> -1;
        };
    if (width > 0) {
      need(width);
      pos += width;
      return;
    }
    long zero;
    do {
      zero = terminatorOrEscape(pos);
      pos = zero + 2;
    } while (base.get(Memory.BYTE, zero + 1) != 0);
  }

  /** Reads a raw 4-byte table or index id (see {@link KeyEncoder#appendTableId}). */
  public int readTableId() {
    need(4);
    int v = base.get(Memory.INT_BE, pos);
    pos += 4;
    return v;
  }

  /** Reads one raw byte (unsigned). */
  public int readRawByte() {
    need(1);
    return base.get(Memory.BYTE, pos++) & 0xFF;
  }
}
