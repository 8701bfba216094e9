package io.kitesql.codec;

import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.List;

/**
 * The per-schema offsets of the row format, computed once; immutable and shareable by threads.
 *
 * <p>Row layout (all integers big-endian, offsets relative to the row's first byte):
 *
 * <pre>
 *   u8   format version: {@value #INLINE_VERSION} (every value inline) or {@value #VERSION}
 *        (some values out of line)
 *   u16  stored column count m
 *   null bitmap, (m + 7) / 8 bytes: bit (i &amp; 7) of byte i / 8 set = column i is NULL
 *   fixed section: one slot per fixed-width column in column order, present even when NULL
 *       (zeros), so every slot offset follows from the schema
 *   offset table: per variable-width column in column order
 *       u32 start, u32 byte length (high bit = all ASCII, VARCHAR only)
 *       and for VARCHAR a further u32 UTF-16 length
 *       (start = {@link #OUT_OF_LINE}, version 2 only: the bytes are stored out of line)
 *   the variable bytes
 * </pre>
 *
 * <p>Long values out of line: LMDB keeps a value larger than about half a page on overflow pages of
 * its own, so a row with one long value puts even its header and small columns on an overflow page,
 * a cache and TLB miss per row read. When the writer allows it ({@link RowEncoder#encode(Object[],
 * boolean)}; the table layer does when asked to, see docs/storage.md for why it is opt-in) and a
 * row's variable values together exceed {@link #INLINE_BUDGET} bytes, the largest of them (each at
 * least {@link #MIN_OUT_OF_LINE} bytes) move out of line until the rest fits ({@link
 * RowEncoder#outOfLine}); the row keeps their entries, lengths and flags (so {@code octet_length},
 * {@code char_length} and {@code length()} need no lookup), and the table layer stores their bytes
 * in entries of their own ({@link LongValueSource}). The choice is a function of the values alone,
 * so a delete or update knows from the old values which entries to remove. Rows without such values
 * are still written as version {@value #INLINE_VERSION}, which the releases before this format
 * read; those releases refuse a version {@value #VERSION} row with UNSUPPORTED_FORMAT_VERSION.
 *
 * <p>Columns are only ever appended to a schema (ALTER TABLE ADD COLUMN), so a row written with
 * {@code m} columns has the layout of the schema's first {@code m} columns: the slot offsets within
 * the fixed section and the offset table are prefix sums kept here, and the section starts follow
 * from {@code m} in O(1). Columns at or past {@code m} read as NULL.
 */
public final class RowLayout {
  /** The newest row format version this code writes and reads: some values out of line. */
  public static final int VERSION = 2;

  /** The format of rows that hold every value inline (all rows before version 2). */
  public static final int INLINE_VERSION = 1;

  /** The start field of a value stored out of line (a start no row can have). */
  static final int OUT_OF_LINE = 0x8000_0000;

  /** The most variable-width bytes a row keeps inline when it has values to move out of line. */
  public static final int INLINE_BUDGET = 1536;

  /** Values shorter than this always stay inline. */
  public static final int MIN_OUT_OF_LINE = 128;

  /** Version byte plus column count. */
  static final int PREAMBLE = 3;

  static final int VARBINARY_ENTRY = 8;
  static final int VARCHAR_ENTRY = 12;

  /** The high bit of a stored byte length: all bytes ASCII. */
  static final int ASCII_FLAG = 0x8000_0000;

  /** The most columns a row can hold (u16 count). */
  public static final int MAX_COLUMNS = 0xFFFF;

  private final List<DataType> types;
  private final TypeKind[] kinds;

  /** Per column: slot offset in the fixed section, or entry offset in the offset table. */
  private final int[] sectionOffset;

  /** [m] = fixed section size of the first m columns. */
  private final int[] fixedPrefix;

  /** [m] = offset table size of the first m columns. */
  private final int[] tablePrefix;

  /** The layout of a table with these column types, in column order. */
  public RowLayout(List<DataType> types) {
    this.types = List.copyOf(types);
    int n = this.types.size();
    if (n > MAX_COLUMNS) {
      throw new IllegalArgumentException(n + " columns, more than " + MAX_COLUMNS);
    }
    kinds = new TypeKind[n];
    sectionOffset = new int[n];
    fixedPrefix = new int[n + 1];
    tablePrefix = new int[n + 1];
    for (int i = 0; i < n; i++) {
      DataType t = this.types.get(i);
      kinds[i] = t.kind();
      sectionOffset[i] = t.isVariableWidth() ? tablePrefix[i] : fixedPrefix[i];
      fixedPrefix[i + 1] = fixedPrefix[i] + t.fixedWidth();
      tablePrefix[i + 1] = tablePrefix[i] + entrySize(t);
    }
  }

  private static int entrySize(DataType t) {
    return switch (t.kind()) {
      case VARCHAR -> VARCHAR_ENTRY;
      case VARBINARY -> VARBINARY_ENTRY;
      default -> 0;
    };
  }

  /** The number of columns of the schema. */
  public int columnCount() {
    return kinds.length;
  }

  /** The type of column {@code i}. */
  public DataType type(int i) {
    return types.get(i);
  }

  /** All column types. */
  public List<DataType> types() {
    return types;
  }

  TypeKind kind(int i) {
    return kinds[i];
  }

  /** Slot offset within the fixed section, or entry offset within the offset table. */
  int sectionOffset(int i) {
    return sectionOffset[i];
  }

  /** Where the fixed section starts in a row of {@code m} stored columns. */
  static int fixedStart(int m) {
    return PREAMBLE + (m + 7) / 8;
  }

  /** Where the offset table starts in a row of {@code m} stored columns. */
  int tableStart(int m) {
    return fixedStart(m) + fixedPrefix[m];
  }

  /** Where the variable bytes start in a row of {@code m} stored columns. */
  int dataStart(int m) {
    return tableStart(m) + tablePrefix[m];
  }
}
