package io.kitesql.bench.micro;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.PreparedStatement;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.RowCursor;
import io.kitesql.bench.DataSets;
import io.kitesql.bench.KiteEngine;
import io.kitesql.bench.Stores;
import io.kitesql.catalog.IndexDef;
import io.kitesql.options.Durability;
import io.kitesql.storage.ReadTransaction;
import io.kitesql.table.KeyBounds;
import io.kitesql.table.TableCursor;
import io.kitesql.table.TableStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * An index point lookup on the article's {@code orders} table (index {@code (customer_id, status)},
 * {@value #ROWS} rows, 10 per pair, see {@link DataSets}), in a real database on a scratch
 * directory: once through SQL, once through the table layer underneath it.
 *
 * <p>Hot because it is the engine's bread-and-butter query (Table 1 of the end-to-end benchmark):
 * seek the index, walk its 10 entries, fetch each row by primary key and decode four columns. The
 * SQL variant adds what the engine does around that (binding parameters, running the plan's
 * operators, the result cursor); the table variant is the seek itself. Each invocation looks up the
 * next pair of a shuffled cycle over all pairs, inside one read-only transaction begun in setup,
 * and reads every column of every row it returns. Notes of 64 B and 16 KiB: rows are borrowed from
 * the map, so the larger rows should cost no more.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// Ten warm-up seconds, not five: a lookup runs a deep call tree (operators, cursors, key codec,
// the LMDB binding), and in trial runs on a shared 2-vCPU machine it took four to six to settle.
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Thread)
public class IndexSeekBenchmark {
  static final int ROWS = 10_000;
  static final String LOOKUP =
      "select id, status, amount, note from orders where customer_id = ? and status = ? and amount > ?";

  /** Column positions in {@code orders(id, customer_id, status, amount, note)}. */
  private static final int ID = 0;

  private static final int STATUS = 2;
  private static final int AMOUNT = 3;
  private static final int NOTE = 4;
  private static final int[] LOOKUP_COLUMNS = {ID, STATUS, AMOUNT, NOTE};

  /** The note's length in bytes. */
  @Param({"64", "16384"})
  public int noteBytes;

  private Path directory;
  private Database db;
  private PreparedStatement lookup;
  private ReadOnlyTransaction tx;
  private TableStore orders;
  private IndexDef index;
  private ReadTransaction storageTx;
  private Object[][] parameters;
  private int next;

  @Setup
  public void setUp() throws IOException {
    directory = Files.createTempDirectory("kitesql-jmh-");
    var stores = new Stores(directory);
    var load =
        new Stores.TableLoad(
            DataSets.ORDERS_INSERT,
            ROWS,
            i -> DataSets.orderRow(i, ROWS, noteBytes),
            noteBytes + 32);
    stores.loadKite(DataSets.ORDERS_DDL, List.of(load), 1_000);

    db = KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC));
    lookup = db.prepare(LOOKUP);
    var table = db.catalog().requireTable("orders");
    orders = new TableStore(table);
    index = table.index("orders_customer_status").orElseThrow();
    parameters = DataSets.lookupParameters(ROWS);
    // Both benchmarks share this state, so both snapshots are open in each; an idle read
    // transaction only holds a pooled read context.
    tx = db.beginRead();
    storageTx = db.storage().beginRead();

    // A lookup that found nothing, or a plan that stopped using the index, would still run fast.
    int viaSql = 0;
    try (RowCursor rows = tx.query(lookup, parameters[0])) {
      while (rows.next()) {
        viaSql++;
      }
    }
    int viaTable = 0;
    try (TableCursor rows =
        orders.indexScan(storageTx, index, bounds(parameters[0]), LOOKUP_COLUMNS)) {
      while (rows.next()) {
        viaTable++;
      }
    }
    if (viaSql != ROWS / DataSets.pairs(ROWS) || viaTable != viaSql) {
      throw new IllegalStateException(
          "lookup found "
              + viaSql
              + " rows via SQL, "
              + viaTable
              + " via the index scan; expected "
              + ROWS / DataSets.pairs(ROWS));
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    // Transactions first: the database refuses to close while they are open.
    if (storageTx != null) {
      storageTx.close();
    }
    if (tx != null) {
      tx.close();
    }
    if (db != null) {
      db.close();
    }
    try (var paths = Files.walk(directory)) {
      for (var p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private Object[] nextParameters() {
    Object[] p = parameters[next];
    next = next + 1 == parameters.length ? 0 : next + 1;
    return p;
  }

  private static KeyBounds bounds(Object[] p) {
    return KeyBounds.equal(p[0], p[1]);
  }

  /** The prepared SQL lookup: {@code tx.query}, then every column of every row of the cursor. */
  @Benchmark
  public void sqlLookup(Blackhole bh) {
    try (RowCursor rows = tx.query(lookup, nextParameters())) {
      while (rows.next()) {
        bh.consume(rows.getInt(0));
        bh.consume(rows.getText(1));
        bh.consume(rows.getInt(2));
        bh.consume(rows.getText(3));
      }
    }
  }

  /**
   * The same lookup one layer down: {@link TableStore#indexScan} over {@code (customer_id, status)}
   * in a storage read transaction, with the {@code amount > ?} filter applied here.
   */
  @Benchmark
  public void tableIndexScan(Blackhole bh) {
    Object[] p = nextParameters();
    int minAmount = (Integer) p[2];
    try (TableCursor rows = orders.indexScan(storageTx, index, bounds(p), LOOKUP_COLUMNS)) {
      while (rows.next()) {
        Object[] row = rows.row();
        if ((Integer) row[AMOUNT] > minAmount) {
          bh.consume(row[ID]);
          bh.consume(row[STATUS]);
          bh.consume(row[AMOUNT]);
          bh.consume(row[NOTE]);
        }
      }
    }
  }
}
