package io.kitesql.bench.tpcc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The harness's loader: the same distributions (its quirks in {@link Variant#UPSTREAM}), drawn from
 * a seeded generator so that every engine gets the same rows. One deviation from the harness:
 * {@code w_ytd} starts at 300,000.00, the sum of the districts' {@code d_ytd} as the specification
 * loads it (the harness loads 3,000,000.00, which breaks consistency condition 1 before the first
 * transaction and changes no cost).
 */
final class Loader {
  /** Rows per loading transaction. */
  private static final int BATCH = 2_000;

  private static final LocalDateTime LOADED_AT = LocalDateTime.of(2026, 12, 1, 12, 0);

  private final TpccEngine engine;
  private final Variant variant;
  private final Scale scale;
  private final SplittableRandom rng;

  /**
   * Rows not yet inserted, per table (orders, their lines and new_orders rows are drawn
   * interleaved).
   */
  private final Map<String, List<Object[]>> pending = new LinkedHashMap<>();

  private Loader(TpccEngine engine, Variant variant, Scale scale, long seed) {
    this.engine = engine;
    this.variant = variant;
    this.scale = scale;
    this.rng = new SplittableRandom(seed);
  }

  /**
   * Creates the schema and loads one warehouse into {@code engine}; then its {@link
   * TpccEngine#afterLoad}.
   */
  static void load(TpccEngine engine, Variant variant, Scale scale, long seed) throws Exception {
    for (var ddl : Tpcc.DDL) {
      engine.execute(ddl);
    }
    var loader = new Loader(engine, variant, scale, seed);
    loader.items();
    loader.warehouse(1);
    loader.customers(1);
    loader.orders(1);
    loader.flush();
    engine.afterLoad();
  }

  /** {@code insert into <table> values (?, …)} with one marker per column. */
  static String insertSql(String table) {
    int columns =
        switch (table) {
          case "item" -> 5;
          case "warehouse" -> 9;
          case "stock" -> 17;
          case "district" -> 11;
          case "customer" -> 21;
          case "history" -> 8;
          case "orders" -> 8;
          case "new_orders" -> 3;
          case "order_line" -> 10;
          default -> throw new IllegalArgumentException("no TPC-C table " + table);
        };
    return "insert into "
        + table
        + " values ("
        + String.join(", ", Collections.nCopies(columns, "?"))
        + ")";
  }

  private void add(String table, Object... row) throws Exception {
    var rows = pending.computeIfAbsent(table, t -> new ArrayList<>());
    rows.add(row);
    if (rows.size() >= BATCH) {
      engine.insert(table, List.copyOf(rows));
      rows.clear();
    }
  }

  private void flush() throws Exception {
    for (var entry : pending.entrySet()) {
      if (!entry.getValue().isEmpty()) {
        engine.insert(entry.getKey(), List.copyOf(entry.getValue()));
        entry.getValue().clear();
      }
    }
  }

  /**
   * Which items are marked: a tenth of the ids 0..items-1, drawn without repeats (the harness's
   * gen_orig).
   */
  private boolean[] marked() {
    var marks = new boolean[scale.items() + 1];
    for (int n = 0; n < scale.items() / 10; n++) {
      int position;
      do {
        position = rng.nextInt(0, scale.items());
      } while (marks[position]);
      marks[position] = true;
    }
    return marks;
  }

  private BigDecimal money(double low, double high) {
    return BigDecimal.valueOf(rng.nextDouble(low, high))
        .setScale(2, RoundingMode.DOWN); // below high: it fits the column
  }

  private void items() throws Exception {
    var marks = marked();
    for (int id = 1; id <= scale.items(); id++) {
      int imageId = rng.nextInt(1, 10_000);
      String name = Tpcc.alphanumeric(rng, 14, 24);
      var price = variant == Variant.UPSTREAM ? money(1.0, 1000.0) : money(1.0, 100.0);
      String data = Tpcc.alphanumeric(rng, 26, 50);
      // the harness puts "original" into the items it did NOT mark (about 90%); the specification
      // into 10%
      if (marks[id] == (variant == Variant.SPECIFICATION)) {
        int at = rng.nextInt(0, data.length() - 8);
        data = data.substring(0, at) + "original" + data.substring(at + 8);
      }
      add("item", id, imageId, name, price, data);
    }
  }

