package io.kitesql.codec;

import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import io.kitesql.value.Utf8;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Encodes rows in the format of {@link RowLayout}. Stateless apart from its layout, so one encoder
 * may serve many threads.
 *
 * <p>Accepted Java values: see {@link DataType}; in addition VARCHAR takes any {@link
 * CharSequence}, VARBINARY a {@code byte[]}, BIGINT an {@code Integer}, DOUBLE a {@code Float},
 * DECIMAL a {@code Long} or {@code Integer}. A value of the wrong kind, a DECIMAL beyond its
 * precision, or a VARCHAR/VARBINARY beyond its declared length raises {@code VALUE_OUT_OF_RANGE}.
 */
public final class RowEncoder {
  private final RowLayout layout;

  public RowEncoder(RowLayout layout) {
    this.layout = layout;
  }

  public RowEncoder(List<DataType> types) {
    this(new RowLayout(types));
  }

  public RowLayout layout() {
    return layout;
  }

  /** A row as stored: the row's own bytes, and the values it keeps out of line by column. */
  public record Encoded(byte[] row, int[] longColumns, byte[][] longValues) {
    /** Whether some value is stored out of line. */
    public boolean hasLongValues() {
      return longColumns.length > 0;
    }
  }

  private static final int[] NO_COLUMNS = {};
  private static final byte[][] NO_VALUES = {};

  /**
   * Encodes one row with every value inline (format version {@value RowLayout#INLINE_VERSION});
   * {@code values[i]} is column i's value, null for NULL.
   */
  public byte[] encode(Object[] values) {
    return encode(values, false).row();
  }

  /**
   * Encodes one row, moving long values out of line ({@link #outOfLine}) if {@code mayMoveOut} (the
   * caller can store them: the row's key leaves room for their keys).
   */
  public Encoded encode(Object[] values, boolean mayMoveOut) {
    int m = layout.columnCount();
    if (values.length != m) {
      throw new IllegalArgumentException(values.length + " values for " + m + " columns");
    }
    long variable = 0;
    for (int i = 0; i < m; i++) {
      if (values[i] != null && layout.type(i).isVariableWidth()) {
        variable += byteLength(layout.type(i), values[i]);
      }
    }
    boolean[] out = mayMoveOut && variable > RowLayout.INLINE_BUDGET ? outOfLine(values) : null;
    int moved = 0;
    if (out != null) {
      for (int i = 0; i < m; i++) {
        if (out[i]) {
          variable -= encodedLength(values[i]);
          moved++;
        }
      }
    }
    long size = layout.dataStart(m) + variable;
    if (size > Integer.MAX_VALUE - 16) {
      throw Conversions.outOfRange("row of " + size + " bytes is too large");
    }
    var row = new byte[(int) size];
    row[0] = (byte) (moved > 0 ? RowLayout.VERSION : RowLayout.INLINE_VERSION);
    Be.putShort(row, 1, m);
    int[] longColumns = moved > 0 ? new int[moved] : NO_COLUMNS;
    byte[][] longValues = moved > 0 ? new byte[moved][] : NO_VALUES;
    int fixedStart = RowLayout.fixedStart(m);
    int tableStart = layout.tableStart(m);
    int data = layout.dataStart(m);
    for (int i = 0, k = 0; i < m; i++) {
      Object v = values[i];
      DataType type = layout.type(i);
      int entry = tableStart + layout.sectionOffset(i);
      if (v == null) {
        row[RowLayout.PREAMBLE + (i >>> 3)] |= (byte) (1 << (i & 7));
      } else if (out != null && out[i]) {
        var bytes = new byte[encodedLength(v)];
        writeEntry(
            row, entry, RowLayout.OUT_OF_LINE, type, bytes, 0, writeBytes(bytes, 0, type, v));
        longColumns[k] = i;
        longValues[k++] = bytes;
      } else if (type.isVariableWidth()) {
        int n = writeBytes(row, data, type, v);
        writeEntry(row, entry, data, type, row, data, n);
        data += n;
      } else {
        writeFixed(row, fixedStart + layout.sectionOffset(i), type, v);
      }
    }
    return new Encoded(row, longColumns, longValues);
  }

