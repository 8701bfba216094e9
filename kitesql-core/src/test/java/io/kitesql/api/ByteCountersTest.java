package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.Test;

/** The engine's own counters of bytes lent from the map and bytes copied out of it. */
class ByteCountersTest {
  @TempDatabase Database db;

  @Test
  void readOnlyTransactionsBorrowAndWriteTransactionsCopy() {
    int noteBytes = 64 * 1024;
    db.execute("create table t (id int primary key, note varchar)");
    for (int i = 0; i < 3; i++) {
      db.execute("insert into t values (?, ?)", i, "x".repeat(noteBytes));
    }
    var all = db.prepare("select note from t");
    try (var tx = db.beginRead()) {
      long before = tx.bytesBorrowed(); // opening read the catalog version: a few bytes
      assertThat(before).isLessThan(64);
      try (var rows = tx.query(all)) {
        while (rows.next()) {
          assertThat(rows.getText(0).length()).isEqualTo(noteBytes);
        }
      }
      // three rows, each holding a 64 KiB note: at least that much was lent, nothing copied
      assertThat(tx.bytesBorrowed() - before)
          .isGreaterThanOrEqualTo(3L * noteBytes)
          .isLessThan(4L * noteBytes);
      assertThat(tx.bytesCopied()).isZero();
    }
    db.write(
        tx -> {
          long before = tx.bytesCopied();
          try (var rows = tx.query(all)) {
            while (rows.next()) {
              assertThat(rows.getText(0).isBorrowed()).isFalse();
            }
          }
          assertThat(tx.bytesCopied() - before).isGreaterThanOrEqualTo(3L * noteBytes);
          assertThat(tx.bytesBorrowed()).isZero();
          return null;
        });
  }
}