  private void warehouse(int w) throws Exception {
    var tax = variant == Variant.UPSTREAM ? money(1.0, 100.0) : money(0.0, 0.2);
    add(
        "warehouse",
        w,
        Tpcc.alphanumeric(rng, 6, 10),
        Tpcc.alphanumeric(rng, 10, 20),
        Tpcc.alphanumeric(rng, 10, 20),
        Tpcc.alphanumeric(rng, 10, 20),
        Tpcc.alphanumeric(rng, 2, 2),
        Tpcc.alphanumeric(rng, 9, 9),
        tax,
        new BigDecimal("300000.00"));
    var marks = marked();
    for (int item = 1; item <= scale.items(); item++) {
      var row = new Object[17];
      row[0] = item;
      row[1] = w;
      row[2] = rng.nextInt(10, 100);
      for (int d = 0; d < 10; d++) {
        row[3 + d] = Tpcc.alphanumeric(rng, 24, 24);
      }
      row[13] = 0;
      row[14] = 0;
      row[15] = 0;
      row[16] = marks[item] ? "original" : Tpcc.alphanumeric(rng, 26, 50);
      add("stock", row);
    }
    for (int d = 1; d <= Tpcc.DISTRICTS; d++) {
      add(
          "district",
          d,
          w,
          Tpcc.alphanumeric(rng, 6, 10),
          Tpcc.alphanumeric(rng, 10, 20),
          Tpcc.alphanumeric(rng, 10, 20),
          Tpcc.alphanumeric(rng, 10, 20),
          Tpcc.alphanumeric(rng, 2, 2),
          Tpcc.alphanumeric(rng, 9, 9),
          money(0.1, 0.2),
          new BigDecimal("30000.00"),
          scale.customersPerDistrict() + 1);
    }
  }

  private void customers(int w) throws Exception {
    var historyDate = LOADED_AT.plusNanos(123_456_000);
    for (int d = 1; d <= Tpcc.DISTRICTS; d++) {
      for (int c = 1; c <= scale.customersPerDistrict(); c++) {
        String first = Tpcc.alphanumeric(rng, 8, 16);
        int nameNumber = c <= 1000 ? c - 1 : Tpcc.nuRand(rng, 255, 0, scale.lastNameMax());
        var row =
            new Object[] {
              c,
              d,
              w,
              first,
              "OE",
              Tpcc.lastName(nameNumber),
              Tpcc.alphanumeric(rng, 10, 20),
              Tpcc.alphanumeric(rng, 10, 20),
              Tpcc.alphanumeric(rng, 10, 20),
              Tpcc.alphanumeric(rng, 2, 2),
              Tpcc.alphanumeric(rng, 9, 9),
              Tpcc.alphanumeric(rng, 16, 16),
              LOADED_AT,
              credit(),
              50_000L,
              money(0.0, 0.5),
              new BigDecimal("-10.00"),
              new BigDecimal("10.00"),
              1,
              0,
              Tpcc.alphanumeric(rng, 300, 500)
            };
        add("customer", row);
        add(
            "history",
            c,
            d,
            w,
            d,
            w,
            historyDate,
            new BigDecimal("10.00"),
            Tpcc.alphanumeric(rng, 12, 24));
      }
    }
  }

  /**
   * The harness draws 0..0 and compares with 1: every customer has bad credit. The specification:
   * 10%.
   */
  private String credit() {
    return variant == Variant.UPSTREAM || rng.nextInt(100) < 10 ? "BC" : "GC";
  }

  private void orders(int w) throws Exception {
    int customers = scale.customersPerDistrict();
    for (int d = 1; d <= Tpcc.DISTRICTS; d++) {
      var permutation = new int[customers];
      for (int i = 0; i < customers; i++) {
        permutation[i] = i + 1;
      }
      for (int i = customers - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        int t = permutation[i];
        permutation[i] = permutation[j];
        permutation[j] = t;
      }
      for (int o = 1; o <= customers; o++) {
        int carrier = rng.nextInt(1, 10);
        int lines = rng.nextInt(5, variant.lineCountBound());
        boolean delivered = o < scale.firstNewOrder();
        if (!delivered) {
          add("new_orders", o, d, w);
        }
        add("orders", o, d, w, permutation[o - 1], LOADED_AT, delivered ? carrier : null, lines, 1);
        for (int line = 1; line <= lines; line++) {
          int item = rng.nextInt(1, scale.items());
          String distInfo = Tpcc.alphanumeric(rng, 24, 24);
          add(
              "order_line",
              o,
              d,
              w,
              line,
              item,
              w,
              delivered ? LOADED_AT : null,
              variant == Variant.UPSTREAM ? 4 : 5,
              delivered ? money(0.1, 100.0) : new BigDecimal("0.00"),
              distInfo);
        }
      }
    }
  }
}