  /**
   * Which columns a row with these values stores out of line, or null if none: when its
   * variable-width values (non-null, of the layout's types, as read back or as given to {@link
   * #encode}) add up to more than {@link RowLayout#INLINE_BUDGET} bytes, the largest (ties: the
   * lower column) of at least {@link RowLayout#MIN_OUT_OF_LINE} bytes, one by one, until the rest
   * fits. A function of the values alone, so the store can tell which out-of-line entries an old
   * row has from its values.
   */
  public boolean[] outOfLine(Object[] values) {
    int m = values.length;
    long total = 0;
    for (int i = 0; i < m; i++) {
      if (values[i] != null && layout.type(i).isVariableWidth()) {
        total += encodedLength(values[i]);
      }
    }
    if (total <= RowLayout.INLINE_BUDGET) {
      return null; // the common case (every delete and update asks): nothing allocated
    }
    long[] lengths = new long[m];
    for (int i = 0; i < m; i++) {
      lengths[i] =
          values[i] != null && layout.type(i).isVariableWidth() ? encodedLength(values[i]) : -1;
    }
    boolean[] out = null;
    while (total > RowLayout.INLINE_BUDGET) {
      int largest = -1;
      for (int i = 0; i < m; i++) {
        if (lengths[i] >= RowLayout.MIN_OUT_OF_LINE
            && (largest < 0 || lengths[i] > lengths[largest])) {
          largest = i;
        }
      }
      if (largest < 0) {
        break;
      }
      if (out == null) {
        out = new boolean[m];
      }
      out[largest] = true;
      total -= lengths[largest];
      lengths[largest] = -1;
    }
    return out;
  }

  /** The UTF-8 or binary length of a variable value (kinds as {@link #encode} accepts them). */
  private static int encodedLength(Object v) {
    return switch (v) {
      case Text t -> t.utf8Length();
      case CharSequence cs -> Utf8.encodedLength(cs);
      case Binary b -> b.length();
      case byte[] b -> b.length;
      default ->
          throw new IllegalArgumentException(
              "not a variable-width value: " + v.getClass().getName());
    };
  }

  /** The encoded byte length of a variable value, checking kind and declared length. */
  private static int byteLength(DataType type, Object v) {
    if (type.kind() == TypeKind.VARCHAR) {
      if (!(v instanceof CharSequence cs)) {
        throw Conversions.wrongKind(v, type);
      }
      if (type.length() > 0) {
        int chars =
            cs instanceof Text t
                ? t.codePointCount()
                : Character.codePointCount(cs, 0, cs.length());
        if (chars > type.length()) {
          throw Conversions.outOfRange("value of " + chars + " characters is too long for " + type);
        }
      }
      return cs instanceof Text t ? t.utf8Length() : Utf8.encodedLength(cs);
    }
    int n =
        switch (v) {
          case Binary b -> b.length();
          case byte[] b -> b.length;
          default -> throw Conversions.wrongKind(v, type);
        };
    if (type.length() > 0 && n > type.length()) {
      throw Conversions.outOfRange("value of " + n + " bytes is too long for " + type);
    }
    return n;
  }

  /** Writes a variable value's bytes at {@code at} of {@code dst}; returns their number. */
  private static int writeBytes(byte[] dst, int at, DataType type, Object v) {
    return switch (v) {
      case Text t -> t.copyUtf8To(dst, at);
      case CharSequence cs -> Utf8.encodeTo(cs, dst, at) - at;
      case Binary b -> b.copyTo(dst, at);
      case byte[] b -> {
        System.arraycopy(b, 0, dst, at, b.length);
        yield b.length;
      }
      default -> throw Conversions.wrongKind(v, type);
    };
  }

  /**
   * Writes the offset-table entry of a variable value whose {@code n} bytes are at {@code from} of
   * {@code bytes}: {@code start} (its offset in the row, or {@link RowLayout#OUT_OF_LINE}), byte
   * length and, for text, the ASCII flag and UTF-16 length.
   */
  private static void writeEntry(
      byte[] row, int entry, int start, DataType type, byte[] bytes, int from, int n) {
    Be.putInt(row, entry, start);
    if (type.kind() == TypeKind.VARCHAR) {
      // Counted from the written bytes, so the flags agree with what Text would count itself.
      MemorySegment seg = MemorySegment.ofArray(bytes);
      boolean ascii = Utf8.isAscii(seg, from, n);
      Be.putInt(row, entry + 4, ascii ? n | RowLayout.ASCII_FLAG : n);
      Be.putInt(row, entry + 8, ascii ? n : Utf8.utf16Length(seg, from, n));
    } else {
      Be.putInt(row, entry + 4, n);
    }
  }

  private static void writeFixed(byte[] row, int at, DataType type, Object v) {
    switch (type.kind()) {
      case BOOLEAN -> row[at] = (byte) (Conversions.toBoolean(v, type) ? 1 : 0);
      case INT -> Be.putInt(row, at, Conversions.toInt(v, type));
      case BIGINT -> Be.putLong(row, at, Conversions.toLong(v, type));
      // Raw bits: the row keeps the exact value, NaN payload and -0.0 included.
      case DOUBLE -> Be.putLong(row, at, Double.doubleToRawLongBits(Conversions.toDouble(v, type)));
      case DECIMAL -> Be.putLong(row, at, Conversions.toUnscaled(v, type));
      case DATE -> Be.putInt(row, at, Conversions.toEpochDay(v, type));
      case TIMESTAMP -> Be.putLong(row, at, Conversions.toEpochMicros(v, type));
      case VARCHAR, VARBINARY -> throw new AssertionError("variable-width " + type);
    }
  }
}
