package io.kitesql.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import io.kitesql.value.Text;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyCodecTest {
  /** A segment spanning the address space, read-only, as the storage's map view is. */
  private static final MemorySegment ADDRESS_SPACE =
      MemorySegment.NULL.reinterpret(Long.MAX_VALUE).asReadOnly();

  private final KeyEncoder enc = new KeyEncoder(4096);

  private byte[] encode(List<DataType> types, Object[] values) {
    enc.reset();
    for (int i = 0; i < types.size(); i++) {
      enc.appendValue(types.get(i), values[i]);
    }
    return enc.toByteArray();
  }

  private static Object[] tuple(Random rnd, List<DataType> types) {
    var values = new Object[types.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = SqlValues.value(rnd, types.get(i));
    }
    return values;
  }

  @Test
  void singleValueOrderMatchesSqlOrder() {
    var rnd = new Random(101);
    for (DataType type : SqlValues.SCALAR_TYPES) {
      List<DataType> one = List.of(type);
      for (int iter = 0; iter < 3000; iter++) {
        Object[] a = tuple(rnd, one);
        Object[] b = rnd.nextInt(10) == 0 ? a.clone() : tuple(rnd, one);
        int expected = SqlValues.compareTuples(one, a, b);
        int actual = Integer.signum(Arrays.compareUnsigned(encode(one, a), encode(one, b)));
        assertThat(actual)
            .as("%s: %s vs %s", type, Arrays.deepToString(a), Arrays.deepToString(b))
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void compositeOrderMatchesLexicographicSqlOrder() {
    var rnd = new Random(102);
    for (int iter = 0; iter < 20000; iter++) {
      var types = new ArrayList<DataType>();
      for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
        types.add(SqlValues.randomType(rnd));
      }
      Object[] a = tuple(rnd, types);
      Object[] b = tuple(rnd, types);
      // Share a prefix often, so later columns (and string terminators) decide.
      int shared = rnd.nextInt(types.size() + 1);
      System.arraycopy(a, 0, b, 0, shared);
      int expected = SqlValues.compareTuples(types, a, b);
      int actual = Integer.signum(Arrays.compareUnsigned(encode(types, a), encode(types, b)));
      assertThat(actual)
          .as("%s: %s vs %s", types, Arrays.deepToString(a), Arrays.deepToString(b))
          .isEqualTo(expected);
    }
  }

  @Test
  void roundTripsOnHeapAndNative() {
    var rnd = new Random(103);
    var scope = new Scope("keys");
    var dec = new KeyDecoder();
    try (var arena = Arena.ofConfined()) {
      for (int iter = 0; iter < 5000; iter++) {
        var types = new ArrayList<DataType>();
        for (int n = 1 + rnd.nextInt(5); n > 0; n--) {
          types.add(SqlValues.randomType(rnd));
        }
        Object[] values = tuple(rnd, types);
        byte[] key = encode(types, values);
        MemorySegment nat = arena.allocate(key.length + 1, 1).asSlice(1);
        MemorySegment.copy(key, 0, nat, ValueLayout.JAVA_BYTE, 0, key.length);
        // Heap, a native segment, and the global segment with an absolute address.
        for (int where = 0; where < 3; where++) {
          switch (where) {
            case 0 -> dec.wrap(key);
            case 1 -> dec.wrap(nat, 0, key.length);
            default -> dec.wrap(ADDRESS_SPACE, nat.address(), key.length);
          }
          for (int i = 0; i < types.size(); i++) {
            if (rnd.nextInt(4) == 0) {
              dec.skip(types.get(i));
              continue;
            }
            Object got = dec.readValue(types.get(i), scope);
            SqlValues.assertDecoded(types.get(i), keyForm(values[i]), got);
          }
          assertThat(dec.hasRemaining()).isFalse();
        }
      }
    }
  }

  /** What a key keeps of a value: -0.0 becomes 0.0, every NaN the canonical NaN. */
  private static Object keyForm(Object v) {
    return v instanceof Double d && d == 0.0 ? (Object) 0.0 : v;
  }

  @Test
  void textWithoutNulIsViewedInPlaceAndWithNulIsUnescaped() {
    var scope = new Scope("keys");
    try (var arena = Arena.ofConfined()) {
      byte[] key =
          enc.reset()
              .appendTableId(7)
              .appendText("h\u00e9llo")
              .appendText("a\0b\0")
              .appendInt(5)
              .toByteArray();
      MemorySegment nat = arena.allocate(key.length);
      MemorySegment.copy(key, 0, nat, ValueLayout.JAVA_BYTE, 0, key.length);
      var dec = new KeyDecoder().wrap(ADDRESS_SPACE, nat.address(), key.length);
      assertThat(dec.readTableId()).isEqualTo(7);
      Text viewed = dec.readText(scope);
      assertThat(viewed.isBorrowed()).isTrue();
      assertThat(viewed.asReadOnlySegment().address()).isEqualTo(nat.address() + 4 + 1);
      assertThat(viewed.toString()).isEqualTo("h\u00e9llo");
      Text unescaped = dec.readText(scope);
      assertThat(unescaped.isBorrowed()).isFalse();
      assertThat(unescaped.toString()).isEqualTo("a\0b\0");
      assertThat(dec.readInt()).isEqualTo(5);
      scope.end();
      assertThatThrownBy(viewed::toString).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void exactEncodings() {
    assertThat(enc.reset().appendInt(1).toByteArray())
        .isEqualTo(new byte[] {1, (byte) 0x80, 0, 0, 1});
    assertThat(enc.reset().appendNull().appendBoolean(true).toByteArray())
        .isEqualTo(new byte[] {0, 1, 1});
    assertThat(enc.reset().appendText("a\0").toByteArray())
        .isEqualTo(new byte[] {1, 'a', 0, (byte) 0xFF, 0, 0});
    assertThat(enc.reset().appendDouble(-0.0).toByteArray())
        .isEqualTo(enc.reset().appendDouble(0.0).toByteArray());
  }

  @Test
  void keyTooLargeAboveLmdbLimit() {
    var lmdb = new KeyEncoder();
    lmdb.appendText("x".repeat(KeyLimits.MAX_KEY_SIZE - 3)); // marker + bytes + terminator
    assertThat(lmdb.length()).isEqualTo(511);
    lmdb.reset();
    assertThatThrownBy(() -> lmdb.appendText("x".repeat(KeyLimits.MAX_KEY_SIZE - 2)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE);
              assertThat(e.getMessage()).contains("512").contains("511").contains("indexed");
            });
    assertThatThrownBy(() -> KeyLimits.check(600))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE));
    // Escaped NULs count too.
    assertThatThrownBy(() -> new KeyEncoder().appendText("\0".repeat(300)))
        .isInstanceOf(KiteSqlException.class);
  }

  @Test
  void outOfRangeValuesAreRefused() {
    assertThatThrownBy(() -> enc.appendDecimal(new BigDecimal("1e30"), 0))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));
    assertThatThrownBy(() -> enc.appendDecimal(new BigDecimal("1e999999999"), 2))
        .isInstanceOf(KiteSqlException.class);
    assertThatThrownBy(() -> enc.appendValue(DataType.decimal(5, 2), new BigDecimal("1000.00")))
        .isInstanceOf(KiteSqlException.class);
    enc.reset().appendValue(DataType.decimal(5, 2), new BigDecimal("999.994"));
    assertThat(new KeyDecoder().wrap(enc.toByteArray()).readDecimal(2))
        .isEqualTo(new BigDecimal("999.99"));
    assertThatThrownBy(() -> enc.appendDate(LocalDate.MIN)).isInstanceOf(KiteSqlException.class);
    assertThatThrownBy(() -> enc.appendValue(DataType.INT, "7"))
        .isInstanceOf(KiteSqlException.class);
  }

  @Test
  void damagedKeysAreCorrupt() {
    byte[] key = enc.reset().appendText("abc").toByteArray();
    byte[] truncated = Arrays.copyOf(key, key.length - 1);
    assertThatThrownBy(() -> new KeyDecoder().wrap(truncated).readText(Scope.OWNED))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CORRUPT_RECORD));
    assertThatThrownBy(() -> new KeyDecoder().wrap(new byte[] {1, 0, 0}).readLong())
        .isInstanceOf(KiteSqlException.class);
    assertThatThrownBy(() -> new KeyDecoder().wrap(new byte[] {0}).readInt())
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void successorIsTheSmallestKeyAboveEveryKeyWithThePrefix() {
    byte[] prefix = {1, 2, (byte) 0xFF, (byte) 0xFF};
    assertThat(new KeyEncoder().appendRawBytes(prefix).toSuccessor().toByteArray())
        .containsExactly(1, 3);
    assertThat(new KeyEncoder().appendRawBytes(new byte[] {7}).toSuccessor().toByteArray())
        .containsExactly(8);
    assertThatThrownBy(
            () -> new KeyEncoder().appendRawBytes(new byte[] {(byte) 0xFF}).toSuccessor())
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> new KeyEncoder().toSuccessor())
        .isInstanceOf(IllegalStateException.class);

    // Every key starting with the prefix sorts below the successor; the prefix's next sibling does
    // not.
    var random = new Random(11);
    byte[] p = {3, 0x41, (byte) 0xFF};
    byte[] successor = new KeyEncoder().appendRawBytes(p).toSuccessor().toByteArray();
    for (int i = 0; i < 1000; i++) {
      var key = Arrays.copyOf(p, p.length + random.nextInt(8));
      for (int j = p.length; j < key.length; j++) {
        key[j] = (byte) random.nextInt(256);
      }
      assertThat(Arrays.compareUnsigned(key, successor)).isNegative();
    }
    assertThat(Arrays.compareUnsigned(new byte[] {3, 0x42}, successor)).isZero();
  }
}
