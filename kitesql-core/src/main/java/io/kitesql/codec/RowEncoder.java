package io.kitesql.codec;

import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import io.kitesql.value.Utf8;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Encodes rows in the format of {@link RowLayout}. Stateless apart from its layout, so one
 * encoder may serve many threads.
 *
 * <p>Accepted Java values: see {@link DataType}; in addition VARCHAR takes any {@link
 * CharSequence}, VARBINARY a {@code byte[]}, BIGINT an {@code Integer}, DOUBLE a {@code Float},
 * DECIMAL a {@code Long} or {@code Integer}. A value of the wrong kind, a DECIMAL beyond its
 * precision, or a VARCHAR/VARBINARY beyond its declared length raises {@code
 * VALUE_OUT_OF_RANGE}.
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

  /** Encodes one row; {@code values[i]} is column i's value, null for NULL. */
  public byte[] encode(Object[] values) {
    int m = layout.columnCount();
    if (values.length != m) {
      throw new IllegalArgumentException(values.length + " values for " + m + " columns");
    }
    long size = layout.dataStart(m);
    for (int i = 0; i < m; i++) {
      if (values[i] != null && layout.type(i).isVariableWidth()) {
        size += byteLength(layout.type(i), values[i]);
      }
    }
    if (size > Integer.MAX_VALUE - 16) {
      throw Conversions.outOfRange("row of " + size + " bytes is too large");
    }
    var row = new byte[(int) size];
    row[0] = RowLayout.VERSION;
    Be.putShort(row, 1, m);
    int fixedStart = RowLayout.fixedStart(m);
    int tableStart = layout.tableStart(m);
    int data = layout.dataStart(m);
    for (int i = 0; i < m; i++) {
      Object v = values[i];
      DataType type = layout.type(i);
      if (v == null) {
        row[RowLayout.PREAMBLE + (i >>> 3)] |= (byte) (1 << (i & 7));
      } else if (type.isVariableWidth()) {
        data = writeVariable(row, tableStart + layout.sectionOffset(i), data, type, v);
      } else {
        writeFixed(row, fixedStart + layout.sectionOffset(i), type, v);
      }
    }
    return row;
  }

  /** The encoded byte length of a variable value, checking kind and declared length. */
  private static int byteLength(DataType type, Object v) {
    if (type.kind() == TypeKind.VARCHAR) {
      if (!(v instanceof CharSequence cs)) {
        throw Conversions.wrongKind(v, type);
      }
      if (type.length() > 0) {
        int chars = cs instanceof Text t ? t.codePointCount()
            : Character.codePointCount(cs, 0, cs.length());
        if (chars > type.length()) {
          throw Conversions.outOfRange(
              "value of " + chars + " characters is too long for " + type);
        }
      }
      return cs instanceof Text t ? t.utf8Length() : Utf8.encodedLength(cs);
    }
    int n = switch (v) {
      case Binary b -> b.length();
      case byte[] b -> b.length;
      default -> throw Conversions.wrongKind(v, type);
    };
    if (type.length() > 0 && n > type.length()) {
      throw Conversions.outOfRange("value of " + n + " bytes is too long for " + type);
    }
    return n;
  }

  /** Writes a variable value at {@code data} and its table entry; returns the next data offset. */
  private static int writeVariable(byte[] row, int entry, int data, DataType type, Object v) {
    int n = switch (v) {
      case Text t -> t.copyUtf8To(row, data);
      case CharSequence cs -> Utf8.encodeTo(cs, row, data) - data;
      case Binary b -> b.copyTo(row, data);
      case byte[] b -> {
        System.arraycopy(b, 0, row, data, b.length);
        yield b.length;
      }
      default -> throw Conversions.wrongKind(v, type);
    };
    Be.putInt(row, entry, data);
    if (type.kind() == TypeKind.VARCHAR) {
      // Counted from the written bytes, so the flags agree with what Text would count itself.
      MemorySegment seg = MemorySegment.ofArray(row);
      boolean ascii = Utf8.isAscii(seg, data, n);
      Be.putInt(row, entry + 4, ascii ? n | RowLayout.ASCII_FLAG : n);
      Be.putInt(row, entry + 8, ascii ? n : Utf8.utf16Length(seg, data, n));
    } else {
      Be.putInt(row, entry + 4, n);
    }
    return data + n;
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
