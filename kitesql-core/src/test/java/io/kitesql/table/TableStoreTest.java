package io.kitesql.table;

import static io.kitesql.table.TableFixture.all;
import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.indexAll;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static io.kitesql.table.TableFixture.scanAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.storage.Storage;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableStoreTest {
  @TempDir Path dir;
  Storage storage;

  @BeforeEach
  void open() {
    storage = TableFixture.open(dir);
  }

  @AfterEach
  void close() {
    storage.close();
  }

  static List<ColumnDef> allTypes() {
    return List.of(
        ColumnDef.of("id", DataType.INT).notNull(),
        ColumnDef.of("flag", DataType.BOOLEAN),
        ColumnDef.of("big", DataType.BIGINT),
        ColumnDef.of("dbl", DataType.DOUBLE),
        ColumnDef.of("amount", DataType.decimal(12, 2)),
        ColumnDef.of("name", DataType.varchar(40)),
        ColumnDef.of("blob", DataType.VARBINARY),
        ColumnDef.of("day", DataType.DATE),
        ColumnDef.of("at", DataType.TIMESTAMP));
  }

  static Object[] sample(int id) {
    return row(
        id,
        id % 2 == 0,
        10_000_000_000L * id,
        id / 4.0,
        new BigDecimal(id + ".25"),
        Text.of("name " + id + " ü"),
        Binary.of(new byte[] {(byte) id, 0, 7}),
        LocalDate.of(2024, 1, 1).plusDays(id),
        LocalDateTime.of(2024, 2, 3, 4, 5, 6, 7000 * id));
  }

  @Test
  void insertGetAndScanRoundTripEveryType() {
    var store = create(storage, "everything", allTypes(), List.of(0));
    storage.write(
        tx -> {
          for (int id : new int[] {3, 1, 2}) {
            store.insert(tx, sample(id));
          }
          store.insert(tx, row(4, null, null, null, null, null, null, null, null));
          return null;
        });
    var expected =
        List.of(
            plain(sample(1)),
            plain(sample(2)),
            plain(sample(3)),
            plain(row(4, null, null, null, null, null, null, null, null)));
    assertThat(scanAll(storage, store)).isEqualTo(expected);
    storage.read(
        tx -> {
          var got = store.get(tx, row(2), all(store)).orElseThrow();
          assertThat(plain(got)).isEqualTo(plain(sample(2)));
          assertThat(((Text) got[5]).isBorrowed()).isTrue();
          assertThat(((Binary) got[6]).isBorrowed()).isTrue();
          assertThat(store.get(tx, row(99), all(store))).isEmpty();
          assertThat(store.count(tx)).isEqualTo(4);
          return null;
        });
    // In a write transaction values are owned copies, same answers.
    storage.write(
        tx -> {
          var got = store.get(tx, row(3), all(store)).orElseThrow();
          assertThat(plain(got)).isEqualTo(plain(sample(3)));
          assertThat(((Text) got[5]).isBorrowed()).isFalse();
          return null;
        });
  }

  @Test
  void projectionFillsOnlyRequestedColumns() {
    var store = create(storage, "everything", allTypes(), List.of(0));
    storage.write(tx -> store.insert(tx, sample(7)));
    storage.read(
        tx -> {
          var rows = drain(store.scan(tx, KeyBounds.all(), new int[] {5, 2}));
          assertThat(plain(rows.getFirst()))
              .containsExactly(
                  null, null, 70_000_000_000L, null, null, "name 7 ü", null, null, null);
          var got = store.get(tx, row(7), new int[] {8}).orElseThrow();
          assertThat(got).hasSize(9);
          assertThat(got[8]).isEqualTo(sample(7)[8]);
          assertThat(got[0]).isNull();
          return null;
        });
  }

  @Test
  void singleColumnPrimaryKeyIsUnique() {
    var store =
        create(
            storage,
            "people",
            List.of(ColumnDef.of("id", DataType.INT), ColumnDef.of("name", DataType.VARCHAR)),
            List.of(0));
    storage.write(tx -> store.insert(tx, row(1, Text.of("ann"))));
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(1, Text.of("bob")))))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION))
        .hasMessageContaining("PRIMARY KEY")
        .hasMessageContaining("people")
        .hasMessageContaining("(id)=(1)");
    assertThat(scanAll(storage, store)).containsExactly(List.of(1, "ann"));
  }

  @Test
  void compositePrimaryKeyIsUniqueOnTheWholeKey() {
    var store =
        create(
            storage,
            "pairs",
            List.of(
                ColumnDef.of("a", DataType.INT),
                ColumnDef.of("b", DataType.VARCHAR),
                ColumnDef.of("v", DataType.INT)),
            List.of(0, 1));
    storage.write(
        tx -> {
          store.insert(tx, row(1, Text.of("x"), 1));
          store.insert(tx, row(1, Text.of("y"), 2));
          store.insert(tx, row(2, Text.of("x"), 3));
          return null;
        });
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(1, Text.of("y"), 9))))
        .hasMessageContaining("(a, b)=(1, 'y')")
        .hasMessageContaining("PRIMARY KEY");
    storage.read(
        tx -> {
          assertThat(plain(store.get(tx, row(1, "y"), all(store)).orElseThrow()))
              .containsExactly(1, "y", 2);
          return null;
        });
  }

  @Test
  void uniqueIndexRejectsDuplicatesButNotNulls() {
    var store =
        create(
            storage,
            "users",
            List.of(
                ColumnDef.of("id", DataType.INT),
                ColumnDef.of("email", DataType.VARCHAR),
                ColumnDef.of("org", DataType.INT)),
            List.of(0),
            t ->
                t.withIndex("users_email", List.of(1), true)
                    .withIndex("users_org_email", List.of(2, 1), true));
    storage.write(
        tx -> {
          store.insert(tx, row(1, Text.of("a@x"), 1));
          store.insert(tx, row(2, null, 1));
          store.insert(tx, row(3, null, 1));
          store.insert(tx, row(4, Text.of("b@x"), null));
          store.insert(tx, row(5, Text.of("ab@x"), null));
          return null;
        });
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(6, Text.of("a@x"), 2))))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION))
        .hasMessageContaining("users_email")
        .hasMessageContaining("(email)=('a@x')")
        .hasMessageContaining("users");
    assertThat(scanAll(storage, store)).hasSize(5);
    // A prefix of an existing value ('a' of 'a@x') is a different value.
    storage.write(tx -> store.insert(tx, row(7, Text.of("a"), 2)));
  }

  @Test
  void notNullNamesTheColumn() {
    var store =
        create(
            storage,
            "things",
            List.of(
                ColumnDef.of("id", DataType.INT),
                ColumnDef.of("label", DataType.VARCHAR).notNull()),
            List.of(0));
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(1, null))))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_NULL_VIOLATION))
        .hasMessageContaining("label")
        .hasMessageContaining("things");
    // A primary-key column is NOT NULL even when not declared so.
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(null, Text.of("x")))))
        .hasMessageContaining("column id");
    assertThat(scanAll(storage, store)).isEmpty();
  }

  @Test
  void hiddenRowIdAllowsDuplicatesInInsertionOrder() {
    var store =
        create(
            storage,
            "log",
            List.of(ColumnDef.of("msg", DataType.VARCHAR)),
            List.of(),
            t -> t.withIndex("log_msg", List.of(0), false));
    storage.write(
        tx -> {
          for (var m : List.of("b", "a", "b", "c", "a")) {
            store.insert(tx, row(Text.of(m)));
          }
          return null;
        });
    assertThat(scanAll(storage, store))
        .containsExactly(List.of("b"), List.of("a"), List.of("b"), List.of("c"), List.of("a"));
    storage.read(
        tx -> {
          assertThat(indexAll(tx, store, "log_msg", 0))
              .containsExactly(
                  List.of("a"), List.of("a"), List.of("b"), List.of("b"), List.of("c"));
          // Lookup by row id: the first insert got id 1.
          assertThat(plain(store.get(tx, row(1L), new int[] {0}).orElseThrow()))
              .containsExactly("b");
          var reverse = plain(drain(store.scan(tx, KeyBounds.all(), new int[] {0}, true)));
          assertThat(reverse)
              .containsExactly(
                  List.of("a"), List.of("c"), List.of("b"), List.of("a"), List.of("b"));
          return null;
        });
  }

  @Test
  void updateAndDeleteInATableWithoutPrimaryKey() {
    var store =
        create(
            storage,
            "log",
            List.of(ColumnDef.of("msg", DataType.VARCHAR), ColumnDef.of("n", DataType.INT)),
            List.of(),
            t -> t.withIndex("log_n", List.of(1), true));
    var refs =
        storage.write(
            tx ->
                List.of(
                    store.insert(tx, row(Text.of("a"), 1)),
                    store.insert(tx, row(Text.of("b"), 2))));
    storage.write(
        tx -> {
          assertThat(store.update(tx, refs.get(0), row(Text.of("a"), 1), row(Text.of("a2"), 3)))
              .isEqualTo(refs.get(0));
          assertThatThrownBy(
                  () -> store.update(tx, refs.get(1), row(Text.of("b"), 2), row(Text.of("b"), 3)))
              .hasMessageContaining("log_n");
          store.delete(tx, refs.get(1), row(Text.of("b"), 2));
          return null;
        });
    assertThat(scanAll(storage, store)).containsExactly(List.of("a2", 3));
    storage.read(
        tx -> {
          assertThat(indexAll(tx, store, "log_n", 1)).containsExactly(plain(row(null, 3)));
          return null;
        });
  }

  TableStore items() {
    return create(
        storage,
        "items",
        List.of(
            ColumnDef.of("id", DataType.INT),
            ColumnDef.of("code", DataType.VARCHAR),
            ColumnDef.of("qty", DataType.INT),
            ColumnDef.of("note", DataType.VARCHAR)),
        List.of(0),
        t -> t.withIndex("items_code", List.of(1), true).withIndex("items_qty", List.of(2), false));
  }

  @Test
  void updateMovesThePrimaryKeyAndRewritesChangedIndexEntries() {
    var store = items();
    var ref =
        storage.write(
            tx -> {
              store.insert(tx, row(2, Text.of("b"), 20, Text.of("two")));
              return store.insert(tx, row(1, Text.of("a"), 10, Text.of("one")));
            });
    // New primary key and unique value; qty stays, but its entry holds the PK: rewritten too.
    var moved =
        storage.write(
            tx ->
                store.update(
                    tx,
                    ref,
                    row(1, Text.of("a"), 10, Text.of("one")),
                    row(5, Text.of("z"), 10, Text.of("one!"))));
    assertThat(moved).isNotEqualTo(ref);
    assertThat(scanAll(storage, store))
        .containsExactly(List.of(2, "b", 20, "two"), List.of(5, "z", 10, "one!"));
    storage.read(
        tx -> {
          // Covered scans read the keys alone: a stale entry would show up here.
          assertThat(indexAll(tx, store, "items_code", 0, 1))
              .containsExactly(plain(row(2, "b", null, null)), plain(row(5, "z", null, null)));
          assertThat(indexAll(tx, store, "items_qty", 0, 2))
              .containsExactly(plain(row(5, null, 10, null)), plain(row(2, null, 20, null)));
          assertThat(store.get(tx, row(1), all(store))).isEmpty();
          assertThat(plain(store.get(tx, moved, all(store)).orElseThrow()))
              .containsExactly(5, "z", 10, "one!");
          return null;
        });
    var same =
        storage.write(
            tx ->
                store.update(
                    tx,
                    moved,
                    row(5, Text.of("z"), 10, Text.of("one!")),
                    row(5, Text.of("z"), 30, Text.of("one!"))));
    assertThat(same).isEqualTo(moved);
    storage.read(
        tx -> {
          assertThat(indexAll(tx, store, "items_qty", 0, 2))
              .containsExactly(plain(row(2, null, 20, null)), plain(row(5, null, 30, null)));
          return null;
        });
    // Moving the key while keeping the unique value must not conflict with the row itself.
    storage.write(
        tx ->
            store.update(
                tx,
                same,
                row(5, Text.of("z"), 30, Text.of("one!")),
                row(6, Text.of("z"), 30, Text.of("one!"))));
    storage.read(
        tx -> {
          assertThat(indexAll(tx, store, "items_code", 0, 1))
              .containsExactly(plain(row(2, "b", null, null)), plain(row(6, "z", null, null)));
          assertThat(indexAll(tx, store, "items_qty", 0, 2))
              .containsExactly(plain(row(2, null, 20, null)), plain(row(6, null, 30, null)));
          return null;
        });
  }

  @Test
  void updateRechecksConstraintsAndWritesNothingOnFailure() {
    var store = items();
    var ref =
        storage.write(
            tx -> {
              store.insert(tx, row(2, Text.of("b"), 20, null));
              return store.insert(tx, row(1, Text.of("a"), 10, null));
            });
    var before = scanAll(storage, store);
    Object[] old = row(1, Text.of("a"), 10, null);
    assertThatThrownBy(
            () -> storage.write(tx -> store.update(tx, ref, old, row(1, Text.of("b"), 11, null))))
        .hasMessageContaining("items_code")
        .hasMessageContaining("('b')");
    assertThatThrownBy(
            () -> storage.write(tx -> store.update(tx, ref, old, row(2, Text.of("c"), 11, null))))
        .hasMessageContaining("PRIMARY KEY")
        .hasMessageContaining("(id)=(2)");
    assertThatThrownBy(
            () ->
                storage.write(
                    tx -> {
                      // Inside one transaction: the failed update leaves the earlier write and
                      // nothing else.
                      store.insert(tx, row(3, Text.of("c"), 30, null));
                      try {
                        store.update(tx, ref, old, row(2, Text.of("d"), 11, null));
                      } catch (KiteSqlException e) {
                        assertThat(plain(drain(store.scan(tx, KeyBounds.all(), all(store)))))
                            .containsExactly(
                                plain(row(1, "a", 10, null)),
                                plain(row(2, "b", 20, null)),
                                plain(row(3, "c", 30, null)));
                        assertThat(
                                plain(
                                    drain(
                                        store.indexScan(
                                            tx,
                                            TableFixture.index(store, "items_code"),
                                            KeyBounds.all(),
                                            new int[] {0, 1}))))
                            .hasSize(3);
                        throw e;
                      }
                      return null;
                    }))
        .isInstanceOf(KiteSqlException.class);
    assertThat(scanAll(storage, store)).isEqualTo(before);
  }

  @Test
  void deleteRemovesRowAndIndexEntries() {
    var store = items();
    var ref =
        storage.write(
            tx -> {
              store.insert(tx, row(2, Text.of("b"), 20, null));
              return store.insert(tx, row(1, Text.of("a"), 10, null));
            });
    storage.write(
        tx -> {
          var found = store.scan(tx, KeyBounds.equal(1), all(store));
          assertThat(found.next()).isTrue();
          assertThat(found.ref()).isEqualTo(ref);
          var oldRow = found.row();
          found.close();
          store.delete(tx, ref, oldRow);
          return null;
        });
    assertThat(scanAll(storage, store)).containsExactly(plain(row(2, "b", 20, null)));
    storage.read(
        tx -> {
          assertThat(indexAll(tx, store, "items_code", 0, 1))
              .containsExactly(plain(row(2, "b", null, null)));
          assertThat(indexAll(tx, store, "items_qty", 0, 2))
              .containsExactly(plain(row(2, null, 20, null)));
          return null;
        });
    // The unique value is free again.
    storage.write(tx -> store.insert(tx, row(3, Text.of("a"), 10, null)));
  }

  @Test
  void failedInsertLeavesNothingBehind() {
    var store =
        create(
            storage,
            "events",
            List.of(ColumnDef.of("code", DataType.VARCHAR), ColumnDef.of("kind", DataType.INT)),
            List.of(),
            t ->
                t.withIndex("events_kind", List.of(1), false)
                    .withIndex("events_code", List.of(0), true));
    storage.write(tx -> store.insert(tx, row(Text.of("x"), 1)));
    storage.write(
        tx -> {
          assertThatThrownBy(() -> store.insert(tx, row(Text.of("x"), 2)))
              .hasMessageContaining("events_code");
          assertThatThrownBy(() -> store.insert(tx, row(Text.of("y".repeat(600)), 3)))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE))
              .hasMessageContaining("events");
          // Same transaction: neither a row nor an entry of the non-unique index was written.
          assertThat(store.count(tx)).isEqualTo(1);
          assertThat(
                  plain(
                      drain(
                          store.indexScan(
                              tx,
                              TableFixture.index(store, "events_kind"),
                              KeyBounds.all(),
                              new int[] {1}))))
              .containsExactly(plain(row(null, 1)));
          // Nor was a row id used up: the next row gets id 2.
          var ref = store.insert(tx, row(Text.of("z"), 4));
          assertThat(plain(store.get(tx, row(2L), new int[] {0}).orElseThrow()))
              .isEqualTo(plain(row("z", null)));
          assertThat(store.get(tx, ref, new int[] {1}).orElseThrow()[1]).isEqualTo(4);
          return null;
        });
  }

  @Test
  void primaryKeyTooLargeNamesTheTable() {
    var store =
        create(storage, "docs", List.of(ColumnDef.of("path", DataType.VARCHAR)), List.of(0));
    assertThatThrownBy(() -> storage.write(tx -> store.insert(tx, row(Text.of("p".repeat(520))))))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE))
        .hasMessageContaining("table docs")
        .hasMessageContaining("PRIMARY KEY");
  }

  @Test
  void indexEntryTooLargeIsCaughtBeforeTheRowIsWritten() {
    var store =
        create(
            storage,
            "tags",
            List.of(ColumnDef.of("id", DataType.INT), ColumnDef.of("tag", DataType.VARCHAR)),
            List.of(0),
            t -> t.withIndex("tags_tag", List.of(1), false));
    storage.write(
        tx -> {
          // 9 prefix + 1 marker + 495 + 2 terminator = 507 bytes of values fit; the pk's 5 more do
          // not.
          assertThatThrownBy(() -> store.insert(tx, row(1, Text.of("t".repeat(495)))))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE))
              .hasMessageContaining("tags_tag")
              .hasMessageContaining("table tags");
          // Too large already as values: the encoder's limit, with the index named.
          assertThatThrownBy(() -> store.insert(tx, row(2, Text.of("t".repeat(600)))))
              .hasMessageContaining("index tags_tag");
          var ref = store.insert(tx, row(3, Text.of("short")));
          assertThatThrownBy(
                  () ->
                      store.update(
                          tx, ref, row(3, Text.of("short")), row(3, Text.of("t".repeat(495)))))
              .hasMessageContaining("tags_tag");
          assertThat(plain(drain(store.scan(tx, KeyBounds.all(), all(store)))))
              .containsExactly(List.of(3, "short"));
          return null;
        });
  }

  @Test
  void boundsLongerThanTheKeyAreRejected() {
    var store =
        create(
            storage,
            "kv",
            List.of(ColumnDef.of("k", DataType.INT), ColumnDef.of("v", DataType.INT)),
            List.of(0));
    storage.read(
        tx -> {
          assertThatThrownBy(() -> store.scan(tx, KeyBounds.equal(1, 2), new int[] {0}))
              .isInstanceOf(IllegalArgumentException.class)
              .hasMessageContaining("kv");
          return null;
        });
  }

  @Test
  void borrowedValuesLiveAsLongAsTheReadTransaction() {
    var store =
        create(
            storage,
            "notes",
            List.of(ColumnDef.of("id", DataType.INT), ColumnDef.of("body", DataType.VARCHAR)),
            List.of(0),
            t -> t.withIndex("notes_body", List.of(1), false));
    storage.write(
        tx -> {
          for (int i = 0; i < 300; i++) {
            store.insert(tx, row(i, Text.of("body of note " + i)));
          }
          return null;
        });
    Object[] first;
    Object[] coveredFirst;
    try (var tx = storage.beginRead()) {
      var rows = drain(store.scan(tx, KeyBounds.all(), new int[] {1}));
      var covered =
          drain(
              store.indexScan(
                  tx, TableFixture.index(store, "notes_body"), KeyBounds.all(), new int[] {0, 1}));
      first = rows.getFirst();
      coveredFirst = covered.getFirst();
      // Rows kept from the start of the walk still read right after it ended.
      assertThat(first[1].toString()).isEqualTo("body of note 0");
      assertThat(rows.getLast()[1].toString()).isEqualTo("body of note 299");
      assertThat(coveredFirst[1].toString()).isEqualTo("body of note 0");
      assertThat(((Text) first[1]).isBorrowed()).isTrue();
      assertThat(((Text) coveredFirst[1]).isBorrowed()).isTrue();
    }
    assertThatThrownBy(() -> first[1].toString()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ((Text) coveredFirst[1]).length())
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void cursorMisuseIsReported() {
    var store = items();
    storage.write(tx -> store.insert(tx, row(1, Text.of("a"), 1, null)));
    storage.read(
        tx -> {
          var cursor = store.scan(tx, KeyBounds.all(), new int[] {0});
          assertThatThrownBy(cursor::row).isInstanceOf(IllegalStateException.class);
          assertThat(cursor.next()).isTrue();
          assertThat(cursor.next()).isFalse();
          assertThat(cursor.next()).isFalse();
          assertThatThrownBy(cursor::ref).isInstanceOf(IllegalStateException.class);
          cursor.close();
          cursor.close();
          assertThatThrownBy(cursor::next).isInstanceOf(IllegalStateException.class);
          assertThatThrownBy(() -> store.scan(tx, KeyBounds.all(), new int[] {4}))
              .isInstanceOf(IndexOutOfBoundsException.class);
          return null;
        });
  }
}
