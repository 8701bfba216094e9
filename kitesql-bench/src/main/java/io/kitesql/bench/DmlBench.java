package io.kitesql.bench;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The write cells beside SQLite and H2: GrausDB's read-modify-write figure (a guarded stock
 * decrement, each in its own transaction and all in one) and bulk DML into an indexed table (INSERT
 * … SELECT into a table with two secondary indexes, then DELETE of half its rows). Durability as in
 * the write cells: KiteSQL {@code NO_SYNC}, SQLite WAL with {@code synchronous=NORMAL}, H2
 * defaults. Each cell runs {@link #ROUNDS} times on fresh data; the report quotes the median round.
 */
final class DmlBench {
  static final int ROUNDS = 3;
  static final int PRODUCTS = 1_000;

  /** Stock per product: every guarded decrement of a run succeeds (checked). */
  static final int STOCK = 1_000;

  static final String RMW_OWN = "read-modify-write, each its own transaction";
  static final String RMW_ONE = "read-modify-write, all in one transaction";
  static final String INSERT_SELECT = "INSERT … SELECT into a table with 2 secondary indexes";
  static final String DELETE_HALF = "DELETE half the rows of that table";

  static final String KITE = "KiteSQL";
  static final String KITE_ON_WRITER = "KiteSQL writeOnWriterThread";

  /**
   * On the writer thread too, with {@code StorageOptions.withWriteMap(true)} (a 1 GiB map,
   * allocated at the open).
   */
  static final String KITE_WRITE_MAP = "KiteSQL writeMap";

  static final String SQLITE = "SQLite";
  static final String H2 = "H2";
  static final List<String> ENGINES = List.of(KITE, KITE_ON_WRITER, KITE_WRITE_MAP, SQLITE, H2);

  private static final String UPDATE =
      "update products set stock = stock - 1 where id = ? and stock > 0";
  private static final String COLUMNS =
      "(id int primary key, customer_id int, status varchar, amount int, note varchar)";
  private static final List<String> BULK_DDL =
      List.of(
          "create table dst " + COLUMNS,
          "create index dst_customer on dst (customer_id)",
          "create index dst_status_amount on dst (status, amount)");
  private static final String INSERT_SELECT_SQL =
      "insert into dst select id, customer_id, status, amount, note from src";
  private static final String DELETE_HALF_SQL = "delete from dst where amount <= 500";

  private final Path work;
  private final Results results;
  private final Consumer<String> log;
  private final int updates;
  private final int bulkRows;

  DmlBench(BenchConfig config, Path work, Results results, Consumer<String> log) {
    this.work = work;
    this.results = results;
    this.log = log;
    boolean smoke = config.name().equals("smoke");
    this.updates = smoke ? 1_000 : 20_000;
    this.bulkRows = smoke ? 1_000 : 10_000; // a multiple of 1,000: see checkBulk
  }

  /** Runs every cell on every engine. */
  void run() throws Exception {
    for (var engine : ENGINES) {
      var stores = new Stores(work.resolve(engine.replace(' ', '-')));
      measure(engine, RMW_OWN, updates, () -> readModifyWrite(stores, engine, false));
      measure(engine, RMW_ONE, updates, () -> readModifyWrite(stores, engine, true));
      bulkDml(stores, engine, -1); // untimed: see measure
      var bulk = new long[ROUNDS][];
      for (int round = 0; round < ROUNDS; round++) {
        bulk[round] = bulkDml(stores, engine, round);
      }
      record(engine, INSERT_SELECT, bulkRows, Arrays.stream(bulk).mapToLong(b -> b[0]).toArray());
      record(engine, DELETE_HALF, bulkRows / 2, Arrays.stream(bulk).mapToLong(b -> b[1]).toArray());
      BenchRunner.delete(stores.kiteDir().getParent());
    }
  }

  private interface Cell {
    long nanos() throws Exception;
  }

  /**
   * Runs {@code body} once untimed, then {@link #ROUNDS} times timed. Without the untimed round the
   * first timed one measured the JIT compiling the engine's write path (3-5 rounds to settle on a
   * loaded machine), which for a median of three is one of the three.
   */
  private void measure(String engine, String cell, int operations, Cell body) throws Exception {
    body.nanos();
    var nanos = new long[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      nanos[round] = body.nanos();
    }
    record(engine, cell, operations, nanos);
  }

  private void record(String engine, String cell, int operations, long[] nanos) {
    var sorted = nanos.clone();
    Arrays.sort(sorted);
    double millis = sorted[sorted.length / 2] / 1e6;
    var dml = new Results.Dml(cell, engine, operations, millis, operations / (millis / 1e3));
    results.dml.add(dml);
    log.accept(
        String.format(
            "  dml | %s | %s: %,.1f ms, %,.0f ops/s (rounds: %s ms)",
            engine,
            cell,
            millis,
            dml.opsPerSecond(),
            Arrays.stream(nanos).mapToObj(n -> String.format("%.1f", n / 1e6)).toList()));
  }

  private static StorageOptions kiteOptions(String engine) {
    var options = KiteEngine.options(Durability.NO_SYNC);
    return engine.equals(KITE_WRITE_MAP)
        ? options.withMapSize(1L << 30).withWriteMap(true)
        : options;
  }

  // ---- read-modify-write ----

  /**
   * A fresh products table, then {@link #updates} guarded decrements; returns the nanoseconds of
   * the decrements.
   */
  private long readModifyWrite(Stores stores, String engine, boolean oneTransaction)
      throws Exception {
    BenchRunner.delete(stores.kiteDir().getParent());
    var products = new Stores(stores.kiteDir().getParent());
    var load =
        new Stores.TableLoad(
            "insert into products values (?, ?, ?)",
            PRODUCTS,
            i -> new Object[] {i, "product " + i, STOCK},
            32);
    var ddl = List.of("create table products (id int primary key, name varchar, stock int)");
    if (engine.startsWith(KITE)) {
      products.loadKite(ddl, List.of(load), PRODUCTS);
      try (var db = KiteSql.open(products.kiteDir(), kiteOptions(engine))) {
        return kiteReadModifyWrite(db, !engine.equals(KITE), oneTransaction);
      }
    }
    if (engine.equals(SQLITE)) {
      products.loadSqlite(ddl, List.of(load), PRODUCTS);
    } else {
      products.loadH2(ddl, List.of(load), PRODUCTS);
    }
    try (var c = writeConnection(products, engine)) {
      return jdbcReadModifyWrite(c, oneTransaction);
    }
  }

  private long kiteReadModifyWrite(Database db, boolean onWriterThread, boolean oneTransaction) {
    var update = db.prepare(UPDATE);
    long updated = 0;
    long start = System.nanoTime();
    if (oneTransaction) {
      java.util.function.Function<io.kitesql.api.ReadWriteTransaction, Long> all =
          tx -> {
            long n = 0;
            for (int i = 0; i < updates; i++) {
              n += tx.execute(update, i % PRODUCTS);
            }
            return n;
          };
      updated = onWriterThread ? db.writeOnWriterThread(all) : db.write(all);
    } else {
      for (int i = 0; i < updates; i++) {
        int id = i % PRODUCTS;
        updated +=
            onWriterThread
                ? db.writeOnWriterThread(tx -> tx.execute(update, id))
                : db.write(tx -> tx.execute(update, id));
      }
    }
    long nanos = System.nanoTime() - start;
    checkUpdated(updated);
    return nanos;
  }

  private long jdbcReadModifyWrite(Connection c, boolean oneTransaction) throws Exception {
    c.setAutoCommit(!oneTransaction);
    long updated = 0;
    try (var update = c.prepareStatement(UPDATE)) {
      long start = System.nanoTime();
      for (int i = 0; i < updates; i++) {
        update.setInt(1, i % PRODUCTS);
        updated += update.executeUpdate();
      }
      if (oneTransaction) {
        c.commit();
      }
      long nanos = System.nanoTime() - start;
      checkUpdated(updated);
      return nanos;
    }
  }

  private void checkUpdated(long updated) {
    if (updated != updates) {
      throw new IllegalStateException(
          "expected " + updates + " decrements, the engine made " + updated);
    }
  }

  // ---- bulk DML into an indexed table ----

  /** Fresh src and dst; returns the nanoseconds of the INSERT … SELECT and of the DELETE. */
  private long[] bulkDml(Stores stores, String engine, int round) throws Exception {
    BenchRunner.delete(stores.kiteDir().getParent());
    var tables = new Stores(stores.kiteDir().getParent());
    var load =
        new Stores.TableLoad(
            "insert into src values (?, ?, ?, ?, ?)",
            bulkRows,
            i -> DataSets.orderRow(i, bulkRows, 64),
            96);
    var ddl = new ArrayList<String>();
    ddl.add("create table src " + COLUMNS);
    ddl.addAll(BULK_DDL);
    if (engine.startsWith(KITE)) {
      tables.loadKite(ddl, List.of(load), bulkRows);
      try (var db = KiteSql.open(tables.kiteDir(), kiteOptions(engine))) {
        return kiteBulk(db, !engine.equals(KITE));
      }
    }
    if (engine.equals(SQLITE)) {
      tables.loadSqlite(ddl, List.of(load), bulkRows);
    } else {
      tables.loadH2(ddl, List.of(load), bulkRows);
    }
    try (var c = writeConnection(tables, engine)) {
      return jdbcBulk(c);
    }
  }

  private long[] kiteBulk(Database db, boolean onWriterThread) {
    var insert = db.prepare(INSERT_SELECT_SQL);
    var delete = db.prepare(DELETE_HALF_SQL);
    long start = System.nanoTime();
    long inserted =
        onWriterThread
            ? db.writeOnWriterThread(tx -> tx.execute(insert))
            : db.write(tx -> tx.execute(insert));
    long middle = System.nanoTime();
    long deleted =
        onWriterThread
            ? db.writeOnWriterThread(tx -> tx.execute(delete))
            : db.write(tx -> tx.execute(delete));
    long end = System.nanoTime();
    checkBulk(inserted, deleted);
    return new long[] {middle - start, end - middle};
  }

  private long[] jdbcBulk(Connection c) throws Exception {
    c.setAutoCommit(true);
    try (var insert = c.prepareStatement(INSERT_SELECT_SQL);
        var delete = c.prepareStatement(DELETE_HALF_SQL)) {
      long start = System.nanoTime();
      long inserted = insert.executeUpdate();
      long middle = System.nanoTime();
      long deleted = delete.executeUpdate();
      long end = System.nanoTime();
      checkBulk(inserted, deleted);
      return new long[] {middle - start, end - middle};
    }
  }

  /**
   * DataSets.orderRow's amount is 1 + (id × 7919) mod 1000, which takes every value of 1..1000 once
   * in each 1,000 consecutive ids (7919 is prime), so amount ≤ 500 is exactly half the rows.
   */
  private void checkBulk(long inserted, long deleted) {
    if (inserted != bulkRows || deleted != bulkRows / 2) {
      throw new IllegalStateException(
          "expected "
              + bulkRows
              + " rows inserted and "
              + bulkRows / 2
              + " deleted, the engine made "
              + inserted
              + " and "
              + deleted);
    }
  }

  private static Connection writeConnection(Stores stores, String engine) throws Exception {
    if (engine.equals(SQLITE)) {
      var c = DriverManager.getConnection(stores.sqliteUrl());
      try (var s = c.createStatement()) {
        s.execute("pragma journal_mode=WAL");
        s.execute("pragma synchronous=NORMAL");
      }
      return c;
    }
    return DriverManager.getConnection(stores.h2Url());
  }
}
