package io.kitesql.bench.tpcc;

import io.kitesql.bench.tpcc.TpccEngine.Tx;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The specification's consistency conditions 1–4 (clause 3.3.2) for the one warehouse, read in one
 * transaction of the engine:
 *
 * <ol>
 *   <li>{@code W_YTD} = sum of its districts' {@code D_YTD};
 *   <li>per district, {@code D_NEXT_O_ID - 1} = max({@code O_ID}) = max({@code NO_O_ID});
 *   <li>per district, max({@code NO_O_ID}) - min({@code NO_O_ID}) + 1 = the number of its
 *       new_orders rows;
 *   <li>per district, sum({@code O_OL_CNT}) = the number of its order_line rows.
 * </ol>
 *
 * Money is compared to the cent (SQLite keeps these decimals as floating point).
 */
final class Consistency {
  private static final BigDecimal CENT = new BigDecimal("0.01");

  /**
   * What the checks found.
   *
   * @param checked conditions evaluated (condition 1 once, 2–4 once per district each)
   * @param violations one line per condition that does not hold
   */
  record Result(int checked, List<String> violations) {}

  private Consistency() {}

  static Result check(TpccEngine engine) throws Exception {
    var violations = new ArrayList<String>();
    int[] checked = {0};
    try (var session = engine.session()) {
      session.run(
          true,
          tx -> {
            int w = 1;
            var ytd = decimal(tx, "SELECT w_ytd FROM warehouse WHERE w_id = ?", w);
            var districts = decimal(tx, "SELECT sum(d_ytd) FROM district WHERE d_w_id = ?", w);
            checked[0]++;
            if (ytd.subtract(districts).abs().compareTo(CENT) >= 0) {
              violations.add("1: w_ytd " + ytd + " but the districts' d_ytd sum to " + districts);
            }
            for (int d = 1; d <= Tpcc.DISTRICTS; d++) {
              district(tx, w, d, violations);
              checked[0] += 3;
            }
          });
    }
    return new Result(checked[0], List.copyOf(violations));
  }

  private static void district(Tx tx, int w, int d, List<String> violations) throws Exception {
    long next = number(tx, "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?", w, d);
    long maxOrder =
        number(tx, "SELECT max(o_id) FROM orders WHERE o_w_id = ? AND o_d_id = ?", w, d);
    long newOrders =
        number(tx, "SELECT count(*) FROM new_orders WHERE no_w_id = ? AND no_d_id = ?", w, d);
    long maxNew =
        number(tx, "SELECT max(no_o_id) FROM new_orders WHERE no_w_id = ? AND no_d_id = ?", w, d);
    long minNew =
        number(tx, "SELECT min(no_o_id) FROM new_orders WHERE no_w_id = ? AND no_d_id = ?", w, d);
    if (next - 1 != maxOrder || newOrders > 0 && next - 1 != maxNew) {
      violations.add(
          "2: district "
              + d
              + ": d_next_o_id - 1 = "
              + (next - 1)
              + ", max(o_id) = "
              + maxOrder
              + ", max(no_o_id) = "
              + (newOrders > 0 ? maxNew : "none"));
    }
    if (newOrders > 0 && maxNew - minNew + 1 != newOrders) {
      violations.add(
          "3: district "
              + d
              + ": new_orders "
              + minNew
              + ".."
              + maxNew
              + " but "
              + newOrders
              + " rows");
    }
    long lines =
        number(tx, "SELECT sum(o_ol_cnt) FROM orders WHERE o_w_id = ? AND o_d_id = ?", w, d);
    long lineRows =
        number(tx, "SELECT count(*) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ?", w, d);
    if (lines != lineRows) {
      violations.add(
          "4: district "
              + d
              + ": sum(o_ol_cnt) = "
              + lines
              + " but "
              + lineRows
              + " order_line rows");
    }
  }

  private static BigDecimal decimal(Tx tx, String sql, Object... parameters) throws Exception {
    try (var r = tx.query(sql, parameters)) {
      if (!r.next() || r.isNull(0)) {
        throw new IllegalStateException("no value from " + sql);
      }
      return r.getDecimal(0);
    }
  }

  private static long number(Tx tx, String sql, Object... parameters) throws Exception {
    try (var r = tx.query(sql, parameters)) {
      return r.next() && !r.isNull(0) ? r.getLong(0) : 0;
    }
  }
}
