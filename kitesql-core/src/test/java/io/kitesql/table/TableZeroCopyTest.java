package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.storage.MappedRegions;
import io.kitesql.storage.Storage;
import io.kitesql.testing.Allocations;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-copy contract (docs/design.md) through the table layer: reads lend the map, and only the
 * map.
 */
class TableZeroCopyTest {
  static final int ROWS = 100;

  @TempDir Path dir;

  static TableStore fill(Storage storage, int noteBytes) {
    var store =
        create(
            storage,
            "notes",
            List.of(
                ColumnDef.of("id", DataType.INT),
                ColumnDef.of("tag", DataType.VARCHAR),
                ColumnDef.of("body", DataType.VARCHAR)),
            List.of(0),
            t -> t.withIndex("notes_tag", List.of(1), false));
    storage.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            var body = ("note " + i + " ü ").repeat(noteBytes / 6 + 1).substring(0, noteBytes);
            store.insert(tx, row(i, Text.of("tag" + i % 7), Text.of(body)));
          }
          return null;
        });
    return store;
  }

  @Test
  void everyReadPathReturnsTextInsideTheMap() {
    try (var storage = TableFixture.open(dir)) {
      var store = fill(storage, 300);
      var tag = TableFixture.index(store, "notes_tag");
      try (var tx = storage.beginRead()) {
        var map = MappedRegions.of(storage.dataFile());
        assertThat(map.isEmpty()).isFalse();
        var texts = new ArrayList<Text>();
        drain(store.scan(tx, KeyBounds.all(), new int[] {1, 2}))
            .forEach(r -> texts.add((Text) r[2]));
        texts.add((Text) store.get(tx, row(5), new int[] {2}).orElseThrow()[2]);
        drain(store.indexScan(tx, tag, KeyBounds.all(), new int[] {1, 0}))
            .forEach(r -> texts.add((Text) r[1]));
        drain(store.indexScan(tx, tag, KeyBounds.equal(Text.of("tag3")), new int[] {2}, true))
            .forEach(r -> texts.add((Text) r[2]));
        assertThat(texts).hasSizeGreaterThan(2 * ROWS);
        for (var t : texts) {
          assertThat(t.isBorrowed()).isTrue();
          assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
              .as("inside the map")
              .isTrue();
        }
      }
    }
  }

  @Test
  void scanningHugeValuesAllocatesNoMoreThanScanningTinyOnes() {
    long tiny = bytesPerScan(dir.resolve("tiny"), 64);
    long huge = bytesPerScan(dir.resolve("huge"), 64 * 1024);
    assertThat(huge)
        .as("heap bytes per scan: 64 KiB notes %d vs 64 B notes %d", huge, tiny)
        .isLessThanOrEqualTo(2 * tiny + 4096);
  }

  private static long bytesPerScan(Path dir, int noteBytes) {
    try (var storage = TableFixture.open(dir)) {
      var store = fill(storage, noteBytes);
      long[] sink = new long[1];
      try (var tx = storage.beginRead()) {
        return Allocations.minBytes(
            10,
            () -> {
              try (var cursor = store.scan(tx, KeyBounds.all(), new int[] {2})) {
                while (cursor.next()) {
                  var t = (Text) cursor.row()[2];
                  sink[0] += t.length() + t.charAt(t.length() - 1);
                }
              }
            });
      }
    }
  }
}
