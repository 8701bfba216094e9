package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk DELETE or UPDATE asks once whether the table has out-of-line entries at all ({@link
 * TableStore#mayHaveLongEntries}) and skips deleting the entries of long values when it has none;
 * where it has some, they are deleted with their rows. Expected rows come from the values written.
 */
class LongEntriesProbeTest {
  @TempDir Path dir;
  Storage storage;
  TableStore store;
  private OutOfLineSetting outOfLine;

  @BeforeEach
  void open() {
    outOfLine = OutOfLineSetting.off();
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "docs",
            List.of(
                ColumnDef.of("id", DataType.INT).notNull(), ColumnDef.of("note", DataType.VARCHAR)),
            List.of(0));
  }

  @AfterEach
  void close() {
    outOfLine.close();
    storage.close();
  }

  private static String note(int id) {
    return String.valueOf((char) ('a' + id % 26)).repeat(2_000 + id); // over the 1,536-byte budget
  }

  private List<RowRef> refs(List<Integer> ids) {
    var keys = new TableKeys(store.table());
    return ids.stream()
        .map(id -> new RowRef(keys.rowKeyOf(new io.kitesql.codec.KeyEncoder(), new Object[] {id})))
        .toList();
  }

  private boolean probe() {
    return storage.write(tx -> store.mayHaveLongEntries(tx));
  }

  private List<String> problems() {
    return storage.read(tx -> IntegrityCheck.run(tx).problems());
  }

  @Test
  void inlineLongValuesNeedNoEntryDeletesAndLeaveNothingBehind() {
    storage.write(
        tx -> {
          for (int id = 0; id < 10; id++) {
            store.insert(tx, row(id, note(id)));
          }
          return null;
        });
    assertThat(probe()).as("long values inline: no entries").isFalse();
    var gone = List.of(0, 2, 4, 6, 8);
    storage.write(
        tx -> {
          store.deleteAll(tx, refs(gone), gone.stream().map(id -> row(id, note(id))).toList());
          for (int id : List.of(1, 3)) {
            store.update(
                tx, refs(List.of(id)).getFirst(), row(id, note(id)), row(id, note(id + 1)), false);
          }
          return null;
        });
    var expected = new ArrayList<List<Object>>();
    for (int id : List.of(1, 3, 5, 7, 9)) {
      expected.add(plain(row(id, id < 5 ? note(id + 1) : note(id))));
    }
    assertThat(TableFixture.scanAll(storage, store)).isEqualTo(expected);
    assertThat(problems()).isEmpty();
  }

  @Test
  void rowsWithEntriesAreFoundByTheProbeAndDeletedWithThem() {
    storage.write(
        tx -> {
          for (int id = 0; id < 4; id++) {
            store.insert(tx, row(id, note(id))); // inline
          }
          return null;
        });
    System.setProperty(EngineSwitches.ROWS_OUT_OF_LINE, "true");
    var outOfLine = new TableStore(store.table());
    storage.write(
        tx -> {
          for (int id = 4; id < 8; id++) {
            outOfLine.insert(tx, row(id, note(id)));
          }
          return null;
        });
    assertThat(probe()).isTrue();
    var all = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    storage.write(
        tx -> {
          outOfLine.deleteAll(tx, refs(all), all.stream().map(id -> row(id, note(id))).toList());
          return null;
        });
    assertThat(TableFixture.scanAll(storage, store)).isEmpty();
    assertThat(problems()).as("no orphaned out-of-line entry").isEmpty();
    assertThat(probe()).as("the entries' own range is the marker: empty again").isFalse();
  }
}
