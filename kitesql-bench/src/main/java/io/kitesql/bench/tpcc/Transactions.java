package io.kitesql.bench.tpcc;

import io.kitesql.bench.tpcc.TpccEngine.Cursor;
import io.kitesql.bench.tpcc.TpccEngine.Session;
import io.kitesql.bench.tpcc.TpccEngine.Tx;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The five transactions as the harness runs them: inputs drawn first, then the statements in its
 * order. {@link Variant#UPSTREAM} keeps the harness's quirks (see there). With {@code copyText}
 * every text read is copied into a {@code String}, as the harness does; without, texts are used
 * where they are (borrowed from the map in KiteSQL's read-only transactions).
 */
final class Transactions {

  /** The five transaction types, in the harness's order, with its response-time limits. */
  enum Type {
    NEW_ORDER("New-Order", 500),
    PAYMENT("Payment", 500),
    ORDER_STATUS("Order-Status", 500),
    DELIVERY("Delivery", 8_000),
    STOCK_LEVEL("Stock-Level", 2_000);

    final String label;
    final long limitNanos;

    Type(String label, long limitMillis) {
      this.label = label;
      this.limitNanos = limitMillis * 1_000_000;
    }
  }

  /**
   * A statement found no row where the transaction needs one: it rolls back, and the harness
   * retries it.
   */
  static final class NoRow extends Exception {
    NoRow(Sql sql) {
      super("no row from " + sql.name(), null, false, false);
    }
  }

  private static final int WAREHOUSES = 1;
  private static final BigDecimal ZERO_AMOUNT = new BigDecimal("0.00");

  private final Variant variant;
  private final Scale scale;
  private final boolean copyText;

  /** Keeps what was read reachable, so that no read is optimized away. */
  long sink;

  Transactions(Variant variant, Scale scale, boolean copyText) {
    this.variant = variant;
    this.scale = scale;
    this.copyText = copyText;
  }

  /**
   * Draws the inputs of one transaction of {@code type} and runs it in one transaction of {@code
   * session}.
   */
  void run(Type type, SplittableRandom rng, Session session, boolean readOnly) throws Exception {
    switch (type) {
      case NEW_ORDER -> newOrder(rng, session);
      case PAYMENT -> payment(rng, session);
      case ORDER_STATUS -> orderStatus(rng, session, readOnly);
      case DELIVERY -> delivery(rng, session);
      case STOCK_LEVEL -> stockLevel(rng, session, readOnly);
    }
  }

  /** 1 in 100: the harness's {@code gen_range(1..100)} draws 1..99, the specification 1..100. */
  private int percent(SplittableRandom rng) {
    return rng.nextInt(1, variant == Variant.UPSTREAM ? 100 : 101);
  }

  private int customerId(SplittableRandom rng) {
    return Tpcc.nuRand(rng, 1023, 1, scale.customersPerDistrict());
  }

  private String lastName(SplittableRandom rng) {
    return Tpcc.lastName(Tpcc.nuRand(rng, 255, 0, scale.lastNameMax()));
  }

  private static LocalDateTime now() {
    return LocalDateTime.now().truncatedTo(ChronoUnit.MICROS);
  }

  private void newOrder(SplittableRandom rng, Session session) throws Exception {
    int w = rng.nextInt(0, WAREHOUSES) + 1;
    int d = rng.nextInt(1, variant.districtBound());
    int c = customerId(rng);
    int lines = rng.nextInt(5, variant.lineCountBound());
    boolean rollback = percent(rng) == 1;
    var items = new int[lines];
    var supply = new int[lines];
    var quantity = new int[lines];
    int allLocal = 1;
    for (int i = 0; i < lines; i++) {
      items[i] = Tpcc.nuRand(rng, 8191, 1, scale.items());
      if (i == lines - 1 && rollback) {
        items[i] = scale.items() + 1; // an unused item: the transaction rolls back
      }
      supply[i] = w;
      if (percent(rng) == 1) {
        allLocal = 0; // a remote warehouse, which with one warehouse is the home one again
      }
      quantity[i] = rng.nextInt(1, variant.quantityBound());
    }
    // the harness visits the lines in (supplying warehouse, item) order
    Integer[] order = new Integer[lines];
    Arrays.setAll(order, i -> i);
    Arrays.sort(
        order,
        (a, b) ->
            Long.compare(
                (long) (scale.items() + 1) * supply[a] + items[a],
                (long) (scale.items() + 1) * supply[b] + items[b]));
    int finalAllLocal = allLocal;
    session.run(
        false, tx -> newOrderBody(tx, w, d, c, order, items, supply, quantity, finalAllLocal));
  }

  private void newOrderBody(
      Tx tx,
      int w,
      int d,
      int c,
      Integer[] order,
      int[] items,
      int[] supply,
      int[] quantity,
      int allLocal)
      throws Exception {
    BigDecimal discount;
    try (var r = one(tx.query(Sql.NO_CUSTOMER, w, d, c), Sql.NO_CUSTOMER)) {
      discount = r.getDecimal(0);
      text(r, 1);
      text(r, 2);
    }
    BigDecimal warehouseTax;
    try (var r = one(tx.query(Sql.NO_WAREHOUSE, w), Sql.NO_WAREHOUSE)) {
      warehouseTax = r.getDecimal(0);
    }
    int orderId;
    BigDecimal districtTax;
    try (var r = one(tx.query(Sql.NO_DISTRICT, d, w), Sql.NO_DISTRICT)) {
      orderId = (int) r.getLong(0);
      districtTax = r.getDecimal(1);
    }
    tx.execute(Sql.NO_DISTRICT_UPDATE, orderId, d, w);
    tx.execute(Sql.NO_ORDER_INSERT, orderId, d, w, c, now(), order.length, allLocal);
    tx.execute(Sql.NO_NEW_ORDER_INSERT, orderId, d, w);
    var taxes = BigDecimal.ONE.add(warehouseTax).add(districtTax);
    for (int number = 1; number <= order.length; number++) {
      int i = order[number - 1];
      BigDecimal price;
      CharSequence itemData;
      try (var r = one(tx.query(Sql.NO_ITEM, items[i]), Sql.NO_ITEM)) {
        price = r.getDecimal(0);
        text(r, 1);
        itemData = text(r, 2);
        CharSequence stockData;
        CharSequence distInfo = "";
        int stockQuantity;
        try (var s = one(tx.query(Sql.NO_STOCK, items[i], supply[i]), Sql.NO_STOCK)) {
          stockQuantity = (int) s.getLong(0);
          stockData = text(s, 1);
          for (int dist = 1; dist <= 10; dist++) {
            var info = text(s, 1 + dist);
            if (dist == d) {
              distInfo = copyText ? info : info.toString(); // a parameter outlives the cursor
            }
          }
          sink += contains(itemData, "original") && contains(stockData, "original") ? 'B' : 'G';
        }
        int left =
            stockQuantity > quantity[i]
                ? stockQuantity - quantity[i]
                : stockQuantity - quantity[i] + 91;
        tx.execute(Sql.NO_STOCK_UPDATE, left, items[i], supply[i]);
        var amount =
            variant == Variant.UPSTREAM
                ? ZERO_AMOUNT
                : price
                    .multiply(BigDecimal.valueOf(quantity[i]))
                    .multiply(taxes)
                    .multiply(BigDecimal.ONE.subtract(discount))
                    .setScale(2, RoundingMode.HALF_UP);
        tx.execute(
            Sql.NO_ORDER_LINE_INSERT,
            orderId,
            d,
            w,
            number,
            items[i],
            supply[i],
            quantity[i],
            amount,
            distInfo);
      }
    }
  }

  private void payment(SplittableRandom rng, Session session) throws Exception {
    int w = rng.nextInt(0, WAREHOUSES) + 1;
    int d = rng.nextInt(1, variant.districtBound());
    int c = customerId(rng);
    String last = lastName(rng);
    var amount =
        variant == Variant.UPSTREAM
            ? new BigDecimal(rng.nextInt(1, 5000))
            : BigDecimal.valueOf(rng.nextInt(100, 500_001), 2);
    boolean byName =
        variant == Variant.UPSTREAM ? rng.nextInt(1, 100) < 60 : rng.nextInt(1, 101) <= 60;
    int cw = w;
    int cd = d;
    if (!(variant == Variant.UPSTREAM ? rng.nextInt(1, 100) < 85 : rng.nextInt(1, 101) <= 85)) {
      cd =
          rng.nextInt(
              1,
              variant.districtBound()); // a remote customer: with one warehouse, another district
    }
    int customerWarehouse = cw;
    int customerDistrict = cd;
    session.run(
        false,
        tx -> paymentBody(tx, w, d, customerWarehouse, customerDistrict, c, last, byName, amount));
  }

  private void paymentBody(
      Tx tx,
      int w,
      int d,
      int cw,
      int cd,
      int drawnId,
      String last,
      boolean byName,
      BigDecimal amount)
      throws Exception {
    tx.execute(Sql.PAY_WAREHOUSE_UPDATE, amount, w);
    CharSequence warehouseName;
    try (var r = one(tx.query(Sql.PAY_WAREHOUSE, w), Sql.PAY_WAREHOUSE)) {
      warehouseName = texts(r, 0, 6, 5).toString();
    }
    tx.execute(Sql.PAY_DISTRICT_UPDATE, amount, w, d);
    String districtName;
    try (var r = one(tx.query(Sql.PAY_DISTRICT, w, d), Sql.PAY_DISTRICT)) {
      districtName = texts(r, 0, 6, 5).toString();
    }
    int c = drawnId;
    if (byName) {
      try (var r = nth(tx, Sql.PAY_NAME_COUNT, Sql.PAY_NAME_IDS, cw, cd, last)) {
        c = (int) r.getLong(0);
      }
    }
    BigDecimal balance;
    boolean badCredit;
    try (var r = one(tx.query(Sql.PAY_CUSTOMER, cw, cd, c), Sql.PAY_CUSTOMER)) {
      texts(r, 0, 9, -1);
      badCredit = contains(text(r, 9), "BC");
      sink += r.getLong(10);
      r.getDecimal(11);
      balance = r.getDecimal(12).add(amount);
      r.getObject(13);
    }
    if (badCredit) {
      String data;
      try (var r = one(tx.query(Sql.PAY_CUSTOMER_DATA, cw, cd, c), Sql.PAY_CUSTOMER_DATA)) {
        data = text(r, 0).toString();
      }
      if (variant == Variant.SPECIFICATION) {
        data = c + " " + cd + " " + cw + " " + d + " " + w + " " + amount + " | " + data;
        data = data.substring(0, Math.min(500, data.length()));
      }
      tx.execute(Sql.PAY_CUSTOMER_UPDATE_DATA, balance, data, cw, cd, c);
    } else {
      tx.execute(Sql.PAY_CUSTOMER_UPDATE, balance, cw, cd, c);
    }
    // the harness's h_data: a backslash and a zero around the district's name
    String history =
        variant == Variant.UPSTREAM
            ? "\\0" + districtName + "    \\0"
            : warehouseName + "    " + districtName;
    tx.execute(Sql.PAY_HISTORY_INSERT, cd, cw, c, d, w, now(), amount, history);
  }

  private void orderStatus(SplittableRandom rng, Session session, boolean readOnly)
      throws Exception {
    int w = rng.nextInt(0, WAREHOUSES) + 1;
    int d = rng.nextInt(1, variant.districtBound());
    int c = customerId(rng);
    String last = lastName(rng);
    boolean byName = rng.nextInt(1, variant == Variant.UPSTREAM ? 100 : 101) <= 60;
    session.run(readOnly, tx -> orderStatusBody(tx, w, d, c, last, byName));
  }

  private void orderStatusBody(Tx tx, int w, int d, int drawnId, String last, boolean byName)
      throws Exception {
    int c = drawnId;
    if (byName) {
      var rows =
          variant == Variant.UPSTREAM ? Sql.OS_NAME_CUSTOMERS : Sql.OS_NAME_CUSTOMERS_WITH_ID;
      try (var r = nth(tx, Sql.OS_NAME_COUNT, rows, w, d, last)) {
        r.getDecimal(0);
        texts(r, 1, 3, -1);
        if (variant == Variant.SPECIFICATION) {
          c = (int) r.getLong(4);
        }
      }
    } else {
      try (var r = one(tx.query(Sql.OS_CUSTOMER, w, d, c), Sql.OS_CUSTOMER)) {
        r.getDecimal(0);
        texts(r, 1, 3, -1);
      }
    }
    int orderId;
    try (var r = one(tx.query(Sql.OS_LAST_ORDER, w, d, c, w, d, c), Sql.OS_LAST_ORDER)) {
      orderId = (int) r.getLong(0);
      r.getObject(1);
      sink += r.getLong(2);
    }
    try (var r = one(tx.query(Sql.OS_ORDER_LINES, w, d, orderId), Sql.OS_ORDER_LINES)) {
      if (variant == Variant.SPECIFICATION) { // the harness reads only that the first line is there
        do {
          sink += r.getLong(0) + r.getLong(1) + r.getLong(2);
          r.getDecimal(3);
          r.getObject(4);
        } while (r.next());
      }
    }
  }

  private void delivery(SplittableRandom rng, Session session) throws Exception {
    int w = rng.nextInt(0, WAREHOUSES) + 1;
    int carrier = rng.nextInt(1, variant == Variant.UPSTREAM ? 10 : 11);
    session.run(
        false,
        tx -> {
          var now = now();
          for (int d = 1; d <= Tpcc.DISTRICTS; d++) {
            int orderId;
            try (var r = one(tx.query(Sql.DL_OLDEST_NEW_ORDER, d, w), Sql.DL_OLDEST_NEW_ORDER)) {
              orderId = (int) r.getLong(0);
            }
            if (orderId == 0) {
              continue;
            }
            tx.execute(Sql.DL_NEW_ORDER_DELETE, orderId, d, w);
            int c;
            try (var r =
                one(tx.query(Sql.DL_ORDER_CUSTOMER, orderId, d, w), Sql.DL_ORDER_CUSTOMER)) {
              c = (int) r.getLong(0);
            }
            tx.execute(Sql.DL_ORDER_UPDATE, carrier, orderId, d, w);
            tx.execute(Sql.DL_ORDER_LINE_UPDATE, now, orderId, d, w);
            BigDecimal total;
            try (var r =
                one(tx.query(Sql.DL_ORDER_LINE_SUM, orderId, d, w), Sql.DL_ORDER_LINE_SUM)) {
              total = r.getDecimal(0);
            }
            tx.execute(Sql.DL_CUSTOMER_UPDATE, total, c, d, w);
          }
        });
  }

  private void stockLevel(SplittableRandom rng, Session session, boolean readOnly)
      throws Exception {
    int w = rng.nextInt(0, WAREHOUSES) + 1;
    int d = rng.nextInt(1, variant.districtBound());
    int level = rng.nextInt(10, variant == Variant.UPSTREAM ? 20 : 21);
    session.run(
        readOnly,
        tx -> {
          int next;
          try (var r = one(tx.query(Sql.SL_NEXT_ORDER, d, w), Sql.SL_NEXT_ORDER)) {
            next = (int) r.getLong(0);
          }
          if (variant == Variant.SPECIFICATION) {
            try (var r =
                one(
                    tx.query(Sql.SL_LOW_STOCK_JOIN, w, d, next, next, w, level),
                    Sql.SL_LOW_STOCK_JOIN)) {
              sink += r.getLong(0);
            }
            return;
          }
          int item;
          try (var r = one(tx.query(Sql.SL_RECENT_ITEMS, w, d, next, next), Sql.SL_RECENT_ITEMS)) {
            item = (int) r.getLong(0);
          }
          // the harness binds the item id as an 8-bit integer: the count looks up a wrapped id
          try (var r =
              one(tx.query(Sql.SL_STOCK_COUNT, w, (int) (byte) item, level), Sql.SL_STOCK_COUNT)) {
            sink += r.getLong(0);
          }
        });
  }

  /** The cursor on its first row, or {@link NoRow} (closing the cursor) if there is none. */
  private static Cursor one(Cursor cursor, Sql sql) throws Exception {
    if (!cursor.next()) {
      cursor.close();
      throw new NoRow(sql);
    }
    return cursor;
  }

  /**
   * The by-name lookup: counts the customers of that last name, then steps to the middle one (the
   * count rounded up, halved, from 1) in {@code rows}' order by first name.
   */
  private static Cursor nth(Tx tx, Sql count, Sql rows, int w, int d, String last)
      throws Exception {
    long n;
    try (var r = one(tx.query(count, w, d, last), count)) {
      n = r.getLong(0);
    }
    long target = (n + 1) / 2;
    if (target == 0) {
      throw new NoRow(rows);
    }
    var cursor = tx.query(rows, w, d, last);
    for (long i = 0; i < target; i++) {
      if (!cursor.next()) {
        cursor.close();
        throw new NoRow(rows);
      }
    }
    return cursor;
  }

  /**
   * Reads a text column: a copy if the harness copies, else its length (the text stays where it
   * is).
   */
  private CharSequence text(Cursor r, int column) throws Exception {
    var value = r.getText(column);
    if (copyText) {
      return value.toString();
    }
    sink += value.length();
    return value;
  }

  /** Reads {@code count} text columns from {@code from} on; returns column {@code keep} (or ""). */
  private CharSequence texts(Cursor r, int from, int count, int keep) throws Exception {
    CharSequence kept = "";
    for (int i = from; i < from + count; i++) {
      var value = text(r, i);
      if (i == keep) {
        kept = value;
      }
    }
    return kept;
  }

  private static boolean contains(CharSequence text, String part) {
    outer:
    for (int i = 0, last = text.length() - part.length(); i <= last; i++) {
      for (int j = 0; j < part.length(); j++) {
        if (text.charAt(i + j) != part.charAt(j)) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
