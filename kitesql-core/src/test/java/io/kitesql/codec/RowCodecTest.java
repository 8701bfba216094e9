package io.kitesql.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class RowCodecTest {
  /** A segment spanning the address space, read-only, as the storage's map view is. */
  private static final MemorySegment ADDRESS_SPACE =
      MemorySegment.NULL.reinterpret(Long.MAX_VALUE).asReadOnly();

  private static List<DataType> randomSchema(Random rnd) {
    var types = new ArrayList<DataType>();
    for (int n = 1 + rnd.nextInt(14); n > 0; n--) {
      types.add(SqlValues.randomType(rnd));
    }
    return types;
  }

  private static Object[] randomRow(Random rnd, List<DataType> types) {
    var values = new Object[types.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = SqlValues.value(rnd, types.get(i));
    }
    return values;
  }

  private static Consumer<Throwable> hasCode(ErrorCode code) {
    return e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(code);
  }

  private static MemorySegment toNative(Arena arena, byte[] bytes) {
    MemorySegment seg = arena.allocate(bytes.length + 3, 1).asSlice(3); // unaligned on purpose
    MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
    return seg;
  }

  @Test
  void roundTripsRandomRowsOnHeapAndNative() {
    var rnd = new Random(201);
    var scope = new Scope("rows");
    try (var arena = Arena.ofConfined()) {
      for (int iter = 0; iter < 3000; iter++) {
        List<DataType> types = randomSchema(rnd);
        var layout = new RowLayout(types);
        Object[] values = randomRow(rnd, types);
        byte[] row = new RowEncoder(layout).encode(values);
        MemorySegment nat = toNative(arena, row);
        var view = new RowView(layout);
        for (int where = 0; where < 2; where++) {
          if (where == 0) {
            view.wrap(MemorySegment.ofArray(row), 0, row.length, Scope.OWNED);
          } else {
            view.wrap(ADDRESS_SPACE, nat.address(), row.length, scope);
          }
          assertThat(view.columnCount()).isEqualTo(types.size());
          // Random access order: each column decodes on its own.
          for (int i : rnd.ints(0, types.size()).limit(types.size() * 2L).toArray()) {
            assertThat(view.isNull(i)).isEqualTo(values[i] == null);
            Object got = view.getValue(i);
            SqlValues.assertDecoded(types.get(i), values[i], got);
            if (types.get(i).kind() == TypeKind.DOUBLE && got != null) {
              assertThat(Double.doubleToRawLongBits((Double) got))
                  .isEqualTo(Double.doubleToRawLongBits((Double) values[i]));
            }
            if (got instanceof Text t && where == 1) {
              assertThat(t.isBorrowed()).isTrue();
              assertThat(t.asReadOnlySegment().address())
                  .isBetween(nat.address(), nat.address() + row.length - t.utf8Length());
              String s = values[i].toString();
              assertThat(t.isAscii()).isEqualTo(s.chars().allMatch(c -> c < 0x80));
              assertThat(t.length()).isEqualTo(s.length());
            }
          }
        }
      }
    }
  }

  @Test
  void textFromRowIsZeroCopyAndDiesWithItsScope() throws Exception {
    var scope = new Scope("rows");
    var layout = new RowLayout(List.of(DataType.INT, DataType.varchar(10), DataType.VARCHAR));
    byte[] row = new RowEncoder(layout).encode(new Object[] {42, "hello", "\uD83D\uDE00 \u00e9"});
    try (var arena = Arena.ofShared()) {
      MemorySegment nat = toNative(arena, row);
      var view = new RowView(layout).wrap(ADDRESS_SPACE, nat.address(), row.length, scope);
      Text ascii = view.getText(1);
      Text wide = view.getText(2);
      assertThat(ascii.isAscii()).isTrue();
      assertThat(ascii.contentEquals("hello")).isTrue();
      assertThat(wide.length()).isEqualTo("\uD83D\uDE00 \u00e9".length());
      assertThat(CompletableFuture.supplyAsync(wide::toString).get())
          .isEqualTo("\uD83D\uDE00 \u00e9");
      assertThat(view.getInt(0)).isEqualTo(42);
      scope.end();
      assertThatThrownBy(ascii::length).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> wide.charAt(0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> view.getInt(0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> view.getText(1)).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void oldRowsReadAddedColumnsAsNull() {
    var rnd = new Random(202);
    for (int iter = 0; iter < 2000; iter++) {
      List<DataType> types = randomSchema(rnd);
      int old = 1 + rnd.nextInt(types.size());
      Object[] values = randomRow(rnd, types.subList(0, old));
      byte[] row = new RowEncoder(types.subList(0, old)).encode(values);
      var view =
          new RowView(new RowLayout(types))
              .wrap(MemorySegment.ofArray(row), 0, row.length, Scope.OWNED);
      assertThat(view.columnCount()).isEqualTo(old);
      for (int i = 0; i < types.size(); i++) {
        if (i < old) {
          SqlValues.assertDecoded(types.get(i), values[i], view.getValue(i));
        } else {
          assertThat(view.isNull(i)).isTrue();
          assertThat(view.getValue(i)).isNull();
        }
      }
    }
  }

  @Test
  void refusesNewerVersionsAndDamagedRows() {
    var layout = new RowLayout(List.of(DataType.BIGINT, DataType.VARCHAR));
    byte[] row = new RowEncoder(layout).encode(new Object[] {1L, "abc"});
    var view = new RowView(layout);
    byte[] newer = row.clone();
    newer[0] = (byte) (RowLayout.VERSION + 1);
    assertThatThrownBy(() -> view.wrap(MemorySegment.ofArray(newer), 0, newer.length, Scope.OWNED))
        .satisfies(hasCode(ErrorCode.UNSUPPORTED_FORMAT_VERSION));
    byte[] zero = row.clone();
    zero[0] = 0;
    assertThatThrownBy(() -> view.wrap(MemorySegment.ofArray(zero), 0, zero.length, Scope.OWNED))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
    assertThatThrownBy(() -> view.wrap(MemorySegment.ofArray(row), 0, 2, Scope.OWNED))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
    assertThatThrownBy(() -> view.wrap(MemorySegment.ofArray(row), 0, 12, Scope.OWNED))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
    // A length running past the row: header ok, the column is damaged.
    byte[] damaged = row.clone();
    int entry = RowLayout.fixedStart(2) + 8;
    damaged[entry + 7] = 100;
    view.wrap(MemorySegment.ofArray(damaged), 0, damaged.length, Scope.OWNED);
    assertThat(view.getLong(0)).isEqualTo(1L);
    assertThatThrownBy(() -> view.getText(1)).satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
    // More columns than the schema knows.
    byte[] wider =
        new RowEncoder(List.of(DataType.BIGINT, DataType.VARCHAR, DataType.INT))
            .encode(new Object[] {1L, "x", 2});
    assertThatThrownBy(() -> view.wrap(MemorySegment.ofArray(wider), 0, wider.length, Scope.OWNED))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
  }

  @Test
  void exactLayout() {
    var layout =
        new RowLayout(
            List.of(DataType.INT, DataType.VARCHAR, DataType.BOOLEAN, DataType.VARBINARY));
    byte[] row = new RowEncoder(layout).encode(new Object[] {-2, "h\u00e9", null, new byte[] {9}});
    // version, count, bitmap (column 2 NULL), INT, BOOLEAN slot, VARCHAR entry, VARBINARY entry
    int data = 1 + 2 + 1 + 4 + 1 + 12 + 8;
    byte[] expected = {
      1,
      0,
      4,
      0b100,
      (byte) 0xFF,
      (byte) 0xFF,
      (byte) 0xFF,
      (byte) 0xFE,
      0,
      0,
      0,
      0,
      (byte) data,
      0,
      0,
      0,
      3,
      0,
      0,
      0,
      2,
      0,
      0,
      0,
      (byte) (data + 3),
      0,
      0,
      0,
      1,
      'h',
      (byte) 0xC3,
      (byte) 0xA9,
      9
    };
    assertThat(row).isEqualTo(expected);
    byte[] ascii = new RowEncoder(List.of(DataType.VARCHAR)).encode(new Object[] {"ab"});
    assertThat(Arrays.copyOfRange(ascii, 8, 12)).isEqualTo(new byte[] {(byte) 0x80, 0, 0, 2});
  }

  @Test
  void misuseAndOutOfRangeValues() {
    var layout =
        new RowLayout(
            List.of(
                DataType.INT, DataType.varchar(3), DataType.decimal(4, 1), DataType.varbinary(2)));
    var enc = new RowEncoder(layout);
    byte[] row = enc.encode(new Object[] {null, "\uD83D\uDE00ab", new BigDecimal("999.9"), null});
    var view = new RowView(layout).wrap(MemorySegment.ofArray(row), 0, row.length, Scope.OWNED);
    assertThatThrownBy(() -> view.getInt(0)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> view.getLong(0)).isInstanceOf(IllegalArgumentException.class);
    assertThat(view.getDecimal(2)).isEqualTo(new BigDecimal("999.9"));
    assertThat(view.getBinary(3)).isNull();
    assertThatThrownBy(() -> enc.encode(new Object[] {1, "abcd", null, null}))
        .satisfies(hasCode(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(() -> enc.encode(new Object[] {1, "a", new BigDecimal("1000"), null}))
        .satisfies(hasCode(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(() -> enc.encode(new Object[] {1, "a", null, new byte[3]}))
        .satisfies(hasCode(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(() -> enc.encode(new Object[] {1L, "a", null, null}))
        .satisfies(hasCode(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(
            () -> new RowEncoder(List.of(DataType.DATE)).encode(new Object[] {LocalDate.MAX}))
        .satisfies(hasCode(ErrorCode.VALUE_OUT_OF_RANGE));
  }

  /** A source over heap arrays that counts its lookups. */
  static final class HeapLongValues implements LongValueSource {
    final java.util.Map<Integer, byte[]> values = new java.util.HashMap<>();
    int lookups;
    private byte[] found;

    @Override
    public boolean find(int column) {
      lookups++;
      found = values.get(column);
      return found != null;
    }

    @Override
    public MemorySegment base() {
      return MemorySegment.ofArray(found);
    }

    @Override
    public long offset() {
      return 0;
    }

    @Override
    public int length() {
      return found.length;
    }
  }

  @Test
  void valuesOutOfLineKeepTheirLengthsInTheRow() {
    var layout =
        new RowLayout(
            List.of(DataType.INT, DataType.VARCHAR, DataType.VARBINARY, DataType.VARCHAR));
    var encoder = new RowEncoder(layout);
    String note = "é" + "x".repeat(3_000); // 3,001 chars, 3,002 bytes
    byte[] blob = new byte[2_000];
    Arrays.fill(blob, (byte) 7);
    var encoded = encoder.encode(new Object[] {5, note, blob, "small"}, true);
    assertThat(encoded.row()[0]).isEqualTo((byte) RowLayout.VERSION);
    assertThat(encoded.longColumns()).containsExactly(1, 2);
    assertThat(new String(encoded.longValues()[0], java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo(note);
    assertThat(encoded.longValues()[1]).isEqualTo(blob);
    assertThat(encoded.row().length).isLessThan(64);
    var source = new HeapLongValues();
    source.values.put(1, encoded.longValues()[0]);
    source.values.put(2, encoded.longValues()[1]);
    var view =
        new RowView(layout)
            .longValues(source)
            .wrap(MemorySegment.ofArray(encoded.row()), 0, encoded.row().length, Scope.OWNED);
    assertThat(view.getInt(0)).isEqualTo(5);
    assertThat(view.getText(3).toString()).isEqualTo("small");
    assertThat(view.isStoredOutOfLine(1)).isTrue();
    assertThat(view.isStoredOutOfLine(3)).isFalse();
    assertThat(source.lookups).as("small columns and the check look nothing up").isZero();
    Text text = view.getText(1);
    assertThat(source.lookups).isEqualTo(1);
    assertThat(text.length()).isEqualTo(3_001);
    assertThat(text.utf8Length()).isEqualTo(3_002);
    assertThat(text.toString()).isEqualTo(note);
    assertThat(view.getBinary(2).toByteArray()).isEqualTo(blob);
    // Damage: a missing value, a value of another length, no source, the marker in a version-1 row.
    source.values.put(2, new byte[3]);
    assertThatThrownBy(() -> view.getBinary(2))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD))
        .hasMessageContaining("3 bytes, the row says 2000");
    source.values.remove(1);
    assertThatThrownBy(() -> view.getText(1))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD))
        .hasMessageContaining("missing");
    var bare =
        new RowView(layout)
            .wrap(MemorySegment.ofArray(encoded.row()), 0, encoded.row().length, Scope.OWNED);
    assertThatThrownBy(() -> bare.getText(1))
        .satisfies(hasCode(ErrorCode.CORRUPT_RECORD))
        .hasMessageContaining("no source");
    byte[] v1 = encoded.row().clone();
    v1[0] = RowLayout.INLINE_VERSION;
    var old =
        new RowView(layout)
            .longValues(source)
            .wrap(MemorySegment.ofArray(v1), 0, v1.length, Scope.OWNED);
    assertThatThrownBy(() -> old.getBinary(2)).satisfies(hasCode(ErrorCode.CORRUPT_RECORD));
    assertThat(old.isStoredOutOfLine(2)).isFalse();
    // Without permission to move values out, the same row is one version-1 value.
    var inline = encoder.encode(new Object[] {5, note, blob, "small"}, false);
    assertThat(inline.row()[0]).isEqualTo((byte) RowLayout.INLINE_VERSION);
    assertThat(inline.hasLongValues()).isFalse();
    assertThat(inline.row()).isEqualTo(encoder.encode(new Object[] {5, note, blob, "small"}));
  }
}
