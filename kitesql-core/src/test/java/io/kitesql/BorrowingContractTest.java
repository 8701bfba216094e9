package io.kitesql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.MappedRegions;
import io.kitesql.storage.Storage;
import io.kitesql.testing.Allocations;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-copy contract (docs/design.md) end to end, through storage, row codec and {@link Text}:
 * read-only transactions lend the map, views die loudly with their transaction, writes copy.
 */
class BorrowingContractTest {
  private static final RowLayout LAYOUT = new RowLayout(List.of(DataType.INT, DataType.VARCHAR));
  private static final int ROWS = 100;

  @TempDir Path dir;

  /**
   * A note of {@code size} bytes whose content depends on the row, mixing in non-ASCII text for odd
   * rows.
   */
  static String note(int row, int size) {
    var unit = row % 2 == 0 ? "row " + row + " kite " : "row " + row + " drachen 🪁 ü ";
    int unitBytes = unit.getBytes(StandardCharsets.UTF_8).length;
    var sb = new StringBuilder(size);
    for (int bytes = 0; bytes < size; ) {
      if (size - bytes >= unitBytes) {
        sb.append(unit);
        bytes += unitBytes;
      } else {
        sb.append('.');
        bytes++;
      }
    }
    return sb.toString();
  }

  static byte[] rowKey(int row) {
    return new KeyEncoder().appendTableId(1).appendRawByte('r').appendInt(row).toByteArray();
  }

  static Storage fill(Path path, int noteBytes) {
    var storage = Storage.open(path, StorageOptions.defaults().withMapSize(1L << 30));
    var encoder = new RowEncoder(LAYOUT);
    storage.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            tx.put(
                Keyspace.DATA,
                rowKey(i),
                encoder.encode(new Object[] {i, Text.of(note(i, noteBytes))}));
          }
          return null;
        });
    return storage;
  }

  /** Scans all rows, handing each note to {@code sink}. */
  static void scan(KvTransaction tx, RowView view, Consumer<Text> sink) {
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean ok = cursor.first(); ok; ok = cursor.next()) {
        var v = cursor.value();
        view.wrap(v.base(), v.offset(), v.length(), tx.scope());
        sink.accept(view.getText(1));
      }
    }
  }

  @Test
  void everyTextReadInAReadOnlyTransactionLiesInsideTheMap() {
    try (var storage = fill(dir, 256 * 1024)) {
      try (var tx = storage.beginRead()) {
        var map = MappedRegions.of(storage.dataFile());
        assertThat(map.isEmpty()).as("data.mdb is mapped").isFalse();
        var notes = new ArrayList<Text>();
        scan(tx, new RowView(LAYOUT), notes::add);
        assertThat(notes).hasSize(ROWS);
        for (int i = 0; i < ROWS; i++) {
          var t = notes.get(i);
          assertThat(t.isBorrowed()).isTrue();
          assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
              .as("note %d at 0x%x lies in the LMDB map", i, t.asReadOnlySegment().address())
              .isTrue();
          // Values stay valid for the transaction, not only the row: row 0 read after row 99.
          var expected = note(i, 256 * 1024);
          assertThat(t.length()).isEqualTo(expected.length());
          assertThat(t.charAt(expected.length() - 1))
              .isEqualTo(expected.charAt(expected.length() - 1));
        }
        assertThat(notes.getFirst().toString()).isEqualTo(note(0, 256 * 1024));
        assertThat(notes.get(1).toString()).isEqualTo(note(1, 256 * 1024));
      }
    }
  }

  @Test
  void readingHugeValuesAllocatesNoMoreThanReadingTinyOnes() {
    long tiny;
    long huge;
    try (var storage = fill(dir.resolve("tiny"), 64)) {
      tiny = bytesPerScan(storage);
    }
    try (var storage = fill(dir.resolve("huge"), 256 * 1024)) {
      huge = bytesPerScan(storage);
    }
    System.out.printf(
        "heap bytes per scan of %d values: 64 B notes %d, 256 KiB notes %d%n", ROWS, tiny, huge);
    assertThat(huge)
        .as("heap bytes for 100 values of 256 KiB (%d) vs of 64 B (%d)", huge, tiny)
        .isLessThanOrEqualTo(2 * tiny + 4096);
  }

  private static long bytesPerScan(Storage storage) {
    var view = new RowView(LAYOUT);
    long[] sink = new long[1];
    try (var tx = storage.beginRead()) {
      return Allocations.minBytes(
          20, () -> scan(tx, view, t -> sink[0] += t.length() + t.charAt(t.length() - 1)));
    }
  }

  @Test
  void aTextKeptPastItsTransactionThrowsOnEveryThreadAndIsReadableByOthersWhileItLives()
      throws Exception {
    try (var storage = fill(dir, 1024)) {
      var tx = storage.beginRead();
      var kept = new ArrayList<Text>();
      scan(tx, new RowView(LAYOUT), kept::add);
      var ascii = kept.get(0);
      var unicode = kept.get(1);

      // While the transaction lives, another thread reads the values.
      var fromOther =
          CompletableFuture.supplyAsync(
                  () -> ascii.toString() + "|" + unicode.charAt(unicode.length() - 1),
                  r -> Thread.ofVirtual().start(r))
              .get(5, TimeUnit.SECONDS);
      assertThat(fromOther)
          .isEqualTo(note(0, 1024) + "|" + note(1, 1024).charAt(note(1, 1024).length() - 1));

      tx.close();
      for (var t : List.of(ascii, unicode)) {
        assertThatThrownBy(() -> t.charAt(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(t::toString).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> t.subSequence(0, 2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> t.writeUtf8To(new ByteArrayOutputStream()))
            .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(t::hashCode).isInstanceOf(IllegalStateException.class);
        var other = new CompletableFuture<Throwable>();
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    t.charAt(0);
                    other.complete(null);
                  } catch (Throwable e) {
                    other.complete(e);
                  }
                });
        assertThat(other.get(5, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
      }

      // The context is reused by the next transaction: old views stay dead.
      try (var next = storage.beginRead()) {
        scan(next, new RowView(LAYOUT), t -> {});
        assertThatThrownBy(() -> ascii.charAt(0)).isInstanceOf(IllegalStateException.class);
      }
    }
  }

  @Test
  void writeTransactionsReturnOwnedCopiesThatOutliveThem() {
    try (var storage = fill(dir, 4096)) {
      var kept = new ArrayList<Text>();
      storage.write(
          tx -> {
            scan(tx, new RowView(LAYOUT), kept::add);
            return null;
          });
      var map = MappedRegions.of(storage.dataFile());
      assertThat(kept).hasSize(ROWS);
      for (int i = 0; i < ROWS; i++) {
        var t = kept.get(i);
        assertThat(t.isBorrowed()).isFalse();
        assertThat(map.contains(t.asReadOnlySegment().address(), 1)).isFalse();
        assertThat(t.toString()).isEqualTo(note(i, 4096));
      }
    }
  }
}
