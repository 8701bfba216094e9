package io.kitesql.codec;

import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.Utf8;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

/**
 * Builds memcomparable keys: {@code Arrays.compareUnsigned} (LMDB's memcmp order) of two encoded
 * tuples equals the SQL order of the tuples, column by column. Reusable: {@link #reset()} between
 * keys; not thread-safe.
 *
 * <p>Encoding of one value (a composite key is the concatenation of its values):
 *
 * <ul>
 *   <li>a marker byte: {@code 0x00} NULL (nothing follows; NULL sorts first), {@code 0x01} present;
 *   <li>INT, DATE (epoch day): 4 bytes big-endian with the sign bit flipped; BIGINT, TIMESTAMP
 *       (epoch micros), DECIMAL (unscaled long at the column scale): 8 bytes likewise;
 *   <li>DOUBLE: the IEEE bits, all flipped if the sign is set, else the sign bit flipped; -0.0 is
 *       written as 0.0 and every NaN as one canonical NaN, which sorts above +Infinity;
 *   <li>BOOLEAN: one byte, 0x00 false, 0x01 true;
 *   <li>VARCHAR (UTF-8) and VARBINARY: the raw bytes, each 0x00 escaped as 0x00 0xFF, then the
 *       terminator 0x00 0x00. Without a NUL the bytes are stored verbatim and can be viewed in
 *       place ({@link KeyDecoder#readText}).
 * </ul>
 *
 * <p>Raw helpers ({@link #appendTableId}, {@link #appendRawByte}) write unmarked big-endian bytes
 * for key prefixes. Every append checks the size limit (by default {@link KeyLimits#MAX_KEY_SIZE})
 * and throws {@code KEY_TOO_LARGE} instead of building a longer key.
 */
public final class KeyEncoder {
  static final byte NULL = 0x00;
  static final byte PRESENT = 0x01;

  /** The bits of the one NaN keys hold ({@code Double.NaN}'s canonical form). */
  static final long CANONICAL_NAN = 0x7ff8000000000000L;

  private final int maxLength;
  private byte[] buf = new byte[64];
  private int len;

  /** An encoder limited to LMDB's {@link KeyLimits#MAX_KEY_SIZE}. */
  public KeyEncoder() {
    this(KeyLimits.MAX_KEY_SIZE);
  }

  /** An encoder limited to {@code maxLength} bytes. */
  public KeyEncoder(int maxLength) {
    if (maxLength < 1) {
      throw new IllegalArgumentException("maxLength " + maxLength);
    }
    this.maxLength = maxLength;
  }

  /** Empties the key, keeping the buffer. */
  public KeyEncoder reset() {
    len = 0;
    return this;
  }

  /** The number of bytes written. */
  public int length() {
    return len;
  }

  /**
   * The backing array, bytes {@code [0, length())} valid until the next append or reset; handed to
   * storage without a copy.
   */
  public byte[] array() {
    return buf;
  }

  /** A heap segment over the key bytes (no copy), valid until the next append or reset. */
  public MemorySegment segment() {
    return MemorySegment.ofArray(buf).asSlice(0, len);
  }

  /**
   * Turns the key into its successor: the smallest byte string greater than every key that starts
   * with it (trailing 0xFF bytes dropped, the last byte then incremented). An upper bound "every
   * key with this prefix" and an exclusive lower bound are both written this way.
   *
   * @throws IllegalStateException if the key is empty or all 0xFF (it has no successor)
   */
  public KeyEncoder toSuccessor() {
    int n = len;
    while (n > 0 && buf[n - 1] == (byte) 0xFF) {
      n--;
    }
    if (n == 0) {
      throw new IllegalStateException("no successor of an empty or all-0xFF key");
    }
    buf[n - 1]++;
    len = n;
    return this;
  }

  /** A copy of the key bytes. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, len);
  }

  private int reserve(long extra) {
    long need = len + extra;
    if (need > maxLength) {
      throw KeyLimits.tooLarge(need, maxLength);
    }
    if (need > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(maxLength, Math.max(need, 2L * buf.length)));
    }
    int at = len;
    len = (int) need;
    return at;
  }

  /** Appends a NULL marker. */
  public KeyEncoder appendNull() {
    buf[reserve(1)] = NULL;
    return this;
  }

  public KeyEncoder appendInt(int v) {
    int at = reserve(5);
    buf[at] = PRESENT;
    Be.putInt(buf, at + 1, v ^ Integer.MIN_VALUE);
    return this;
  }

  public KeyEncoder appendLong(long v) {
    int at = reserve(9);
    buf[at] = PRESENT;
    Be.putLong(buf, at + 1, v ^ Long.MIN_VALUE);
    return this;
  }

  /** Appends a double in numeric order; -0.0 equals 0.0, NaN sorts last (above +Infinity). */
  public KeyEncoder appendDouble(double v) {
    long bits = Double.isNaN(v) ? CANONICAL_NAN : Double.doubleToRawLongBits(v == 0.0 ? 0.0 : v);
    // Negative: flipping all bits reverses their magnitude order and puts them below positives.
    return appendOrderedLong(bits < 0 ? ~bits : bits ^ Long.MIN_VALUE);
  }

  private KeyEncoder appendOrderedLong(long ordered) {
    int at = reserve(9);
    buf[at] = PRESENT;
    Be.putLong(buf, at + 1, ordered);
    return this;
  }

  public KeyEncoder appendBoolean(boolean v) {
    int at = reserve(2);
    buf[at] = PRESENT;
    buf[at + 1] = (byte) (v ? 1 : 0);
    return this;
  }

