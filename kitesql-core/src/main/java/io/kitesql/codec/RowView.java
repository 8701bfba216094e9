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
import org.jspecify.annotations.Nullable;

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

  /**
   * Column {@code i}, INT or BIGINT, as a long, or {@code ifNull} when it is NULL: one read for a
   * caller that would otherwise ask {@link #isNull} and then {@link #getInt} or {@link #getLong},
   * each checking liveness, index and null bit again (a filter over every row of a scan). A caller
   * whose {@code ifNull} a BIGINT may hold tells the two apart with {@link #isNull}.
   */
  public long getIntegerOr(int i, long ifNull) {
    scope.check();
    Objects.checkIndex(i, layout.columnCount());
    var kind = layout.kind(i);
    if (kind != TypeKind.INT && kind != TypeKind.BIGINT) {
      throw new IllegalArgumentException("column " + i + " is " + layout.type(i) + ", not integer");
    }
    long value = ifNull;
    if (!nullBit(i)) {
      long at = offset + fixedStart + layout.sectionOffset(i);
      value = kind == TypeKind.INT ? base.get(Memory.INT_BE, at) : base.get(Memory.LONG_BE, at);
    }
    scope.checkAfterRead();
    return value;
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
    long at = offset + start;
    if (n > REPEATED_TEXT_MAX || scope == Scope.OWNED) {
      return Text.view(scope, base, at, n, utf16);
    }
    return repeatedOrNew(i, at, n, utf16);
  }

  /**
   * The longest text {@link #getText} compares with the column's previous one: short enough that
   * comparing costs less than the object it may save.
   */
  static final int REPEATED_TEXT_MAX = 16;

  /**
   * Per column: the short borrowed text {@link #getText} returned last, where its bytes lie, and
   * the scope that lent it; made on first use.
   */
  private Text @Nullable [] lastText;

  private MemorySegment @Nullable [] lastBase;
  private long @Nullable [] lastAt;
  private int @Nullable [] lastLength;
  private Scope @Nullable [] lastScope;

  /**
   * The borrowed text of the {@code n} bytes at {@code at} of the row: the column's previous one if
   * it has the same bytes and the same scope, else a new view that becomes the previous one. A
   * low-cardinality column read row after row ({@code status} where {@code status = ?}, a sorted or
   * grouped column) repeats its values, and each repeat would cost a new object. The map does not
   * change while a read transaction lives and a text is immutable, so one object serves every equal
   * value the transaction lends (owned rows, which may lie in reused buffers, get a new view each).
   */
  private Text repeatedOrNew(int i, long at, int n, int utf16) {
    if (lastText == null) {
      lastText = new Text[layout.columnCount()];
      lastBase = new MemorySegment[lastText.length];
      lastAt = new long[lastText.length];
      lastScope = new Scope[lastText.length];
      lastLength = new int[lastText.length];
    }
    var last = lastText[i];
    if (last != null
        && lastScope[i] == scope
        && lastLength[i] == n
        && sameBytes(lastBase[i], lastAt[i], at, n)) {
      return last;
    }
    var text = Text.view(scope, base, at, n, utf16);
    lastText[i] = text;
    lastBase[i] = base;
    lastAt[i] = at;
    lastScope[i] = scope;
    lastLength[i] = n;
    return text;
  }

  /**
   * Whether the {@code n} bytes at {@code at} of the row equal those at {@code otherAt} of {@code
   * other}.
   */
  private boolean sameBytes(MemorySegment other, long otherAt, long at, int n) {
    for (int k = 0; k < n; k++) {
      if (base.get(Memory.BYTE, at + k) != other.get(Memory.BYTE, otherAt + k)) {
        scope.checkAfterRead();
        return false;
      }
    }
    scope.checkAfterRead();
    return true;
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
