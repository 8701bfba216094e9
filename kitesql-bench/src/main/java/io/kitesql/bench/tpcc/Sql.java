package io.kitesql.bench.tpcc;

/**
 * The harness's 37 statements, one text for every engine, in the order of its statement groups
 * (New-Order 11, Payment 11, Order-Status 5, Delivery 7, Stock-Level 3), and two that the faithful
 * variant runs instead of the harness's (Order-Status by name with the customer's id, and the
 * specification's Stock-Level join). The harness numbers its parameters {@code $1 … $n} in the
 * order they appear; here they are JDBC's {@code ?}.
 */
public enum Sql {
  NO_CUSTOMER_WAREHOUSE(
      "SELECT c.c_discount, c.c_last, c.c_credit, w.w_tax FROM customer AS c JOIN warehouse AS w"
          + " ON c.c_w_id = w_id AND w.w_id = ? AND c.c_w_id = ? AND c.c_d_id = ? AND c.c_id = ?"),
  NO_CUSTOMER(
      "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  NO_WAREHOUSE("SELECT w_tax FROM warehouse WHERE w_id = ?"),
  NO_DISTRICT("SELECT d_next_o_id, d_tax FROM district WHERE d_id = ? AND d_w_id = ?"),
  NO_DISTRICT_UPDATE("UPDATE district SET d_next_o_id = ? + 1 WHERE d_id = ? AND d_w_id = ?"),
  NO_ORDER_INSERT(
      "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)"
          + " VALUES(?, ?, ?, ?, ?, ?, ?)"),
  NO_NEW_ORDER_INSERT("INSERT INTO new_orders (no_o_id, no_d_id, no_w_id) VALUES (?,?,?)"),
  NO_ITEM("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?"),
  NO_STOCK(
      "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07,"
          + " s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = ? AND s_w_id = ?"),
  NO_STOCK_UPDATE("UPDATE stock SET s_quantity = ? WHERE s_i_id = ? AND s_w_id = ?"),
  NO_ORDER_LINE_INSERT(
      "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
          + " ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),

  PAY_WAREHOUSE_UPDATE("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?"),
  PAY_WAREHOUSE(
      "SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse WHERE w_id = ?"),
  PAY_DISTRICT_UPDATE("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"),
  PAY_DISTRICT(
      "SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district"
          + " WHERE d_w_id = ? AND d_id = ?"),
  PAY_NAME_COUNT("SELECT count(c_id) FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?"),
  PAY_NAME_IDS(
      "SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
  PAY_CUSTOMER(
      "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone,"
          + " c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer"
          + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAY_CUSTOMER_DATA("SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAY_CUSTOMER_UPDATE_DATA(
      "UPDATE customer SET c_balance = ?, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAY_CUSTOMER_UPDATE(
      "UPDATE customer SET c_balance = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAY_HISTORY_INSERT(
      "INSERT INTO history(h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
          + " VALUES(?, ?, ?, ?, ?, ?, ?, ?)"),

  OS_NAME_COUNT("SELECT count(c_id) FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ?"),
  OS_NAME_CUSTOMERS(
      "SELECT c_balance, c_first, c_middle, c_last FROM customer"
          + " WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
  OS_CUSTOMER(
      "SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  OS_LAST_ORDER(
      "SELECT o_id, o_entry_d, COALESCE(o_carrier_id,0) FROM orders WHERE o_w_id = ? AND o_d_id = ?"
          + " AND o_c_id = ? AND o_id = (SELECT MAX(o_id) FROM orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?)"),
  OS_ORDER_LINES(
      "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line"
          + " WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),

  DL_OLDEST_NEW_ORDER(
      "SELECT COALESCE(MIN(no_o_id),0) FROM new_orders WHERE no_d_id = ? AND no_w_id = ?"),
  DL_NEW_ORDER_DELETE("DELETE FROM new_orders WHERE no_o_id = ? AND no_d_id = ? AND no_w_id = ?"),
  DL_ORDER_CUSTOMER("SELECT o_c_id FROM orders WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?"),
  DL_ORDER_UPDATE(
      "UPDATE orders SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?"),
  DL_ORDER_LINE_UPDATE(
      "UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?"),
  DL_ORDER_LINE_SUM(
      "SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?"),
  DL_CUSTOMER_UPDATE(
      "UPDATE customer SET c_balance = c_balance + ? , c_delivery_cnt = c_delivery_cnt + 1"
          + " WHERE c_id = ? AND c_d_id = ? AND c_w_id = ?"),

  SL_NEXT_ORDER("SELECT d_next_o_id FROM district WHERE d_id = ? AND d_w_id = ?"),
  SL_RECENT_ITEMS(
      "SELECT DISTINCT ol_i_id FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ?"
          + " AND ol_o_id >= (? - 20)"),
  SL_STOCK_COUNT("SELECT count(*) FROM stock WHERE s_w_id = ? AND s_i_id = ? AND s_quantity < ?"),
  /**
   * The faithful variant's Order-Status by name: the customer's id too, whose last order it then
   * reads.
   */
  OS_NAME_CUSTOMERS_WITH_ID(
      "SELECT c_balance, c_first, c_middle, c_last, c_id FROM customer"
          + " WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
  /**
   * The specification's Stock-Level (2.8.2.2): distinct items of the last 20 orders whose stock is
   * low, one join.
   */
  SL_LOW_STOCK_JOIN(
      "SELECT COUNT(DISTINCT s_i_id) FROM order_line JOIN stock ON s_i_id = ol_i_id"
          + " WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= (? - 20) AND s_w_id = ? AND s_quantity < ?");

  private final String text;

  Sql(String text) {
    this.text = text;
  }

  /** The statement's SQL text, the same on every engine. */
  public String text() {
    return text;
  }
}
