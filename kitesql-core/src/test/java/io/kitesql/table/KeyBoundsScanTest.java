package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Range scans against a brute-force filter over the same rows: random data with NULLs, strings
 * sharing prefixes ('ab', 'abc') and an embedded NUL, and many random prefix bounds, both
 * directions, over the composite primary key and a composite secondary index.
 */
@Timeout(60)
class KeyBoundsScanTest {
  /** ASCII only (with a NUL), so String order is UTF-8 byte order. */
  static final List<String> WORDS =
      List.of("", "a", "a\0", "a\0b", "ab", "abc", "abd", "b", "ba", "bab", "zz");

  static final int ROWS = 1000;
  static final int BOUNDS = 400;
  // Columns: a INT, b VARCHAR (PK a, b); x INT NULL, s VARCHAR NULL (index t_xs); v INT.
  static final int A = 0, B = 1, X = 2, S = 3, V = 4;
  static final int[] ALL = {A, B, X, S, V};

  @TempDir Path dir;
  Storage storage;
  TableStore store;
  List<Object[]> rows;
  int nonEmpty;

  @BeforeEach
  void fill() {
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "t",
            List.of(
                ColumnDef.of("a", DataType.INT),
                ColumnDef.of("b", DataType.VARCHAR),
                ColumnDef.of("x", DataType.INT),
                ColumnDef.of("s", DataType.VARCHAR),
                ColumnDef.of("v", DataType.INT)),
            List.of(A, B),
            t -> t.withIndex("t_xs", List.of(X, S), false).withIndex("t_s", List.of(S), false));
    var rnd = new Random(42);
    rows = new ArrayList<>();
    var seen = new HashSet<List<Object>>();
    while (rows.size() < ROWS) {
      Object[] r =
          row(
              rnd.nextInt(-100, 101),
              word(rnd),
              rnd.nextInt(7) == 0 ? null : rnd.nextInt(-4, 5),
              rnd.nextInt(6) == 0 ? null : word(rnd),
              rnd.nextInt());
      if (seen.add(List.of(r[A], r[B]))) {
        rows.add(r);
      }
    }
    storage.write(
        tx -> {
          for (var r : rows) {
            var stored = r.clone();
            stored[B] = Text.of((String) r[B]);
            stored[S] = r[S] == null ? null : Text.of((String) r[S]);
            store.insert(tx, stored);
          }
          return null;
        });
  }

  @AfterEach
  void close() {
    storage.close();
  }

  static String word(Random rnd) {
    return WORDS.get(rnd.nextInt(WORDS.size()));
  }

  /** SQL key order: NULL first, then by value (String order = byte order for these words). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compareValue(Object p, Object q) {
    if (p == null || q == null) {
      return p == null ? (q == null ? 0 : -1) : 1;
    }
    return ((Comparable) p).compareTo(q);
  }

  static int comparePrefix(List<Object> key, List<Object> bound) {
    for (int i = 0; i < bound.size(); i++) {
      int c = compareValue(key.get(i), bound.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  static boolean admits(KeyBounds b, List<Object> key) {
    if (!b.lowerUnbounded()) {
      int c = comparePrefix(key, b.lower());
      if (c < 0 || (c == 0 && !b.lowerInclusive())) {
        return false;
      }
    }
    if (!b.upperUnbounded()) {
      int c = comparePrefix(key, b.upper());
      return c < 0 || (c == 0 && b.upperInclusive());
    }
    return true;
  }

  static Comparator<List<Object>> tupleOrder() {
    return (p, q) -> {
      for (int i = 0; i < p.size(); i++) {
        int c = compareValue(p.get(i), q.get(i));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  /**
   * Rows (plain, only {@code columns} filled) admitted by {@code bounds} over {@code key}, in key
   * order.
   */
  List<List<Object>> expected(
      Function<Object[], List<Object>> key, KeyBounds bounds, int[] columns, boolean reverse) {
    var order = Comparator.comparing(key, tupleOrder());
    var out =
        rows.stream()
            .filter(r -> admits(bounds, key.apply(r)))
            .sorted(order)
            .map(r -> project(r, columns))
            .toList();
    return reverse ? out.reversed() : out;
  }

  static List<Object> project(Object[] r, int[] columns) {
    var out = new Object[r.length];
    for (int c : columns) {
      out[c] = r[c];
    }
    return Arrays.asList(out);
  }

  /** A random bound over a prefix of key columns whose values {@code gens} draw. */
  static List<Object> randomPrefix(Random rnd, List<Function<Random, Object>> gens) {
    int n = rnd.nextInt(gens.size() + 1);
    var out = new ArrayList<Object>();
    for (int i = 0; i < n; i++) {
      out.add(gens.get(i).apply(rnd));
    }
    return out;
  }

  static KeyBounds randomBounds(Random rnd, List<Function<Random, Object>> gens) {
    if (rnd.nextInt(8) == 0) {
      return KeyBounds.equal(randomPrefix(rnd, gens));
    }
    return new KeyBounds(
        randomPrefix(rnd, gens), rnd.nextBoolean(), randomPrefix(rnd, gens), rnd.nextBoolean());
  }

  static Object intOrNull(Random rnd) {
    return rnd.nextInt(8) == 0 ? null : rnd.nextInt(-5, 6);
  }

  static Object wordOrNull(Random rnd) {
    return rnd.nextInt(8) == 0 ? null : word(rnd);
  }

  /** String bound values as Text (the key columns' runtime type). */
  static KeyBounds asText(KeyBounds b) {
    Function<List<Object>, List<Object>> conv =
        l ->
            l.stream()
                .map(v -> v instanceof String s ? (Object) Text.of(s) : v)
                .collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
    return new KeyBounds(
        conv.apply(b.lower()), b.lowerInclusive(), conv.apply(b.upper()), b.upperInclusive());
  }

  @Test
  void primaryKeyRangesMatchBruteForce() {
    var rnd = new Random(7);
    List<Function<Random, Object>> gens =
        List.of(r -> r.nextInt(-105, 106), KeyBoundsScanTest::word);
    Function<Object[], List<Object>> key = r -> List.of(r[A], r[B]);
    storage.read(
        tx -> {
          for (int i = 0; i < BOUNDS; i++) {
            var bounds = randomBounds(rnd, gens);
            boolean reverse = rnd.nextBoolean();
            int[] columns = rnd.nextBoolean() ? ALL : new int[] {B, V};
            var actual = plain(drain(store.scan(tx, asText(bounds), columns, reverse)));
            assertThat(actual)
                .as("%s reverse=%s", bounds, reverse)
                .isEqualTo(expected(key, bounds, columns, reverse));
            nonEmpty += actual.isEmpty() ? 0 : 1;
          }
          return null;
        });
    // Not vacuous: most random ranges hold rows.
    assertThat(nonEmpty).isGreaterThan(BOUNDS / 3);
  }

  @Test
  void compositeIndexRangesMatchBruteForce() {
    var rnd = new Random(11);
    List<Function<Random, Object>> gens =
        List.of(KeyBoundsScanTest::intOrNull, KeyBoundsScanTest::wordOrNull);
    Function<Object[], List<Object>> key = r -> Arrays.asList(r[X], r[S], r[A], r[B]);
    var index = TableFixture.index(store, "t_xs");
    storage.read(
        tx -> {
          for (int i = 0; i < BOUNDS; i++) {
            var bounds = randomBounds(rnd, gens);
            boolean reverse = rnd.nextBoolean();
            int[] columns =
                switch (rnd.nextInt(3)) {
                  case 0 -> new int[] {X, S, A, B};
                  case 1 -> new int[] {S, A};
                  default -> ALL;
                };
            var actual = plain(drain(store.indexScan(tx, index, asText(bounds), columns, reverse)));
            assertThat(actual)
                .as("%s reverse=%s", bounds, reverse)
                .isEqualTo(expected(key, bounds, columns, reverse));
            nonEmpty += actual.isEmpty() ? 0 : 1;
          }
          return null;
        });
    assertThat(nonEmpty).isGreaterThan(BOUNDS / 3);
    assertThat(store.covers(index, new int[] {X, S, A, B})).isTrue();
    assertThat(store.covers(index, ALL)).isFalse();
  }

  @Test
  void singleColumnIndexOverStringsWithCommonPrefixes() {
    var index = TableFixture.index(store, "t_s");
    Function<Object[], List<Object>> key = r -> Arrays.asList(r[S], r[A], r[B]);
    storage.read(
        tx -> {
          for (var w : WORDS) {
            for (var bounds :
                List.of(
                    KeyBounds.equal(w),
                    KeyBounds.atLeast(w),
                    KeyBounds.greaterThan(w),
                    KeyBounds.atMost(w),
                    KeyBounds.lessThan(w),
                    KeyBounds.between(w, "b"))) {
              for (boolean reverse : new boolean[] {false, true}) {
                var actual =
                    plain(
                        drain(
                            store.indexScan(tx, index, asText(bounds), new int[] {S, A}, reverse)));
                assertThat(actual)
                    .as("%s", bounds)
                    .isEqualTo(expected(key, bounds, new int[] {S, A}, reverse));
              }
            }
          }
          // IS NULL, and "not NULL" (lower = NULL exclusive).
          var isNull =
              plain(
                  drain(
                      store.indexScan(
                          tx, index, KeyBounds.equal((Object) null), new int[] {A, S})));
          assertThat(isNull).isNotEmpty().allMatch(r -> r.get(S) == null);
          var notNull =
              plain(
                  drain(
                      store.indexScan(
                          tx,
                          index,
                          new KeyBounds(Arrays.asList((Object) null), false, List.of(), true),
                          new int[] {S})));
          assertThat(isNull.size() + notNull.size()).isEqualTo(ROWS);
          assertThat(notNull).allMatch(r -> r.get(S) != null);
          // An empty range (lower above upper) yields nothing, both ways.
          var empty = new KeyBounds(List.of(Text.of("b")), true, List.of(Text.of("a")), true);
          assertThat(drain(store.indexScan(tx, index, empty, new int[] {S}, false))).isEmpty();
          assertThat(drain(store.indexScan(tx, index, empty, new int[] {S}, true))).isEmpty();
          return null;
        });
  }
}
