package io.kitesql.codec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Binary;
import io.kitesql.value.Memory;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * A reusable flyweight reading one encoded row (see {@link RowLayout}) in place. Reading a column
 * is O(1) and touches only its null bit and its slot or offset-table entry; {@link #getText} and
 * {@link #getBinary} return views of the row bytes (borrowed when the row is in native memory),
 * allocating only the returned object. Not thread-safe (one per cursor); the values it returns are,
 * and stay valid while the scope given to {@link #wrap} lives.
 *
 * <p>Primitive getters ({@code getInt}, ...) throw {@link IllegalStateException} on NULL (test
 * {@link #isNull} first); object getters return null. A getter of the wrong type throws {@link
 * IllegalArgumentException}. Columns the row predates (added later by ALTER TABLE) read as NULL.
 * Every read checks the scope before and after touching the bytes. A value the row stores out of
 * line (format version 2) comes from the view's {@link LongValueSource}, looked up only when that
 * column is read; its lengths come from the row.
 */
public final class RowView {
  private final RowLayout layout;
  private MemorySegment base;
  private long offset;
  private int length;
  private Scope scope = Scope.OWNED;
  private int stored;
  private int fixedStart;
  private int tableStart;
  private int dataStart;

  /** Whether the row is of a version that may store values out of line. */
  private boolean outOfLineAllowed;

  private LongValueSource longValues;

  /** A view for rows of {@code layout}; call {@link #wrap} before reading. */
  public RowView(RowLayout layout) {
    this.layout = layout;
  }

  /**
   * Where this view finds the values its rows store out of line; its owner tells the source which
   * row each {@link #wrap} is of. Without one, reading such a value fails with CORRUPT_RECORD.
   */
  public RowView longValues(LongValueSource source) {
    this.longValues = source;
    return this;
  }

  /**
   * Points this view at the row of {@code length} bytes at {@code offset} of {@code base} ({@link
   * Memory#ALL} with an absolute address for mapped rows, or a heap segment) and validates its
   * header.
   *
   * @throws KiteSqlException UNSUPPORTED_FORMAT_VERSION for a newer row format, CORRUPT_RECORD for
   *     a damaged header
   */
  public RowView wrap(MemorySegment base, long offset, int length, Scope scope) {
    if (length < RowLayout.PREAMBLE) {
      throw Conversions.corrupt("row of " + length + " bytes is shorter than its header");
    }
    int version = base.get(Memory.BYTE, offset) & 0xFF;
    int m = base.get(Memory.SHORT_BE, offset + 1) & 0xFFFF;
    scope.checkAfterRead();
    if (version > RowLayout.VERSION) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FORMAT_VERSION,
          "row format version "
              + version
              + " is newer than the supported version "
              + RowLayout.VERSION);
    }
    if (version < RowLayout.INLINE_VERSION) {
      throw Conversions.corrupt("bad row format version " + version);
    }
    if (m > layout.columnCount()) {
      throw Conversions.corrupt(
          "row has " + m + " columns, the schema only " + layout.columnCount());
    }
    if (layout.dataStart(m) > length) {
      throw Conversions.corrupt("row of " + length + " bytes is shorter than its header");
    }
    this.base = base;
    this.offset = offset;
    this.length = length;
    this.scope = scope;
    this.stored = m;
    this.fixedStart = RowLayout.fixedStart(m);
    this.tableStart = layout.tableStart(m);
    this.dataStart = layout.dataStart(m);
    this.outOfLineAllowed = version >= RowLayout.VERSION;
    return this;
  }

  /** The layout this view reads with. */
  public RowLayout layout() {
    return layout;
  }

  /** The number of columns stored in the row (at most the schema's). */
  public int columnCount() {
    return stored;
  }

  /** Whether column {@code i} is NULL (also true for columns the row predates). */
  public boolean isNull(int i) {
    scope.check();
    Objects.checkIndex(i, layout.columnCount());
    boolean isNull = nullBit(i);
    scope.checkAfterRead();
    return isNull;
  }

  private boolean nullBit(int i) {
    if (i >= stored) {
      return true;
    }
    byte bits = base.get(Memory.BYTE, offset + RowLayout.PREAMBLE + (i >>> 3));
    return (bits & (1 << (i & 7))) != 0;
  }

  /**
   * Checks liveness, index and kind; returns the absolute position of column {@code i}'s slot (or
   * table entry), or -1 if it is NULL.
   */
  private long locate(int i, TypeKind kind) {
    scope.check();
    Objects.checkIndex(i, layout.columnCount());
    if (layout.kind(i) != kind) {
      throw new IllegalArgumentException("column " + i + " is " + layout.type(i) + ", not " + kind);
    }
    if (nullBit(i)) {
      return -1;
    }
    int section = layout.type(i).isVariableWidth() ? tableStart : fixedStart;
    return offset + section + layout.sectionOffset(i);
  }

  private long present(int i, TypeKind kind) {
    long at = locate(i, kind);
    if (at < 0) {
      scope.checkAfterRead();
      throw new IllegalStateException("column " + i + " is NULL");
    }
    return at;
  }

  public int getInt(int i) {
    int v = base.get(Memory.INT_BE, present(i, TypeKind.INT));
    scope.checkAfterRead();
    return v;
  }

  public long getLong(int i) {
    long v = base.get(Memory.LONG_BE, present(i, TypeKind.BIGINT));
    scope.checkAfterRead();
    return v;
  }

  public double getDouble(int i) {
    long bits = base.get(Memory.LONG_BE, present(i, TypeKind.DOUBLE));
    scope.checkAfterRead();
    return Double.longBitsToDouble(bits);
  }

  public boolean getBoolean(int i) {
    byte b = base.get(Memory.BYTE, present(i, TypeKind.BOOLEAN));
    scope.checkAfterRead();
    return b != 0;
  }

  /** The DECIMAL at column {@code i} at the column's scale, or null. */
  public BigDecimal getDecimal(int i) {
    long at = locate(i, TypeKind.DECIMAL);
    long unscaled = at < 0 ? 0 : base.get(Memory.LONG_BE, at);
    scope.checkAfterRead();
    return at < 0 ? null : Conversions.fromUnscaled(unscaled, layout.type(i).scale());
  }

  public LocalDate getDate(int i) {
    long at = locate(i, TypeKind.DATE);
    int day = at < 0 ? 0 : base.get(Memory.INT_BE, at);
    scope.checkAfterRead();
    return at < 0 ? null : Conversions.fromEpochDay(day);
  }

  public LocalDateTime getTimestamp(int i) {
    long at = locate(i, TypeKind.TIMESTAMP);
    long micros = at < 0 ? 0 : base.get(Memory.LONG_BE, at);
    scope.checkAfterRead();
    return at < 0 ? null : Conversions.fromEpochMicros(micros);
  }

  /**
   * The VARCHAR at column {@code i} as a view of the row bytes (no copy), or null. Its UTF-16
   * length comes from the row, so {@code length()} and, for ASCII, {@code charAt} are O(1).
   */
  public Text getText(int i) {
    long entry = locate(i, TypeKind.VARCHAR);
    if (entry < 0) {
      scope.checkAfterRead();
      return null;
    }
    int start = base.get(Memory.INT_BE, entry);
    int lengthField = base.get(Memory.INT_BE, entry + 4);
    int utf16 = base.get(Memory.INT_BE, entry + 8);
    scope.checkAfterRead();
    int n = lengthField & ~RowLayout.ASCII_FLAG;
    if ((lengthField & RowLayout.ASCII_FLAG) != 0) {
      utf16 = n;
    } else if (utf16 < 0 || utf16 > n) {
      throw Conversions.corrupt("column " + i + ": UTF-16 length " + utf16 + " of " + n + " bytes");
    }
    if (start < 0) {
      // Out of line: the row knew the lengths, the source lends the bytes (still no copy).
      findLong(i, start, n);
      return Text.view(scope, longValues.base(), longValues.offset(), n, utf16);
    }
    checkRange(i, start, n);
    return Text.view(scope, base, offset + start, n, utf16);
  }

  /** The VARBINARY at column {@code i} as a view of the row bytes (no copy), or null. */
  public Binary getBinary(int i) {
    long entry = locate(i, TypeKind.VARBINARY);
    if (entry < 0) {
      scope.checkAfterRead();
      return null;
    }
    int start = base.get(Memory.INT_BE, entry);
    int n = base.get(Memory.INT_BE, entry + 4);
    scope.checkAfterRead();
    if (start < 0) {
      findLong(i, start, n);
      return Binary.view(scope, longValues.base(), longValues.offset(), n);
    }
    checkRange(i, start, n);
    return Binary.view(scope, base, offset + start, n);
  }

  /**
   * Whether column {@code i} of the row is stored out of line (false for NULL, fixed-width and
   * inline values): for an integrity check, which reads no value.
   */
  public boolean isStoredOutOfLine(int i) {
    scope.check();
    Objects.checkIndex(i, layout.columnCount());
    boolean out =
        outOfLineAllowed
            && layout.type(i).isVariableWidth()
            && !nullBit(i)
            && base.get(Memory.INT_BE, offset + tableStart + layout.sectionOffset(i))
                == RowLayout.OUT_OF_LINE;
    scope.checkAfterRead();
    return out;
  }

  /** Looks column {@code i}'s out-of-line value up ({@code start} its row entry's start field). */
  private void findLong(int i, int start, int n) {
    if (!outOfLineAllowed || start != RowLayout.OUT_OF_LINE || n < 0) {
      throw Conversions.corrupt(
          "column "
              + i
              + ": bad start "
              + Integer.toUnsignedString(start)
              + " in a row of version "
              + (outOfLineAllowed ? RowLayout.VERSION : RowLayout.INLINE_VERSION));
    }
    if (longValues == null) {
      throw Conversions.corrupt(
          "column " + i + " is stored out of line and this view has no source for it");
    }
    if (!longValues.find(i)) {
      throw Conversions.corrupt("column " + i + ": the value stored out of line is missing");
    }
    if (longValues.length() != n) {
      throw Conversions.corrupt(
          "column "
              + i
              + ": the value stored out of line has "
              + longValues.length()
              + " bytes, the row says "
              + n);
    }
  }

  private void checkRange(int i, int start, int n) {
    if (start < dataStart || n < 0 || start > length - n) {
      throw Conversions.corrupt(
          "column "
              + i
              + ": bytes ["
              + start
              + ", +"
              + n
              + ") outside the row's variable section ["
              + dataStart
              + ", "
              + length
              + ")");
    }
  }

  /** Column {@code i} as its Java value (see {@link io.kitesql.value.DataType}), or null. */
  public Object getValue(int i) {
    Objects.checkIndex(i, layout.columnCount());
    if (isNull(i)) {
      return null;
    }
    return switch (layout.kind(i)) {
      case BOOLEAN -> getBoolean(i);
      case INT -> getInt(i);
      case BIGINT -> getLong(i);
      case DOUBLE -> getDouble(i);
      case DECIMAL -> getDecimal(i);
      case DATE -> getDate(i);
      case TIMESTAMP -> getTimestamp(i);
      case VARCHAR -> getText(i);
      case VARBINARY -> getBinary(i);
    };
  }
}
