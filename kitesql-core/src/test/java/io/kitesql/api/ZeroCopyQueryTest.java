package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.storage.MappedRegions;
import io.kitesql.testing.Allocations;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The zero-copy contract (docs/design.md) through SQL: in a read-only transaction, text reaches the
 * caller as a view of the LMDB map through scan, filter, sort, top-N, DISTINCT, GROUP BY keys and
 * MIN/MAX, and the heap bytes per execution do not grow with the length of the text.
 */
class ZeroCopyQueryTest {
  private static final int CUSTOMERS = 4;
  private static final int PER_CUSTOMER = 10;

  @TempDatabase(mapSize = 1L << 30)
  Database db;

  static void filled(Database db, int noteBytes) {
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar, amount int, note varchar)");
    db.execute("create index orders_customer_status on orders (customer_id, status)");
    var insert = db.prepare("insert into orders values (?, ?, ?, ?, ?)");
    db.write(
        tx -> {
          int id = 0;
          for (int c = 0; c < CUSTOMERS; c++) {
            for (int i = 0; i < PER_CUSTOMER; i++, id++) {
              tx.execute(insert, id, c, i % 2 == 0 ? "open" : "done", i * 10, note(id, noteBytes));
            }
          }
          return null;
        });
  }

  /** A note of exactly {@code bytes} ASCII bytes that starts with its row id (so notes differ). */
  static String note(int id, int bytes) {
    var head = "note " + id + " ";
    return head + "x".repeat(Math.max(0, bytes - head.length()));
  }

  static final List<String> QUERIES =
      List.of(
          "select note from orders where customer_id = ? and status = ?",
          "select note from orders where customer_id = ? and status = ? order by note desc",
          "select note from orders where customer_id = ? and status = ? order by amount desc limit 3",
          "select distinct note from orders where customer_id = ? and status = ?",
          "select note, count(*) from orders where customer_id = ? and status = ? group by note",
          "select max(note), min(note) from orders where customer_id = ? and status = ?");

  @Test
  void textThroughEveryOperatorIsAViewOfTheMap() {
    filled(db, 4096);
    var map = MappedRegions.of(db.dataFile());
    for (var sql : QUERIES) {
      var statement = db.prepare(sql);
      List<Text> notes = new ArrayList<>();
      try (var tx = db.beginRead();
          var rows = tx.query(statement, 1, "open")) {
        while (rows.next()) {
          for (int i = 0; i < rows.columns().size(); i++) {
            if (rows.get(i) instanceof Text t) {
              notes.add(t);
            }
          }
        }
        assertThat(notes).as(sql).isNotEmpty();
        for (var t : notes) {
          assertThat(t.isBorrowed()).as(sql).isTrue();
          assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
              .as("%s: text lies in the LMDB map", sql)
              .isTrue();
          assertThat(t.toString()).startsWith("note ");
        }
      }
    }
  }

  @Test
  void bytesAllocatedPerExecutionDoNotGrowWithTextLength(
      @TempDatabase(mapSize = 1L << 30) Database other) {
    var small = new long[QUERIES.size()];
    var large = new long[QUERIES.size()];
    filled(db, 64);
    measure(db, small);
    filled(other, 256 * 1024);
    measure(other, large);
    for (int i = 0; i < QUERIES.size(); i++) {
      System.out.printf(
          "bytes per execution, 64 B vs 256 KiB notes: %6d %6d  %s%n",
          small[i], large[i], QUERIES.get(i));
      assertThat(large[i])
          .as(
              "%s: %d B with 256 KiB notes vs %d B with 64 B notes",
              QUERIES.get(i), large[i], small[i])
          .isLessThanOrEqualTo(small[i] + 1024);
    }
  }

  private static void measure(Database db, long[] into) {
    for (int q = 0; q < QUERIES.size(); q++) {
      var statement = db.prepare(QUERIES.get(q));
      long[] sink = new long[1];
      try (var tx = db.beginRead()) {
        into[q] =
            Allocations.minBytes(
                50,
                () -> {
                  try (var rows = tx.query(statement, 1, "open")) {
                    while (rows.next()) {
                      var t = (Text) rows.get(0);
                      sink[0] += t.length() + t.charAt(t.length() - 1);
                    }
                  }
                });
      }
    }
  }
}
