package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.index;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Index scans that look rows up a batch ahead (read-only transactions, {@link RangeCursor}): the
 * rows, their order, refs and stored-row views are those of the row-by-row walk, across batch
 * boundaries (batches of 4, 8, 16, 16, ...) and switches between batches (long rows) and single
 * rows (short ones), in both directions, when the caller stops early, when the transaction ends
 * mid-batch, and with long values inline and out of line (rows then short, in the leaf).
 */
class ReadAheadTest {
  // Columns: id INT (PK), grp INT (indexed), note VARCHAR.
  static final int ID = 0, GRP = 1, NOTE = 2;
  static final int ROWS = 150;
  static final int GROUPS = 3;

  @TempDir Path dir;
  Storage storage;
  TableStore store;

  /**
   * A note per id: long enough for an overflow page (and for out-of-line storage) for every 5th id
   * and for every id from 120 on, short otherwise, so a walk switches between batches and single
   * rows and ends with batches of long rows only.
   */
  static String note(int id) {
    int length = id % 5 == 0 || id >= 120 ? 9_000 + id : 20 + id % 7;
    var sb = new StringBuilder(length);
    sb.append("n").append(id).append(' ');
    while (sb.length() < length) {
      sb.append((char) ('a' + (id + sb.length()) % 26));
    }
    return sb.toString();
  }

