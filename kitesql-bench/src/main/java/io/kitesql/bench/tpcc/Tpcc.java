package io.kitesql.bench.tpcc;

import java.util.List;
import java.util.SplittableRandom;

/** TPC-C's scale, schema and random functions, as the harness defines them (1 warehouse). */
public final class Tpcc {
  private Tpcc() {}

  public static final int ITEMS = 100_000;
  public static final int DISTRICTS = 10;
  public static final int CUSTOMERS_PER_DISTRICT = 3_000;
  public static final int ORDERS_PER_DISTRICT = 3_000;

  /** Orders above this id start undelivered, each with a new_orders row (900 per district). */
  public static final int FIRST_NEW_ORDER = 2_101;

  /**
   * The harness's tables and indexes, the same text on every engine; its DATETIME columns are
   * TIMESTAMP here (H2 knows DATETIME only in its MySQL and SQL Server modes; KiteSQL reads both
   * alike).
   */
  public static final List<String> DDL =
      List.of(
          "create table item (i_id int not null, i_im_id int, i_name varchar(24), i_price decimal(5,2),"
              + " i_data varchar(50), PRIMARY KEY(i_id))",
          "create table warehouse (w_id smallint not null, w_name varchar(10), w_street_1 varchar(20),"
              + " w_street_2 varchar(20), w_city varchar(20), w_state char(2), w_zip char(9), w_tax decimal(4,2),"
              + " w_ytd decimal(12,2), PRIMARY KEY(w_id))",
          "create table stock (s_i_id int not null, s_w_id smallint not null, s_quantity smallint,"
              + " s_dist_01 char(24), s_dist_02 char(24), s_dist_03 char(24), s_dist_04 char(24), s_dist_05 char(24),"
              + " s_dist_06 char(24), s_dist_07 char(24), s_dist_08 char(24), s_dist_09 char(24), s_dist_10 char(24),"
              + " s_ytd decimal(8,0), s_order_cnt smallint, s_remote_cnt smallint, s_data varchar(50),"
              + " PRIMARY KEY(s_w_id, s_i_id))",
          "CREATE INDEX fkey_stock_2 ON stock (s_i_id)",
          "create table district (d_id tinyint not null, d_w_id smallint not null, d_name varchar(10),"
              + " d_street_1 varchar(20), d_street_2 varchar(20), d_city varchar(20), d_state char(2), d_zip char(9),"
              + " d_tax decimal(4,2), d_ytd decimal(12,2), d_next_o_id int, primary key (d_w_id, d_id))",
          "create table customer (c_id int not null, c_d_id tinyint not null, c_w_id smallint not null,"
              + " c_first varchar(16), c_middle char(2), c_last varchar(16), c_street_1 varchar(20),"
              + " c_street_2 varchar(20), c_city varchar(20), c_state char(2), c_zip char(9), c_phone char(16),"
              + " c_since timestamp, c_credit char(2), c_credit_lim bigint, c_discount decimal(4,2),"
              + " c_balance decimal(12,2), c_ytd_payment decimal(12,2), c_payment_cnt smallint,"
              + " c_delivery_cnt smallint, c_data text, PRIMARY KEY(c_w_id, c_d_id, c_id))",
          "CREATE INDEX idx_customer ON customer (c_w_id,c_d_id,c_last,c_first)",
          "create table history (h_c_id int, h_c_d_id tinyint, h_c_w_id smallint, h_d_id tinyint, h_w_id smallint,"
              + " h_date timestamp(6), h_amount decimal(6,2), h_data varchar(24),"
              + " PRIMARY KEY(h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date))",
          "create table orders (o_id int not null, o_d_id tinyint not null, o_w_id smallint not null, o_c_id int,"
              + " o_entry_d timestamp, o_carrier_id tinyint, o_ol_cnt tinyint, o_all_local tinyint,"
              + " PRIMARY KEY(o_w_id, o_d_id, o_id))",
          "CREATE INDEX idx_orders ON orders (o_w_id,o_d_id,o_c_id,o_id)",
          "create table new_orders (no_o_id int not null, no_d_id tinyint not null, no_w_id smallint not null,"
              + " PRIMARY KEY(no_w_id, no_d_id, no_o_id))",
          "create table order_line (ol_o_id int not null, ol_d_id tinyint not null, ol_w_id smallint not null,"
              + " ol_number tinyint not null, ol_i_id int, ol_supply_w_id smallint, ol_delivery_d timestamp,"
              + " ol_quantity tinyint, ol_amount decimal(6,2), ol_dist_info char(24),"
              + " PRIMARY KEY(ol_w_id, ol_d_id, ol_o_id, ol_number))",
          "CREATE INDEX fkey_order_line_1 ON order_line (ol_o_id, ol_d_id, ol_w_id)",
          "CREATE INDEX fkey_order_line_2 ON order_line (ol_supply_w_id, ol_i_id)");

  /** The tables, in loading order. */
  public static final List<String> TABLES =
      List.of(
          "item",
          "warehouse",
          "stock",
          "district",
          "customer",
          "history",
          "orders",
          "new_orders",
          "order_line");

  private static final String ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final String[] SYLLABLES = {
    "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"
  };

  /**
   * The harness's NURand: its constant C equals A, and its inner uniform draw excludes {@code y}
   * (the specification draws C at random and includes {@code y}).
   */
  static int nuRand(SplittableRandom rng, int a, int x, int y) {
    return (((rng.nextInt(0, a) | rng.nextInt(x, y)) + a) % (y - x + 1)) + x;
  }

  /** A customer's last name from a number in 0..999 (three syllables). */
  static String lastName(int number) {
    return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
  }

  /**
   * Random letters and digits, {@code min} up to {@code max} (exclusive) long, or exactly {@code
   * min} if they are equal.
   */
  static String alphanumeric(SplittableRandom rng, int min, int max) {
    int length = min == max ? min : rng.nextInt(min, max);
    var chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = ALPHANUMERIC.charAt(rng.nextInt(ALPHANUMERIC.length()));
    }
    return new String(chars);
  }
}
