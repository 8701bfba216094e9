package io.kitesql.table;

import static io.kitesql.table.TableFixture.all;
import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.Storage;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values stored out of line (row format version 2): reads, writes, old rows, integrity. */
class LongValuesTest {
  @TempDir java.nio.file.Path dir;
  Storage storage;
  TableStore store;

  private OutOfLineSetting outOfLine;

  @BeforeEach
  void open() {
    outOfLine = OutOfLineSetting.on();
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "docs",
            List.of(
                ColumnDef.of("id", DataType.INT).notNull(),
                ColumnDef.of("amount", DataType.INT),
                ColumnDef.of("note", DataType.VARCHAR),
                ColumnDef.of("data", DataType.VARBINARY)),
            List.of(0));
  }

  @AfterEach
  void close() {
    outOfLine.close();
    storage.close();
  }

  /** {@code n} chars; non-ASCII ({@code é}, 2 UTF-8 bytes) if asked. */
  static String text(int seed, int n, boolean ascii) {
    var sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(
          ascii
              ? (char) ('a' + (seed + i) % 26)
              : (i % 3 == 0 ? 'é' : (char) ('a' + (seed + i) % 26)));
    }
    return sb.toString();
  }

  static byte[] bytes(int seed, int n) {
    var b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (seed * 31 + i);
    }
    return b;
  }

  byte[] prefix(byte tag) {
    byte[] p = Arrays.copyOf(CatalogStore.tablePrefix(store.table().id()), 5);
    p[4] = tag;
    return p;
  }

  /** The keys under {@code prefix 'l'}, as (row id, column) pairs. */
  List<List<Integer>> longEntries() {
    byte[] prefix = prefix(TableKeys.LONG_TAG);
    return storage.read(
        tx -> {
          var out = new ArrayList<List<Integer>>();
          try (var cursor = tx.openCursor(Keyspace.DATA)) {
            for (boolean on = cursor.seek(prefix);
                on && TableKeys.startsWith(cursor.key(), prefix, 5);
                on = cursor.next()) {
              byte[] k = cursor.key().toByteArray();
              // pk: marker 0x01 then the INT with its sign bit flipped.
              int id =
                  (((k[6] & 0xFF) << 24)
                          | ((k[7] & 0xFF) << 16)
                          | ((k[8] & 0xFF) << 8)
                          | (k[9] & 0xFF))
                      ^ 0x8000_0000;
              out.add(List.of(id, ((k[10] & 0xFF) << 8) | (k[11] & 0xFF)));
            }
          }
          return out;
        });
  }

  byte[] rowKey(int id) {
    return new TableKeys(store.table())
        .rowKeyOf(new io.kitesql.codec.KeyEncoder(), new Object[] {id});
  }

  /** The stored row's own bytes. */
  byte[] rawRow(int id) {
    return storage.read(tx -> tx.get(Keyspace.DATA, rowKey(id)).orElseThrow().toByteArray());
  }

  List<String> problems() {
    return storage.read(tx -> IntegrityCheck.run(tx).problems());
  }

  @Test
  void longValuesLiveOutOfLineAndReadBackBorrowed() {
    String small = text(1, 64, true);
    String longAscii = text(2, 300_000, true);
    String longUtf8 = text(3, 5_000, false);
    byte[] blob = bytes(4, 70_000);
    storage.write(
        tx -> {
          store.insert(tx, row(1, 10, small, bytes(1, 16)));
          store.insert(tx, row(2, 20, longAscii, null));
          store.insert(tx, row(3, 30, longUtf8, blob));
          return null;
        });
    assertThat(longEntries()).containsExactly(List.of(2, 2), List.of(3, 2), List.of(3, 3));
    // Rows stay small (in the B-tree leaf) and say which version they are.
    assertThat(rawRow(1)[0]).isEqualTo((byte) RowLayout.INLINE_VERSION);
    assertThat(rawRow(2)[0]).isEqualTo((byte) RowLayout.VERSION);
    assertThat(rawRow(2).length).isLessThan(100);
    assertThat(rawRow(3).length).isLessThan(100);
    storage.read(
        tx -> {
          var rows = drain(store.scan(tx, KeyBounds.all(), all(store)));
          assertThat(plain(rows))
              .isEqualTo(
                  List.of(
                      plain(row(1, 10, small, bytes(1, 16))),
                      plain(row(2, 20, longAscii, null)),
                      plain(row(3, 30, longUtf8, blob))));
          var note = (Text) rows.get(2)[2];
          assertThat(note.isBorrowed()).isTrue();
          assertThat(note.length()).isEqualTo(longUtf8.length());
          assertThat(note.utf8Length()).isEqualTo(longUtf8.getBytes(StandardCharsets.UTF_8).length);
          assertThat(((Binary) rows.get(2)[3]).isBorrowed()).isTrue();
          assertThat(note.charAt(3)).isEqualTo('é');
          // A point lookup and an index-free projection of a small column only.
          var got = store.get(tx, row(2), new int[] {2}).orElseThrow();
          assertThat(((Text) got[2]).toString()).isEqualTo(longAscii);
          assertThat(plain(drain(store.scan(tx, KeyBounds.all(), new int[] {1}))))
              .extracting(r -> r.get(1))
              .containsExactly(10, 20, 30);
          return null;
        });
    // Write transactions read owned copies of the same values.
    storage.write(
        tx -> {
          var got = store.get(tx, row(3), all(store)).orElseThrow();
          assertThat(((Text) got[2]).isBorrowed()).isFalse();
          assertThat(got[2].toString()).isEqualTo(longUtf8);
          return null;
        });
    assertThat(problems()).isEmpty();
  }

  @Test
  void updatesAndDeletesKeepTheEntriesInStep() {
    String a = text(1, 4_000, true);
    String b = text(2, 9_000, false);
    storage.write(
        tx -> {
          store.insert(tx, row(1, 1, a, null));
          store.insert(tx, row(2, 2, "short", null));
          store.insert(tx, row(3, 3, a, bytes(3, 3_000)));
          return null;
        });
    assertThat(longEntries()).containsExactly(List.of(1, 2), List.of(3, 2), List.of(3, 3));
    storage.write(
        tx -> {
          // long -> short, short -> long, long -> other long, and a primary-key move with long
          // values.
          store.update(tx, new RowRef(rowKey(1)), row(1, 1, a, null), row(1, 1, "now short", null));
          store.update(tx, new RowRef(rowKey(2)), row(2, 2, "short", null), row(2, 2, b, null));
          store.update(
              tx,
              new RowRef(rowKey(3)),
              row(3, 3, a, bytes(3, 3_000)),
              row(7, 3, b, bytes(3, 3_000)));
          return null;
        });
    assertThat(longEntries()).containsExactly(List.of(2, 2), List.of(7, 2), List.of(7, 3));
    assertThat(TableFixture.scanAll(storage, store))
        .isEqualTo(
            List.of(
                plain(row(1, 1, "now short", null)),
                plain(row(2, 2, b, null)),
                plain(row(7, 3, b, bytes(3, 3_000)))));
    assertThat(problems()).isEmpty();
    storage.write(
        tx -> {
          store.delete(tx, new RowRef(rowKey(7)), row(7, 3, b, bytes(3, 3_000)));
          store.delete(tx, new RowRef(rowKey(2)), row(2, 2, b, null));
          return null;
        });
    assertThat(longEntries()).isEmpty();
    assertThat(TableFixture.scanAll(storage, store))
        .isEqualTo(List.of(plain(row(1, 1, "now short", null))));
    assertThat(problems()).isEmpty();
  }

  @Test
  void byDefaultLongValuesStayInline() {
    System.clearProperty(EngineSwitches.ROWS_OUT_OF_LINE);
    var inline = new TableStore(store.table());
    String note = text(8, 100_000, true);
    storage.write(tx -> inline.insert(tx, row(8, 80, note, null)));
    assertThat(rawRow(8)[0]).isEqualTo((byte) RowLayout.INLINE_VERSION);
    assertThat(rawRow(8).length).isGreaterThan(100_000);
    assertThat(longEntries()).isEmpty();
    // A store built with the property on reads it, and moves it out when it rewrites the row.
    storage.write(
        tx ->
            store.update(
                tx, new RowRef(rowKey(8)), row(8, 80, note, null), row(8, 81, note, null)));
    assertThat(longEntries()).containsExactly(List.of(8, 2));
    assertThat(TableFixture.scanAll(storage, inline))
        .isEqualTo(List.of(plain(row(8, 81, note, null))));
    assertThat(problems()).isEmpty();
  }

  @Test
  void onlyTheLargestValuesMoveUntilTheRestFits() {
    var layout = store.layout();
    var encoder = new RowEncoder(layout);
    // 1,000 + 1,000 bytes: over the budget; the larger (ties: the first) moves, the other fits.
    var out = encoder.outOfLine(new Object[] {1, 2, text(0, 1_000, true), bytes(0, 1_000)});
    assertThat(out).containsExactly(false, false, true, false);
    assertThat(encoder.outOfLine(new Object[] {1, 2, text(0, 900, true), bytes(0, 1_100)}))
        .containsExactly(false, false, false, true);
    // Within the budget nothing moves; values under the minimum never move.
    assertThat(encoder.outOfLine(new Object[] {1, 2, text(0, RowLayout.INLINE_BUDGET, true), null}))
        .isNull();
    var encoded = encoder.encode(new Object[] {1, 2, text(0, 1_000, true), bytes(0, 1_000)}, true);
    assertThat(encoded.longColumns()).containsExactly(2);
    assertThat(
            encoder
                .encode(new Object[] {1, 2, text(0, 1_000, true), bytes(0, 1_000)}, false)
                .hasLongValues())
        .isFalse();
  }

  @Test
  void rowsOfTheInlineFormatStillReadUpdateAndDelete() {
    // What the release before version 2 wrote: every value inline, version 1.
    String old = text(5, 200_000, false);
    byte[] v1 = new RowEncoder(store.layout()).encode(new Object[] {5, 50, old, bytes(5, 8_000)});
    assertThat(v1[0]).isEqualTo((byte) 1);
    storage.write(
        tx -> {
          TableFixture.forgetRowCount(tx, store.table()); // nor did it keep a row count
          tx.put(Keyspace.DATA, rowKey(5), v1);
          store.insert(tx, row(6, 60, old, null)); // a new row beside it: out of line
          return null;
        });
    assertThat(longEntries()).containsExactly(List.of(6, 2));
    assertThat(TableFixture.scanAll(storage, store))
        .isEqualTo(List.of(plain(row(5, 50, old, bytes(5, 8_000))), plain(row(6, 60, old, null))));
    assertThat(problems()).isEmpty();
    storage.read(
        tx -> {
          var got = store.get(tx, row(5), new int[] {2}).orElseThrow();
          assertThat(((Text) got[2]).isBorrowed()).isTrue();
          return null;
        });
    // Updating the old row rewrites it in the new format; deleting the missing entries is harmless.
    storage.write(
        tx -> {
          store.update(
              tx,
              new RowRef(rowKey(5)),
              row(5, 50, old, bytes(5, 8_000)),
              row(5, 51, old, bytes(5, 8_000)));
          return null;
        });
    assertThat(rawRow(5)[0]).isEqualTo((byte) RowLayout.VERSION);
    assertThat(longEntries()).containsExactly(List.of(5, 2), List.of(5, 3), List.of(6, 2));
    storage.write(
        tx -> {
          tx.put(
              Keyspace.DATA,
              rowKey(6),
              new RowEncoder(store.layout()).encode(new Object[] {6, 60, old, null}));
          return null;
        });
    // Row 6 is inline again (as an old release would rewrite it): its entry is now an orphan.
    assertThat(problems())
        .singleElement()
        .asString()
        .contains("not stored out of line")
        .contains("orphan");
    storage.write(
        tx -> {
          store.delete(tx, new RowRef(rowKey(6)), row(6, 60, old, null));
          store.delete(tx, new RowRef(rowKey(5)), row(5, 51, old, bytes(5, 8_000)));
          return null;
        });
    assertThat(longEntries()).isEmpty();
    assertThat(problems()).isEmpty();
  }

  @Test
  void integrityCheckFindsMissingAndOrphanedEntries() {
    String a = text(1, 3_000, true);
    storage.write(
        tx -> {
          store.insert(tx, row(1, 1, a, null));
          store.insert(tx, row(2, 2, a, null));
          return null;
        });
    storage.write(
        tx -> {
          tx.delete(Keyspace.DATA, LongValues.key(rowKey(1), 2));
          tx.put(Keyspace.DATA, LongValues.key(rowKey(9), 2), new byte[] {1, 2});
          tx.put(Keyspace.DATA, LongValues.key(rowKey(2), 1), new byte[] {1, 2});
          return null;
        });
    var problems = problems();
    assertThat(problems).hasSize(3);
    assertThat(problems)
        .anySatisfy(p -> assertThat(p).contains("does not decode").contains("missing"));
    assertThat(problems).anySatisfy(p -> assertThat(p).contains("belongs to no row"));
    assertThat(problems)
        .anySatisfy(p -> assertThat(p).contains("column 1").contains("not stored out of line"));
    // A long value of the wrong length is damage too, reported when the row is read.
    storage.write(
        tx -> {
          tx.put(Keyspace.DATA, LongValues.key(rowKey(2), 2), new byte[] {'x'});
          return null;
        });
    storage.read(
        tx -> {
          assertThatThrownBy(() -> store.get(tx, row(2), new int[] {2}))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CORRUPT_RECORD))
              .hasMessageContaining("1 bytes, the row says 3000");
          // A small column of the same row still reads: the long value is not looked up.
          assertThat(store.get(tx, row(2), new int[] {1}).orElseThrow()[1]).isEqualTo(2);
          return null;
        });
  }

  @Test
  void readingASmallColumnTouchesNoLongValue() {
    storage.write(
        tx -> {
          for (int i = 0; i < 20; i++) {
            store.insert(tx, row(i, i, text(i, 50_000, true), null));
          }
          return null;
        });
    // Remove every long entry: a scan of the small columns must not need them.
    storage.write(tx -> tx.deletePrefix(Keyspace.DATA, prefix(TableKeys.LONG_TAG)));
    assertThat(longEntries()).isEmpty();
    long sum =
        storage.read(
            tx -> {
              long s = 0;
              for (var r : drain(store.scan(tx, KeyBounds.all(), new int[] {0, 1}))) {
                s += (int) r[1];
              }
              return s;
            });
    assertThat(sum).isEqualTo(190);
  }
}
