package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.testing.Allocations;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * kitesql-bench's Table 1 lookup (index range on (customer_id, status), about ten rows, the caller
 * reads every column) against a real database: what it returns, and the heap bytes one execution
 * allocates once the statement is warm.
 */
class PointQueryAllocationTest {
  private static final String[] STATUSES = {"new", "paid", "shipped", "done", "void"};
  private static final int ROWS = 2_000;
  private static final int PAIRS = ROWS / 10;
  private static final String LOOKUP =
      "select id, status, amount, note from orders where customer_id = ? and status = ? and amount > ?";

  /**
   * Table 1's target, the Rust engine's figure: at most 0.4 KiB per execution (about ten rows: a
   * text per note, one per repeated status, the cursor).
   */
  private static final long LIMIT = 409;

  @TempDatabase(mapSize = 1L << 30)
  Database db;

  private static int customer(int id) {
    return id % PAIRS / STATUSES.length + 1;
  }

  private static String status(int id) {
    return STATUSES[id % PAIRS % STATUSES.length];
  }

  private static int amount(int id) {
    return 1 + (id * 7919) % 1000;
  }

  private static String note(int id) {
    var head = "n" + id + " ";
    return head + "x".repeat(64 - head.length());
  }

  @BeforeEach
  void fill() {
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar, amount int, note varchar)");
    db.execute("create index orders_customer_status on orders (customer_id, status)");
    var insert = db.prepare("insert into orders values (?, ?, ?, ?, ?)");
    db.write(
        tx -> {
          for (int id = 0; id < ROWS; id++) {
            // every tenth id has a NULL amount (the filter drops it) and ids of a pair are PAIRS
            // apart
            tx.execute(
                insert, id, customer(id), status(id), id % 10 == 3 ? null : amount(id), note(id));
          }
          return null;
        });
  }

  /**
   * The ids the lookup must return for pair {@code p} and {@code minAmount}, derived from the
   * generator.
   */
  private static List<Integer> expectedIds(int p, int minAmount) {
    var ids = new ArrayList<Integer>();
    for (int id = p; id < ROWS; id += PAIRS) {
      if (id % 10 != 3 && amount(id) > minAmount) {
        ids.add(id);
      }
    }
    return ids;
  }

  @Test
  void returnsEveryColumnOfTheMatchingRows() {
    try (var tx = db.beginRead()) {
      var lookup = db.prepare(LOOKUP);
      for (int p : new int[] {0, 7, 123, PAIRS - 1}) {
        for (int min : new int[] {0, 500}) {
          var ids = new ArrayList<Integer>();
          try (var rows = tx.query(lookup, customer(p), status(p), min)) {
            while (rows.next()) {
              int id = rows.getInt(0);
              ids.add(id);
              assertThat(rows.getLong(0)).isEqualTo(id);
              assertThat(rows.get(0)).isEqualTo(id);
              assertThat(rows.isNull(0)).isFalse();
              assertThat(rows.getText(1).toString()).isEqualTo(status(id));
              assertThat(rows.getInt(2)).isEqualTo(amount(id));
              assertThat(rows.getText(3).toString()).isEqualTo(note(id));
              assertThat(rows.values())
                  .containsExactly(id, rows.getText(1), amount(id), rows.getText(3));
            }
          }
          assertThat(ids)
              .as("pair %d, amount > %d", p, min)
              .containsExactlyInAnyOrderElementsOf(expectedIds(p, min));
        }
      }
    }
  }

  @Test
  void nullIntegerColumnsReadAsNull() {
    try (var tx = db.beginRead()) {
      // amount is only projected here (no filter reads it): NULL amounts come from the stored row
      var lookup = db.prepare("select id, amount from orders where customer_id = ? and status = ?");
      int nulls = 0;
      int p = 3; // ids 3, 203, 403, ...: all end in 3, so every amount of this pair is NULL
      try (var rows = tx.query(lookup, customer(p), status(p))) {
        while (rows.next()) {
          assertThat(rows.isNull(1)).isTrue();
          assertThat(rows.get(1)).isNull();
          assertThat(rows.values()[1]).isNull();
          assertThatThrownBy(() -> rows.getLong(1))
              .isInstanceOf(IllegalStateException.class)
              .hasMessageContaining("NULL");
          nulls++;
        }
      }
      assertThat(nulls).isEqualTo(ROWS / PAIRS);
    }
  }

  @Test
  void aWarmLookupAllocatesAtMostFourTenthsOfAKibPerExecution() {
    try (var tx = db.beginRead()) {
      var lookup = db.prepare(LOOKUP);
      var params = new Object[PAIRS][];
      for (int p = 0; p < PAIRS; p++) {
        params[p] = new Object[] {customer(p), status(p), 0}; // boxed once, like the bench's
      }
      long[] sink = new long[1];
      int[] next = {0};
      int executions = 100;
      long bytes =
          Allocations.minBytes(
              30,
              () -> {
                for (int i = 0; i < executions; i++) {
                  try (var rows = tx.query(lookup, params[next[0]++ % PAIRS])) {
                    while (rows.next()) {
                      Text status = rows.getText(1);
                      Text note = rows.getText(3);
                      sink[0] +=
                          rows.getLong(0)
                              + rows.getLong(2)
                              + status.length()
                              + status.charAt(0)
                              + note.charAt(note.length() - 1);
                    }
                  }
                }
              });
      long perExecution = bytes / executions;
      System.out.printf("Table 1 lookup: %d B per execution%n", perExecution);
      assertThat(sink[0]).isPositive();
      assertThat(perExecution).isLessThanOrEqualTo(LIMIT);
    }
  }
}
