package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.index;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexScanTest {
  // Columns: id BIGINT (PK), city VARCHAR, born DATE, score DECIMAL(6,1), bio VARCHAR.
  static final int ID = 0, CITY = 1, BORN = 2, SCORE = 3, BIO = 4;

  @TempDir Path dir;
  Storage storage;
  TableStore store;

  @BeforeEach
  void fill() {
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "people",
            List.of(
                ColumnDef.of("id", DataType.BIGINT),
                ColumnDef.of("city", DataType.VARCHAR),
                ColumnDef.of("born", DataType.DATE),
                ColumnDef.of("score", DataType.decimal(6, 1)),
                ColumnDef.of("bio", DataType.VARCHAR)),
            List.of(ID),
            t ->
                t.withIndex("people_city_born", List.of(CITY, BORN), false)
                    .withIndex("people_score", List.of(SCORE), false));
    storage.write(
        tx -> {
          store.insert(
              tx,
              row(
                  3L,
                  Text.of("Oslo"),
                  LocalDate.of(1990, 5, 1),
                  new BigDecimal("7.5"),
                  Text.of("bio three")));
          store.insert(
              tx,
              row(
                  1L,
                  Text.of("Bergen"),
                  LocalDate.of(1985, 1, 1),
                  new BigDecimal("-2.0"),
                  Text.of("bio one")));
          store.insert(tx, row(2L, Text.of("Oslo"), LocalDate.of(1980, 3, 9), null, null));
          store.insert(tx, row(4L, null, null, new BigDecimal("7.5"), Text.of("bio four")));
          return null;
        });
  }

  @AfterEach
  void close() {
    storage.close();
  }

  @Test
  void coveredScanReadsTheKeyAndLendsItsText() {
    var idx = index(store, "people_city_born");
    int[] columns = {CITY, BORN, ID};
    assertThat(store.covers(idx, columns)).isTrue();
    try (var tx = storage.beginRead()) {
      var rows = drain(store.indexScan(tx, idx, KeyBounds.equal(Text.of("Oslo")), columns));
      assertThat(plain(rows))
          .containsExactly(
              plain(row(2L, "Oslo", LocalDate.of(1980, 3, 9), null, null)),
              plain(row(3L, "Oslo", LocalDate.of(1990, 5, 1), null, null)));
      var city = (Text) rows.getFirst()[CITY];
      assertThat(city.isBorrowed()).isTrue();
      assertThat(city.isAscii()).isTrue();
      assertThat(city.length()).isEqualTo(4);
      // NULLs sort first in the index.
      var all = plain(drain(store.indexScan(tx, idx, KeyBounds.all(), new int[] {ID, CITY})));
      assertThat(all).extracting(r -> r.get(ID)).containsExactly(4L, 1L, 2L, 3L);
    }
  }

  @Test
  void nonCoveredScanLooksUpTheRow() {
    var idx = index(store, "people_city_born");
    int[] columns = {ID, BIO};
    assertThat(store.covers(idx, columns)).isFalse();
    try (var tx = storage.beginRead()) {
      var cursor =
          store.indexScan(
              tx,
              idx,
              new KeyBounds(
                  List.of(Text.of("Oslo"), LocalDate.of(1985, 1, 1)),
                  true,
                  List.of(Text.of("Oslo")),
                  true),
              columns);
      var rows = drain(cursor);
      assertThat(plain(rows)).containsExactly(plain(row(3L, null, null, null, "bio three")));
      assertThat(((Text) rows.getFirst()[BIO]).isBorrowed()).isTrue();
    }
  }

  @Test
  void refsFromIndexScansFindTheRows() {
    var idx = index(store, "people_score");
    storage.write(
        tx -> {
          try (var cursor =
              store.indexScan(tx, idx, KeyBounds.equal(new BigDecimal("7.5")), new int[] {SCORE})) {
            while (cursor.next()) {
              var full = store.get(tx, cursor.ref(), TableFixture.all(store)).orElseThrow();
              assertThat(full[SCORE]).isEqualTo(new BigDecimal("7.5"));
            }
          }
          return null;
        });
    storage.read(
        tx -> {
          var desc =
              plain(
                  drain(
                      store.indexScan(
                          tx,
                          idx,
                          KeyBounds.atLeast(new BigDecimal("-2.0")),
                          new int[] {ID, SCORE},
                          true)));
          assertThat(desc).extracting(r -> r.get(ID)).containsExactly(4L, 3L, 1L);
          // lessThan excludes the NULL score of row 2.
          var below =
              plain(
                  drain(
                      store.indexScan(
                          tx, idx, KeyBounds.lessThan(new BigDecimal("7.5")), new int[] {ID})));
          assertThat(below).extracting(r -> r.get(ID)).containsExactly(1L);
          return null;
        });
  }
}