  /** Creates the table, its index on grp, and {@link #ROWS} rows inserted in a scattered order. */
  void load() {
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "notes",
            List.of(
                ColumnDef.of("id", DataType.INT).notNull(),
                ColumnDef.of("grp", DataType.INT),
                ColumnDef.of("note", DataType.VARCHAR)),
            List.of(ID),
            t -> t.withIndex("notes_grp", List.of(GRP), false));
    storage.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            int id = (i * 61) % ROWS; // 61 is prime to ROWS: every id once, not in key order
            store.insert(tx, row(id, id % GROUPS, Text.of(note(id))));
          }
          return null;
        });
  }

  @AfterEach
  void close() {
    if (storage != null) {
      storage.close();
    }
  }

  /** The expected rows of group {@code g} ({@code id, grp, note}), in index order (ties by id). */
  static List<List<Object>> group(int g, boolean reverse) {
    var ids =
        IntStream.range(0, ROWS)
            .filter(id -> id % GROUPS == g)
            .boxed()
            .sorted(reverse ? Comparator.reverseOrder() : Comparator.naturalOrder())
            .toList();
    return ids.stream().map(id -> List.<Object>of(id, g, note(id))).toList();
  }

  /**
   * An index scan cursor on grp made while the read-ahead property is {@code size} (null: unset).
   */
  TableCursor cursor(Integer size, boolean reverse, boolean reuseRows) {
    String previous =
        size == null
            ? System.clearProperty(EngineSwitches.READ_AHEAD)
            : System.setProperty(EngineSwitches.READ_AHEAD, size.toString());
    try {
      return store.cursor(
          Optional.of(index(store, "notes_grp")), new int[] {ID, GRP, NOTE}, reverse, reuseRows);
    } finally {
      if (previous == null) {
        System.clearProperty(EngineSwitches.READ_AHEAD);
      } else {
        System.setProperty(EngineSwitches.READ_AHEAD, previous);
      }
    }
  }

  /** Every row of the open {@code cursor}, as plain values (copied while the transaction lives). */
  static List<List<Object>> rows(TableCursor cursor) {
    var out = new ArrayList<List<Object>>();
    while (cursor.next()) {
      out.add(plain(cursor.row()));
    }
    return out;
  }

  @Test
  void rowsInIndexOrderAcrossBatchesBothWaysAndAgainAfterReopening() {
    load();
    for (boolean reverse : new boolean[] {false, true}) {
      var ahead = cursor(null, reverse, true);
      var oneByOne = cursor(0, reverse, true);
      for (int round = 0;
          round < 2;
          round++) { // the second round reopens the same cursors in a new transaction
        try (var tx = storage.beginRead()) {
          for (int g = 0; g < GROUPS; g++) {
            ahead.reopen(tx, List.of(g), true, List.of(g), true);
            oneByOne.reopen(tx, List.of(g), true, List.of(g), true);
            var expected = group(g, reverse);
            assertThat(expected)
                .hasSizeGreaterThan(RangeCursor.FIRST_BATCH + 2 * RangeCursor.FIRST_BATCH + 16);
            assertThat(rows(ahead)).isEqualTo(expected);
            assertThat(rows(oneByOne)).isEqualTo(expected);
            assertThat(ahead.next()).isFalse(); // stays exhausted
          }
          // A range over several groups, and one with no entry at all.
          ahead.reopen(tx, List.of(1), true, List.of(), true);
          var many = rows(ahead);
          assertThat(many).hasSize(ROWS - group(0, false).size());
          ahead.reopen(tx, List.of(GROUPS), true, List.of(GROUPS), true);
          assertThat(ahead.next()).isFalse();
        }
      }
      ahead.close();
      oneByOne.close();
    }
  }

  @Test
  void refsAndStoredRowsAreThoseOfTheRowHandedOutNotOfTheBatchsLast() {
    load();
    try (var tx = storage.beginRead();
        var cursor = cursor(null, false, false)) {
      cursor.reopen(tx, List.of(2), true, List.of(2), true);
      var kept = new ArrayList<Object[]>();
      var expected = group(2, false);
      for (int i = 0; cursor.next(); i++) {
        var row = cursor.row();
        kept.add(row);
        int id = (Integer) expected.get(i).getFirst();
        var byRef = store.get(tx, cursor.ref(), TableFixture.all(store)).orElseThrow();
        assertThat(byRef[ID]).isEqualTo(id);
        assertThat(cursor.currentRow().getValue(ID)).isEqualTo(id);
        assertThat(cursor.currentRow().getValue(NOTE).toString()).isEqualTo(note(id));
        assertThat(((Text) row[NOTE]).isBorrowed()).isTrue();
      }
      // Rows are new arrays each (not reuseRows): the kept ones still read as they did.
      assertThat(plain(kept)).isEqualTo(expected);
    }
  }

  @Test
  void aCallerThatStopsEarlyGetsTheFirstRowsAndTheCursorServesTheNextWalk() {
    load();
    var expected = group(0, false);
    try (var tx = storage.beginRead();
        var cursor = cursor(null, false, true)) {
      for (int limit : new int[] {1, RangeCursor.FIRST_BATCH, RangeCursor.FIRST_BATCH + 1, 13}) {
        cursor.reopen(tx, List.of(0), true, List.of(0), true);
        var first = new ArrayList<List<Object>>();
        while (first.size() < limit && cursor.next()) {
          first.add(plain(cursor.row()));
        }
        assertThat(first).isEqualTo(expected.subList(0, limit));
      }
      cursor.close();
      assertThatThrownBy(cursor::next)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("closed");
      cursor.reopen(tx, List.of(0), true, List.of(0), true);
      assertThat(rows(cursor)).isEqualTo(expected);
    }
  }

  @Test
  void theEndOfTheTransactionMidBatchEndsTheWalkAndItsText() {
    load();
    var cursor = cursor(null, false, false);
    try (var first = storage.beginRead()) {
      cursor.reopen(first, List.of(1), true, List.of(1), true);
      assertThat(rows(cursor))
          .hasSize(group(1, false).size()); // ends on long rows: the next walk starts with a batch
    }
    var tx = storage.beginRead();
    cursor.reopen(tx, List.of(1), true, List.of(1), true);
    assertThat(cursor.next()).isTrue(); // the first batch holds more rows than this one
    var text = (Text) cursor.row()[NOTE];
    tx.close();
    assertThatThrownBy(cursor::next)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("transaction already closed");
    assertThatThrownBy(text::length).isInstanceOf(IllegalStateException.class);
    cursor.close();
  }

  @Test
  void rowsWithValuesOutOfLineStayShortAndReadAsBefore() {
    try (var outOfLine = OutOfLineSetting.on()) {
      load();
    }
    for (boolean reverse : new boolean[] {false, true}) {
      try (var tx = storage.beginRead();
          var cursor = cursor(null, reverse, true)) {
        for (int g = 0; g < GROUPS; g++) {
          cursor.reopen(tx, List.of(g), true, List.of(g), true);
          assertThat(rows(cursor)).isEqualTo(group(g, reverse));
        }
      }
    }
  }

  @Test
  void aWriteTransactionsScanStillSeesItsOwnChangesToRowsAhead() {
    load();
    var expected = group(1, false);
    int last = (Integer) expected.getLast().getFirst();
    int secondLast = (Integer) expected.get(expected.size() - 2).getFirst();
    storage.write(
        tx -> {
          var seen = new ArrayList<List<Object>>();
          try (var cursor =
              store.indexScan(
                  tx, index(store, "notes_grp"), KeyBounds.equal(1), new int[] {ID, GRP, NOTE})) {
            while (cursor.next()) {
              seen.add(plain(cursor.row()));
              if (seen.size() == 1) {
                // Rows the walk has not reached yet: one deleted, one rewritten with a new note.
                store.delete(tx, new RowRef(refOf(tx, last)), row(last, 1, Text.of(note(last))));
                var ref = new RowRef(refOf(tx, secondLast));
                store.update(
                    tx,
                    ref,
                    row(secondLast, 1, Text.of(note(secondLast))),
                    row(secondLast, 1, Text.of("changed")));
              }
            }
          }
          var want = new ArrayList<>(expected.subList(0, expected.size() - 2));
          want.add(List.of(secondLast, 1, "changed"));
          assertThat(seen).isEqualTo(want);
          return null;
        });
  }

  /** The row key of the row with primary key {@code id}. */
  private byte[] refOf(io.kitesql.storage.KvTransaction tx, int id) {
    try (var cursor = store.scan(tx, KeyBounds.equal(id), new int[] {ID})) {
      assertThat(cursor.next()).isTrue();
      return cursor.ref().key();
    }
  }
}