  /** Appends a date as its epoch day (see {@link Conversions#toEpochDay(LocalDate)}). */
  public KeyEncoder appendDate(LocalDate date) {
    return appendInt(Conversions.toEpochDay(date));
  }

  /** Appends a timestamp as epoch microseconds (see {@link Conversions#toEpochMicros}). */
  public KeyEncoder appendTimestamp(LocalDateTime ts) {
    return appendLong(Conversions.toEpochMicros(ts));
  }

  /** Appends a decimal as its unscaled long at {@code scale}; VALUE_OUT_OF_RANGE if too big. */
  public KeyEncoder appendDecimal(BigDecimal v, int scale) {
    return appendLong(Conversions.toUnscaled(v, 0, scale));
  }

  /** Appends text as escaped UTF-8 with terminator; a {@link Text} is copied byte for byte. */
  public KeyEncoder appendText(CharSequence cs) {
    if (cs instanceof Text t) {
      int n = t.utf8Length();
      int at = reserve(1 + (long) n);
      buf[at] = PRESENT;
      t.copyUtf8To(buf, at + 1);
      return escapeAndTerminate(at + 1, n);
    }
    int n = Utf8.encodedLength(cs);
    int at = reserve(1 + (long) n);
    buf[at] = PRESENT;
    Utf8.encodeTo(cs, buf, at + 1);
    return escapeAndTerminate(at + 1, n);
  }

  public KeyEncoder appendBinary(Binary b) {
    int n = b.length();
    int at = reserve(1 + (long) n);
    buf[at] = PRESENT;
    b.copyTo(buf, at + 1);
    return escapeAndTerminate(at + 1, n);
  }

  public KeyEncoder appendBinary(byte[] b) {
    int at = reserve(1 + (long) b.length);
    buf[at] = PRESENT;
    System.arraycopy(b, 0, buf, at + 1, b.length);
    return escapeAndTerminate(at + 1, b.length);
  }

  /**
   * Escapes the {@code n} raw bytes just written at {@code from} in place (each 0x00 becomes 0x00
   * 0xFF, shifting the rest right) and appends the 0x00 0x00 terminator.
   */
  private KeyEncoder escapeAndTerminate(int from, int n) {
    escape(from, n);
    int at = reserve(2);
    buf[at] = 0;
    buf[at + 1] = 0;
    return this;
  }

  /**
   * Escapes the {@code n} raw bytes just written at {@code from} in place (each 0x00 becomes 0x00
   * 0xFF).
   */
  private void escape(int from, int n) {
    int zeros = 0;
    for (int i = from; i < from + n; i++) {
      if (buf[i] == 0) {
        zeros++;
      }
    }
    if (zeros > 0) {
      reserve(zeros);
      int dst = from + n + zeros - 1;
      for (int src = from + n - 1; src >= from; src--) {
        if (buf[src] == 0) {
          buf[dst--] = (byte) 0xFF;
        }
        buf[dst--] = buf[src];
      }
    }
  }

  /**
   * Appends the start of a VARCHAR value's encoding: the marker and {@code prefix}'s escaped UTF-8
   * bytes, without the terminator. Every text that starts with {@code prefix} (code point by code
   * point) encodes to a key that starts with these bytes, so they bound a range over such texts:
   * inclusive below, and as {@link #toSuccessor()} above. Only for range bounds: such a key is no
   * stored value.
   */
  public KeyEncoder appendTextPrefix(CharSequence prefix) {
    int n = Utf8.encodedLength(prefix);
    int at = reserve(1 + (long) n);
    buf[at] = PRESENT;
    Utf8.encodeTo(prefix, buf, at + 1);
    escape(at + 1, n);
    return this;
  }

  /**
   * Appends {@code value} (null for NULL) of column type {@code type}.
   *
   * @throws io.kitesql.KiteSqlException VALUE_OUT_OF_RANGE for a value of the wrong kind or outside
   *     the type's range; KEY_TOO_LARGE past the size limit
   */
  public KeyEncoder appendValue(DataType type, Object value) {
    if (value == null) {
      return appendNull();
    }
    return switch (type.kind()) {
      case BOOLEAN -> appendBoolean(Conversions.toBoolean(value, type));
      case INT -> appendInt(Conversions.toInt(value, type));
      case BIGINT -> appendLong(Conversions.toLong(value, type));
      case DOUBLE -> appendDouble(Conversions.toDouble(value, type));
      case DECIMAL -> appendLong(Conversions.toUnscaled(value, type));
      case DATE -> appendInt(Conversions.toEpochDay(value, type));
      case TIMESTAMP -> appendLong(Conversions.toEpochMicros(value, type));
      case VARCHAR ->
          switch (value) {
            case CharSequence cs -> appendText(cs);
            default -> throw Conversions.wrongKind(value, type);
          };
      case VARBINARY ->
          switch (value) {
            case Binary b -> appendBinary(b);
            case byte[] b -> appendBinary(b);
            default -> throw Conversions.wrongKind(value, type);
          };
    };
  }

  /** Appends a table (or index) id: 4 raw big-endian bytes, no marker; ids are non-negative. */
  public KeyEncoder appendTableId(int id) {
    if (id < 0) {
      throw new IllegalArgumentException("negative id " + id);
    }
    Be.putInt(buf, reserve(4), id);
    return this;
  }

  /** Appends one raw byte (a kind tag, say), no marker. */
  public KeyEncoder appendRawByte(int b) {
    buf[reserve(1)] = (byte) b;
    return this;
  }

  /** Appends raw bytes, no marker and no escaping (e.g. an already encoded key suffix). */
  public KeyEncoder appendRawBytes(byte[] bytes) {
    System.arraycopy(bytes, 0, buf, reserve(bytes.length), bytes.length);
    return this;
  }
}
